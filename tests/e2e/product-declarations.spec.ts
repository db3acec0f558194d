import { expect, test, type Locator, type Page } from "@playwright/test";
import { main } from "../support/accounts";
import { expectNoAxeViolations } from "../support/axe";
import { ALL_PRODUCTS, CATALOG, PC_PARTS, productPath, type DemoItem } from "../support/catalog";
import { DELHI_ADDRESS, addToCart, expectNoHorizontalScroll, openCheckout, registerShopper, shipTo } from "../support/checkout";
import { productCards } from "../support/shop";
import { waitForHydration } from "../support/hydration";
import { registerVendor } from "../support/products";

/**
 * What a shopper is told before buying (docs/product-rules.md, "Product declarations"): every demo
 * product's page shows them under "Product details", and the product form refuses a product
 * without them, one message per field.
 */

function details(page: Page): Locator {
  return page.getByRole("region", { name: "Product details" });
}

/** The value beside a label in Product details. */
function value(page: Page, label: string): Locator {
  return details(page).locator("div").filter({ has: page.getByRole("term").getByText(label, { exact: true }) }).getByRole("definition");
}

/** Written out by hand from the seed: a change there shows up here. */
const EXPECTED: Record<string, { country: string; manufacturer: string; importer: string | null; mrp: string; warranty: string; hsn: string }> = {
  [CATALOG.gamingPc.id]: { country: "India", manufacturer: "RC Computers", importer: null, mrp: "₹1,89,990", warranty: "1 year from the seller", hsn: "8471 50 00" },
  [CATALOG.asusTuf.id]: { country: "China", manufacturer: "ASUSTeK Computer Inc.", importer: "ASUS India Pvt. Ltd.", mrp: "₹1,09,990", warranty: "1 year from the manufacturer", hsn: "8471 30 10" },
  [CATALOG.samsungSsd.id]: {
    country: "South Korea",
    manufacturer: "Samsung Electronics Co., Ltd.",
    importer: "Samsung India Electronics Pvt. Ltd.",
    mrp: "₹22,999",
    warranty: "5 years from the manufacturer",
    hsn: "8471 70 20",
  },
  [CATALOG.sonyHeadphones.id]: { country: "Malaysia", manufacturer: "Sony Corporation", importer: "Sony India Pvt. Ltd.", mrp: "₹39,990", warranty: "1 year from the manufacturer", hsn: "8518 30 00" },
  // A PC part, imported by its demo seller.
  [PC_PARTS.b850Tomahawk.id]: {
    country: "China",
    manufacturer: "Micro-Star International Co., Ltd.",
    importer: "Vardhan Infotech Distributors Pvt. Ltd.",
    mrp: "₹34,990",
    warranty: "3 years from the manufacturer",
    hsn: "8473 30",
  },
};

async function expectDeclarations(page: Page, p: DemoItem) {
  await page.goto(productPath(p));
  await expect(details(page).getByRole("heading", { level: 2, name: "Product details" })).toBeVisible();
  for (const label of ["Country of origin", "Manufacturer", "Net quantity", "MRP", "Warranty", "Consumer care", "HSN code"]) {
    await expect(value(page, label), `${p.name}: ${label}`).not.toBeEmpty();
  }
  await expect(value(page, "MRP")).toContainText("(inclusive of all taxes)");
  const expected = EXPECTED[p.id];
  if (!expected) return;
  await expect(value(page, "Country of origin")).toHaveText(expected.country);
  await expect(value(page, "Manufacturer")).toContainText(expected.manufacturer);
  await expect(value(page, "MRP")).toHaveText(`${expected.mrp} (inclusive of all taxes)`);
  await expect(value(page, "Warranty")).toHaveText(expected.warranty);
  await expect(value(page, "HSN code")).toHaveText(expected.hsn);
  if (expected.importer) await expect(value(page, "Importer")).toContainText(expected.importer);
  else await expect(details(page).getByRole("term").getByText("Importer", { exact: true })).toHaveCount(0);
}

const FIELD_MESSAGES: [string, string][] = [
  ["Country of origin", "Please choose the country of origin."],
  ["Manufacturer's name", "Please enter the manufacturer's name."],
  ["Manufacturer's address", "Please enter the manufacturer's address."],
  ["Net quantity", "Please enter the net quantity, for example 1 unit."],
  ["MRP (₹)", "Please enter the MRP."],
  ["HSN code", "Please enter the HSN code."],
  ["Warranty (months)", "Please enter the warranty in months (0 for none)."],
  ["Warranty given by", "Please choose who gives the warranty."],
  ["Consumer care", "Please enter the consumer care contact: a phone number or email, and an address."],
];

async function expectRefusedDeclarations(page: Page) {
  await page.goto("/vendor/products/new");
  await waitForHydration(page);
  await expect(main(page).getByRole("group", { name: "Declarations" })).toBeVisible();
  await main(page).getByRole("button", { name: "Add Product" }).click();
  for (const [label, message] of FIELD_MESSAGES) {
    const input = main(page).getByLabel(label, { exact: true });
    await expect(input, label).toHaveAttribute("aria-invalid", "true");
    await expect(input, label).toHaveAccessibleDescription(new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  }
  // Made outside India, the importer is needed, and the MRP may not be below the price with GST.
  await main(page).getByLabel("Price (₹)", { exact: true }).fill("82990");
  await main(page).getByLabel("Country of origin", { exact: true }).selectOption("CN");
  await main(page).getByLabel("MRP (₹)", { exact: true }).fill("90000");
  await main(page).getByRole("button", { name: "Add Product" }).click();
  await expect(main(page).getByLabel("Importer's name", { exact: true })).toHaveAccessibleDescription(/^Please enter the importer's name: the product is made outside India\./);
  await expect(main(page).getByLabel("MRP (₹)", { exact: true })).toHaveAccessibleDescription(/^The MRP must be at least ₹97,928\.20, the price with GST\./);
  await expect(main(page).getByLabel("MRP (₹)", { exact: true })).toHaveValue("90000");
}

test.describe("product declarations", () => {
  test("every demo product's page shows its declarations", async ({ page }) => {
    test.slow(); // every demo product's page, and axe
    for (const p of ALL_PRODUCTS) await expectDeclarations(page, p);
    await page.goto(productPath(CATALOG.asusTuf));
    // ₹82,990 + GST = ₹97,928.20 against an MRP of ₹1,09,990: the MRP struck through, the saving beside it.
    await expect(page.getByText(/^M\.R\.P\. ₹1,09,990 \(inclusive of all taxes\) · You save ₹12,062 \(10%\)$/)).toBeVisible();
    await expect(page.locator("s", { hasText: "₹1,09,990" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("cards, the cart and checkout strike the MRP through with the saving", async ({ page }) => {
    test.slow(); // a sign-up, the cart and checkout, with axe on each
    // ₹82,990 + 18% GST = ₹97,928.20 against an MRP of ₹1,09,990: ₹12,062 (10%) saved.
    const saving = "M.R.P. ₹1,09,990 · Save ₹12,062 (10%)";
    await page.goto("/products?category=Laptop");
    const card = productCards(main(page)).filter({ hasText: CATALOG.asusTuf.name });
    await expect(card.getByTestId("mrp-saving")).toHaveText(saving);
    await expect(card.locator("s")).toHaveText("M.R.P. ₹1,09,990");
    await expectNoAxeViolations(page, { where: "/products" });

    await registerShopper(page);
    await addToCart(page, CATALOG.asusTuf, 2);
    await page.goto("/cart");
    await expect(main(page).getByRole("listitem").filter({ hasText: CATALOG.asusTuf.name }).getByTestId("mrp-saving")).toHaveText(saving);
    await expectNoAxeViolations(page, { where: "/cart" });

    await openCheckout(page);
    await shipTo(page, DELHI_ADDRESS);
    // Two of them: ₹1,65,980 + GST = ₹1,95,856.40 against twice the MRP, ₹2,19,980.
    await expect(page.getByRole("complementary", { name: "Order Summary" }).getByTestId("mrp-saving")).toHaveText("M.R.P. ₹2,19,980 · Save ₹24,124 (10%)");
  });

  test("the vendor's form refuses a product without declarations, one message per field", async ({ page }) => {
    await registerVendor(page, "pd");
    await expectRefusedDeclarations(page);
    await expectNoAxeViolations(page);
  });

  test("on a phone: the declarations fit and the form refuses an empty one @mobile", async ({ page }) => {
    for (const p of [CATALOG.gamingPc, CATALOG.asusTuf, CATALOG.samsungSsd, CATALOG.sonyHeadphones]) await expectDeclarations(page, p);
    await expectNoHorizontalScroll(page, "product details");
    await expectNoAxeViolations(page);
    await registerVendor(page, "pdm");
    await expectRefusedDeclarations(page);
    await expectNoHorizontalScroll(page, "declarations form");
    await expectNoAxeViolations(page);
  });
});
