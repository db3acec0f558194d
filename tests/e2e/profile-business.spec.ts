import { expect, test, type Page } from "@playwright/test";
import { DEMO, signInThroughForm } from "../support/accounts";
import { expectNoAxeViolations } from "../support/axe";
import { productPath } from "../support/catalog";
import { ROUTINE, addToCart, expectCurrentStep, expectNoHorizontalScroll, registerShopper, shippingField } from "../support/checkout";
import { waitForHydration } from "../support/hydration";

// The profile's business details for GST invoices (docs/product-rules.md, "Business buyers"): the
// GSTIN and legal name that fill in checkout, set, changed and removed on the profile, checked as
// checkout checks them. At both widths, with and without JavaScript. The demo business customer is
// only looked at (other tests rely on its saved details); changes are a fresh customer's.
test.describe.configure({ timeout: 90_000 });

const SECTION = "Business details for GST invoices";
const BUSINESS = "Buying for a business? Get a GST invoice";
const GSTIN = "27AAPFU0939F1ZV";
const KARNATAKA_GSTIN = "29AAGCB7383J1Z4";
const LEGAL_NAME = "Iyer Design Studio LLP";
const CHECK_MESSAGE = "This GSTIN's last character does not match; please check it for typing mistakes";
const SAVED = "Business details saved. They fill in at checkout.";
const REMOVED = "Business details removed.";

function section(page: Page) {
  return page.getByRole("region", { name: SECTION });
}

function field(page: Page, label: "GSTIN" | "Business legal name") {
  return section(page).getByLabel(label, { exact: true });
}

async function saveBusiness(page: Page) {
  await section(page).getByRole("button", { name: "Save business details" }).click();
}

/** A broken check character: refused beside the GSTIN, what was typed kept, nothing saved. */
async function refuseBrokenGstin(page: Page, js: boolean, { legalName }: { legalName: string }) {
  await field(page, "GSTIN").fill("27AAPFU0939F1ZO");
  await field(page, "Business legal name").fill(legalName);
  await saveBusiness(page);
  await expect(section(page).getByRole("alert")).toHaveText(CHECK_MESSAGE);
  await expect(field(page, "GSTIN")).toHaveAttribute("aria-invalid", "true");
  await expect(field(page, "GSTIN")).toHaveAccessibleDescription(new RegExp(`^${CHECK_MESSAGE}.*registered in the state the goods are delivered to`));
  await expect(field(page, "GSTIN")).toHaveValue("27AAPFU0939F1ZO");
  await expect(field(page, "Business legal name")).not.toHaveAttribute("aria-invalid", "true");
  if (js) {
    await expect(field(page, "GSTIN")).toBeFocused();
    await expectNoAxeViolations(page, { where: "the refused GSTIN on the profile" });
  }
}

/** The next checkout starts with the business ticked and filled in (or, removed, not). */
async function expectCheckoutStartsWith(page: Page, js: boolean, business: { gstin: string; legalName: string } | null) {
  await page.goto("/checkout");
  if (js) await waitForHydration(page);
  await expectCurrentStep(page, "Shipping");
  if (business) await expect(shippingField(page, BUSINESS)).toBeChecked();
  else await expect(shippingField(page, BUSINESS)).not.toBeChecked();
  await expect(shippingField(page, "GSTIN")).toHaveValue(business?.gstin ?? "");
  await expect(shippingField(page, "Business legal name")).toHaveValue(business?.legalName ?? "");
}

for (const width of ["", " @mobile"]) {
  test(`the demo business customer sees its GSTIN and legal name; a broken GSTIN is refused${width}`, async ({ page }) => {
    await signInThroughForm(page, DEMO.business, { url: "/login?redirectTo=%2Fprofile" });
    await expect(page).toHaveURL(/\/profile$/);
    await waitForHydration(page);
    await expect(section(page).getByRole("heading", { level: 2, name: SECTION })).toBeVisible();
    await expect(section(page)).toContainText("fill in at checkout");
    await expect(section(page)).toContainText("An invoice already issued keeps the GSTIN it was issued with.");
    await expect(field(page, "GSTIN")).toHaveValue(GSTIN);
    await expect(field(page, "Business legal name")).toHaveValue("Joshi Workstations LLP");
    await expect(section(page).getByRole("button", { name: "Remove business details" })).toBeVisible();
    await expectNoHorizontalScroll(page, "the profile");
    await expectNoAxeViolations(page, { where: "the profile with a saved business" });

    // Refused, so nothing of the demo's changes.
    await refuseBrokenGstin(page, true, { legalName: "Joshi Workstations LLP" });
    await page.reload();
    await expect(field(page, "GSTIN")).toHaveValue(GSTIN);
  });

  test(`a customer saves a GSTIN, checkout fills it in, then changes and removes it${width}`, async ({ page }) => {
    await registerShopper(page);
    await page.goto("/profile");
    await waitForHydration(page);
    await expect(field(page, "GSTIN")).toHaveValue("");
    await expect(section(page).getByRole("button", { name: "Remove business details" })).toHaveCount(0);
    await expectNoAxeViolations(page, { where: "the profile without a business" });

    // A legal name is needed with a GSTIN.
    await field(page, "GSTIN").fill(GSTIN);
    await saveBusiness(page);
    await expect(field(page, "Business legal name")).toHaveAccessibleDescription(/^Please enter the business's legal name, as on its GST registration/);
    await expect(field(page, "Business legal name")).toBeFocused();
    await refuseBrokenGstin(page, true, { legalName: LEGAL_NAME });

    // Saved as written on the registration: upper case, no spaces.
    await field(page, "GSTIN").fill(" 27aapfu0939f1zv ");
    await saveBusiness(page);
    await expect(section(page).getByRole("status")).toHaveText(SAVED);
    await expect(section(page).getByRole("status")).toBeInViewport();
    await expect(field(page, "GSTIN")).toHaveValue(GSTIN);
    await expect(field(page, "GSTIN")).not.toHaveAttribute("aria-invalid", "true");
    await expectNoHorizontalScroll(page, "the profile after saving");

    await addToCart(page, ROUTINE.keyboard, 1);
    await expectCheckoutStartsWith(page, true, { gstin: GSTIN, legalName: LEGAL_NAME });

    // Changed: any state's GSTIN (the place of supply is checked at checkout, against the address).
    await page.goto("/profile");
    await waitForHydration(page);
    await field(page, "GSTIN").fill(KARNATAKA_GSTIN);
    await field(page, "Business legal name").fill("Iyer Systems Private Limited");
    await saveBusiness(page);
    await expect(section(page).getByRole("status")).toHaveText(SAVED);
    await page.reload();
    await expect(field(page, "GSTIN")).toHaveValue(KARNATAKA_GSTIN);
    await expect(field(page, "Business legal name")).toHaveValue("Iyer Systems Private Limited");

    // Removed: the fields empty, and checkout asks afresh.
    await section(page).getByRole("button", { name: "Remove business details" }).click();
    await expect(section(page).getByRole("status")).toHaveText(REMOVED);
    await expect(field(page, "GSTIN")).toHaveValue("");
    await expect(field(page, "Business legal name")).toHaveValue("");
    await expect(section(page).getByRole("button", { name: "Remove business details" })).toHaveCount(0);
    await expectCheckoutStartsWith(page, true, null);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const width of ["", " @mobile"]) {
    test(`the business details are refused, saved and removed by plain form posts${width}`, async ({ page }) => {
      await registerShopper(page);
      await page.goto(productPath(ROUTINE.keyboard));
      await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
      await expect(page).toHaveURL("/cart");

      await page.goto("/profile");
      await refuseBrokenGstin(page, false, { legalName: LEGAL_NAME });
      await expect(field(page, "Business legal name")).toHaveValue(LEGAL_NAME);

      await field(page, "GSTIN").fill(GSTIN.toLowerCase());
      await saveBusiness(page);
      await expect(page).toHaveURL(/\/profile\?business=saved#business-heading$/);
      await expect(section(page).getByRole("status")).toHaveText(SAVED);
      await expect(field(page, "GSTIN")).toHaveValue(GSTIN);
      await expect(field(page, "Business legal name")).toHaveValue(LEGAL_NAME);
      await expectNoHorizontalScroll(page, "the profile after saving");

      await expectCheckoutStartsWith(page, false, { gstin: GSTIN, legalName: LEGAL_NAME });

      // Both fields emptied removes them too.
      await page.goto("/profile");
      await field(page, "GSTIN").fill("");
      await field(page, "Business legal name").fill("");
      await saveBusiness(page);
      await expect(page).toHaveURL(/\/profile\?business=removed#business-heading$/);
      await expect(section(page).getByRole("status")).toHaveText(REMOVED);
      await expect(field(page, "GSTIN")).toHaveValue("");
      await expectCheckoutStartsWith(page, false, null);
    });
  }
});
