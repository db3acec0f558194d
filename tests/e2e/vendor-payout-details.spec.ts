import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { DEMO, fillVendorRegistration, main, newVendor, open, signInVendor } from "../support/accounts";
import { expectNoHorizontalScroll } from "../support/checkout";
import { withE2eDatabase } from "../support/db";
import { expectFieldError, flash } from "../support/vendor-orders";

/**
 * A seller's payout bank account on /vendor/payments/details: shown masked, changed through a
 * form that works without JavaScript. Each test registers a seller of its own, so the demo
 * sellers' seeded accounts stay as they are (the first test only reads vendor-1's).
 */

test.describe.configure({ timeout: 90_000 });

const PAGE = "/vendor/payments/details";
const MESSAGES = {
  accountNumber: "Enter a valid account number: 9 to 18 digits.",
  confirm: "The account numbers do not match. Type the same number in both fields.",
  ifsc: "Enter a valid IFSC: 11 characters, like HDFC0001234 (4 letters, a zero, then 6 letters or digits).",
};

/** Opens a page, waiting for React where the page runs scripts. */
async function visit(page: Page, url: string, js: boolean) {
  if (js) await open(page, url);
  else await page.goto(url);
}

async function registerSeller(page: Page, js = true) {
  const v = newVendor("payout");
  await visit(page, "/vendor/register", js);
  await fillVendorRegistration(page, v);
  await main(page).getByRole("button", { name: "Register as Vendor" }).click();
  await page.waitForURL("**/vendor/dashboard");
  return v;
}

function form(page: Page) {
  return main(page).getByRole("form", { name: /account$/ });
}

async function fill(page: Page, d: { holder: string; number: string; confirm: string; ifsc: string }) {
  const f = form(page);
  await f.getByLabel("Account holder name").fill(d.holder);
  await f.getByLabel("Account number", { exact: true }).fill(d.number);
  await f.getByLabel("Confirm account number").fill(d.confirm);
  await f.getByLabel("IFSC").fill(d.ifsc);
  await f.getByRole("button", { name: "Save payout details" }).click();
}

/** What the database holds for a seller, by its owner's email. */
function stored(email: string) {
  return withE2eDatabase((db) => {
    const row = db
      .prepare(
        `select a.* from vendor_payout_accounts a join vendors v on v.id = a.vendor_id join user u on u.id = v.owner_user_id where u.email = ?`,
      )
      .get(email) as Record<string, unknown> | undefined;
    const mails = db.prepare("select subject, text_body from mail where to_address = ? and kind = 'vendor-payout-account-changed'").all(email) as { subject: string; text_body: string }[];
    return { row, mails };
  });
}

async function expectBadInputRefused(page: Page, holder: string) {
  await fill(page, { holder, number: "12345", confirm: "12345", ifsc: "hdfc1234567" });
  const f = form(page);
  await expectFieldError(f.getByLabel("Account number", { exact: true }), `${MESSAGES.accountNumber} 9 to 18 digits`);
  await expectFieldError(f.getByLabel("IFSC"), `${MESSAGES.ifsc} 11 characters, on your cheque book or passbook, like HDFC0001234`);
  await expect(f.getByRole("alert")).toHaveText("Please correct the highlighted fields.");
  // What was typed stays, except the account number.
  await expect(f.getByLabel("Account holder name")).toHaveValue(holder);
  await expect(f.getByLabel("IFSC")).toHaveValue("hdfc1234567");
  await expect(f.getByLabel("Account number", { exact: true })).toHaveValue("");
  await expect(f.getByLabel("Confirm account number")).toHaveValue("");

  await fill(page, { holder, number: "501001239876", confirm: "501001239875", ifsc: "HDFC0001234" });
  await expectFieldError(f.getByLabel("Confirm account number"), MESSAGES.confirm);
}

test.describe("vendor payout details", () => {
  test("a seller adds a bank account: told what is wrong beside each field, then shown it masked and mailed", async ({ page }) => {
    // The demo's vendor-1 was given an account at seed time.
    await signInVendor(page, DEMO.vendor1);
    await open(page, PAGE);
    await expect(main(page).getByRole("heading", { level: 1, name: "Payout details" })).toBeVisible();
    const current = main(page).getByRole("region", { name: "Current account" });
    await expect(current).toContainText("••••••4567");
    await expect(current).toContainText("HDFC0001234");
    await page.context().clearCookies();

    const v = await registerSeller(page);
    await open(page, PAGE);
    await expect(main(page).getByRole("region", { name: "Current account" })).toContainText("No payout account yet");
    await expectNoAxeViolations(page, { where: "no account yet" });

    await expectBadInputRefused(page, v.name);
    await expectNoAxeViolations(page, { where: "fields refused" });

    await fill(page, { holder: v.name, number: "5010 0123 9876", confirm: "501001239876", ifsc: "hdfc0001234" });
    await expect(flash(page, "Payout details saved. We have emailed you about the change.")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
    const shown = main(page).getByRole("region", { name: "Current account" });
    await expect(shown).toContainText("••••••9876");
    await expect(shown).toContainText("HDFC0001234");
    await expect(shown).toContainText(`by ${v.name}`);

    const { row, mails } = stored(v.email);
    expect(row).toMatchObject({ account_number_masked: "••••••9876", ifsc: "HDFC0001234", razorpay_account_id: null });
    expect(JSON.stringify(row)).not.toContain("501001239876");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Your payout bank account was changed");
    expect(mails[0]!.text_body).toContain("••••••9876");
  });

  test("fits a phone and reads well there @mobile", async ({ page }) => {
    const v = await registerSeller(page);
    await open(page, PAGE);
    await expectNoHorizontalScroll(page, "payout details");
    await fill(page, { holder: v.name, number: "602002341111", confirm: "602002341111", ifsc: "ICIC0002345" });
    await expect(flash(page, "Payout details saved.")).toBeVisible();
    await expect(main(page).getByRole("region", { name: "Current account" })).toContainText("••••••1111");
    await expectNoHorizontalScroll(page, "payout details saved");
    await expectNoAxeViolations(page, { where: "payout details on a phone" });
  });
});

test.describe("vendor payout details without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form refuses and saves by plain posts", async ({ page }) => {
    const v = await registerSeller(page, false);
    await visit(page, PAGE, false);
    await expectBadInputRefused(page, v.name);
    await fill(page, { holder: v.name, number: "700003332222", confirm: "700003332222", ifsc: "SBIN0001234" });
    await expect(flash(page, "Payout details saved.")).toBeVisible();
    await expect(main(page).getByRole("region", { name: "Current account" })).toContainText("••••••2222");
    expect(stored(v.email).row).toMatchObject({ account_number_masked: "••••••2222", ifsc: "SBIN0001234" });
  });
});
