import { expect, test, type Locator, type Page } from "@playwright/test";
import { main } from "../support/accounts";
import { waitForHydration } from "../support/hydration";
import { fillDeclarations, productById, productIdNamed, registerVendor, tag } from "../support/products";

test.describe.configure({ timeout: 90_000 });

/** The product form's typed attributes (issue 14): one box per attribute of the chosen category. */

function details(page: Page, category: string): Locator {
  return main(page).getByRole("group", { name: `${category} details` });
}

function box(page: Page, category: string, label: string): Locator {
  return details(page, category).getByLabel(label, { exact: true });
}

async function expectMessage(input: Locator, message: string) {
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(input).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
}

async function fillBasics(page: Page, name: string, category: string) {
  await main(page).getByLabel("Name", { exact: true }).fill(name);
  await main(page).getByLabel("Description", { exact: true }).fill("A typed product made by a browser test.");
  await main(page).getByLabel("Price (₹)", { exact: true }).fill("64990");
  await main(page).getByLabel("Stock", { exact: true }).fill("6");
  await main(page).getByLabel("Category", { exact: true }).selectOption(category);
  await fillDeclarations(page);
}

for (const js of [true, false]) {
  test(`a vendor fills a laptop's attributes, is told what is wrong, and they are stored normalised${js ? "" : " (without JavaScript)"}`, async ({ page, browser }) => {
    await registerVendor(page, "ts");
    let form = page;
    if (!js) {
      const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
      form = await context.newPage();
    }
    await form.goto("/vendor/products/new");
    if (js) await waitForHydration(form);

    // Only the chosen category's attributes show, and they follow the category select.
    await expect(details(form, "Laptop")).toBeHidden();
    const name = `Typed ${tag()} Laptop`;
    await fillBasics(form, name, "Monitor");
    await expect(details(form, "Monitor")).toBeVisible();
    await expect(details(form, "Laptop")).toBeHidden();
    await main(form).getByLabel("Category", { exact: true }).selectOption("Laptop");
    await expect(details(form, "Laptop")).toBeVisible();
    await expect(details(form, "Monitor")).toBeHidden();

    await box(form, "Laptop", "Brand").fill("Aurora");
    await box(form, "Laptop", "RAM (GB)").fill("16gb");
    await box(form, "Laptop", "Storage (GB)").fill("1 TB");
    await box(form, "Laptop", "Screen Size (inches)").fill("15.6");
    await box(form, "Laptop", "Refresh Rate (Hz)").fill("fast");
    await box(form, "Laptop", "Weight (kg)").fill("1800 g");
    await box(form, "Laptop", "Operating System").selectOption("Windows 11 Home");
    await box(form, "Laptop", "Storage Type").selectOption("NVMe SSD");
    await main(form).getByLabel("Specification 1 name", { exact: true }).fill("Warranty");
    await main(form).getByLabel("Specification 1 value", { exact: true }).fill("2 years onsite");
    await main(form).getByRole("button", { name: "Add Product" }).click();

    // Refused: the message sits beside the box, and everything typed is still there.
    await expectMessage(box(form, "Laptop", "Refresh Rate (Hz)"), "Please enter Refresh Rate in Hz as a number, for example 144.");
    await expect(box(form, "Laptop", "RAM (GB)")).toHaveValue("16gb");
    await expect(box(form, "Laptop", "Storage (GB)")).toHaveValue("1 TB");
    await expect(box(form, "Laptop", "Operating System")).toHaveValue("Windows 11 Home");
    await expect(box(form, "Laptop", "RAM (GB)")).toHaveAttribute("aria-invalid", "false");
    await expect(details(form, "Laptop")).toBeVisible();

    await box(form, "Laptop", "Refresh Rate (Hz)").fill("300");
    await box(form, "Laptop", "RAM (GB)").fill("2048");
    await main(form).getByRole("button", { name: "Add Product" }).click();
    await expectMessage(box(form, "Laptop", "RAM (GB)"), "RAM must be from 1 GB to 512 GB.");
    await box(form, "Laptop", "RAM (GB)").fill("16 GB");
    await main(form).getByRole("button", { name: "Add Product" }).click();
    await expect(form).toHaveURL(/\/vendor\/products$/);

    const id = productIdNamed(name);
    expect(JSON.parse(productById(id)!.specifications)).toEqual({
      brand: "Aurora",
      ram: "16",
      storage: "1000",
      storageType: "NVMe SSD",
      screenSize: "15.6",
      refreshRate: "300",
      weight: "1.8",
      operatingSystem: "Windows 11 Home",
      Warranty: "2 years onsite",
    });

    // The edit form shows each value in its box, in the attribute's unit.
    await form.goto(`/vendor/products/${id}/edit`);
    await expect(details(form, "Laptop")).toBeVisible();
    await expect(box(form, "Laptop", "Storage (GB)")).toHaveValue("1000");
    await expect(box(form, "Laptop", "Weight (kg)")).toHaveValue("1.8");
    await expect(box(form, "Laptop", "Operating System")).toHaveValue("Windows 11 Home");
    await expect(main(form).getByLabel("Specification 1 name", { exact: true })).toHaveValue("Warranty");
    if (!js) await form.context().close();
  });
}
