import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { fillVendorRegistration, main, newVendor, open, signInAdmin } from "../support/accounts";
import { expectNoHorizontalScroll } from "../support/checkout";
import { withE2eDatabase } from "../support/db";
import { expectFieldError, flash } from "../support/vendor-orders";

/**
 * Delivery-date settings: a seller's dispatch PIN, handling time and cut-off on /vendor/dispatch,
 * and the admin's holidays on /admin/delivery/calendar, at desktop and phone widths. Each seller
 * test registers a seller of its own; each width adds a holiday on a day of its own.
 */

test.describe.configure({ timeout: 90_000 });

for (const [width, tag, holiday] of [
  ["desktop", "", "2028-05-10"],
  ["phone", " @mobile", "2028-05-11"],
] as const) {
  test.describe(`delivery settings (${width})${tag}`, () => {
    test(`a seller sets a dispatch PIN and changes the cut-off, and sees them saved${tag}`, async ({ page }) => {
      const v = newVendor("dispatch");
      await open(page, "/vendor/register");
      await fillVendorRegistration(page, v);
      await main(page).getByRole("button", { name: "Register as Vendor" }).click();
      await page.waitForURL("**/vendor/dashboard");

      await page.getByRole("navigation", { name: "Vendor" }).getByRole("link", { name: "Dispatch" }).click();
      await expect(page).toHaveURL(/\/vendor\/dispatch$/);
      await expect(main(page).getByRole("heading", { level: 1, name: "Dispatch settings" })).toBeVisible();
      const current = main(page).getByRole("region", { name: "Now in use" });
      await expect(current).toContainText("Not set: your products show no delivery date");
      await expect(current).toContainText("14:00 (India time)");
      await expectNoAxeViolations(page, { where: "dispatch settings" });
      if (tag) await expectNoHorizontalScroll(page, "dispatch settings");

      const form = main(page).getByRole("form", { name: "Change your settings" });
      // A PIN starting with 0 is refused beside the field, and what was typed stays.
      await form.getByLabel("Dispatch PIN code").fill("012345");
      await form.getByRole("button", { name: "Save dispatch settings" }).click();
      await expectFieldError(form.getByLabel("Dispatch PIN code"), "Enter the 6-digit PIN code you dispatch from. It cannot start with 0. The 6-digit PIN code of the place your parcels leave from");
      await expect(form.getByLabel("Dispatch PIN code")).toHaveValue("012345");
      await expectNoAxeViolations(page, { where: "dispatch settings refused" });

      await form.getByLabel("Dispatch PIN code").fill("560002");
      await form.getByLabel("Handling time (business days)").fill("2");
      await form.getByLabel("Daily cut-off (India time)").fill("16:30");
      await form.getByRole("button", { name: "Save dispatch settings" }).click();
      await expect(flash(page, "Dispatch settings saved.")).toBeVisible();
      await expect(current).toContainText("560002");
      await expect(current).toContainText("2 business days");
      await expect(current).toContainText("16:30 (India time)");
      await expect(current).toContainText(/is dispatched on (Mon|Tue|Wed|Thu|Fri|Sat), \d{1,2} [A-Z][a-z]{2}/);

      // After a reload the form holds the saved values.
      await page.reload();
      await expect(form.getByLabel("Daily cut-off (India time)")).toHaveValue("16:30");
      await expect(form.getByLabel("Handling time (business days)")).toHaveValue("2");
    });

    test(`the admin adds a holiday, is told of a duplicate, and removes it${tag}`, async ({ page }) => {
      await signInAdmin(page);
      await open(page, "/admin/delivery/calendar");
      await expect(main(page).getByRole("heading", { level: 1, name: "Delivery calendar" })).toBeVisible();
      await expect(main(page).getByRole("region", { name: "Metros", exact: true })).toContainText("4000, 4001");
      await expect(main(page).getByRole("region", { name: "Holidays", exact: true })).toContainText("Republic Day");
      await expectNoAxeViolations(page, { where: "delivery calendar" });
      if (tag) await expectNoHorizontalScroll(page, "delivery calendar");

      const label = holiday === "2028-05-10" ? "Wed, 10 May 2028" : "Thu, 11 May 2028";
      const form = main(page).getByRole("form", { name: "Add a holiday" });
      await form.getByLabel("Date").fill(holiday);
      await form.getByLabel("Holiday name").fill("Warehouse stocktake");
      await form.getByRole("button", { name: "Add a holiday" }).click();
      await expect(flash(page, `Warehouse stocktake on ${label} added to the holidays.`)).toBeVisible();
      const row = main(page).getByRole("region", { name: "Holidays", exact: true }).getByRole("row", { name: new RegExp(`${label}.*Warehouse stocktake`) });
      await expect(row).toBeVisible();

      await form.getByLabel("Date").fill(holiday);
      await form.getByLabel("Holiday name").fill("Again");
      await form.getByRole("button", { name: "Add a holiday" }).click();
      await expectFieldError(form.getByLabel("Date"), `${label} is already a holiday: Warehouse stocktake.`);
      await expectNoAxeViolations(page, { where: "delivery calendar, duplicate refused" });

      await row.getByRole("button", { name: `Remove Warehouse stocktake on ${label}` }).click();
      await expect(flash(page, `Warehouse stocktake on ${label} removed from the holidays.`)).toBeVisible();
      await expect(row).toHaveCount(0);

      // A seller's dispatch settings, as the admin sees them.
      const ownerId = withE2eDatabase((db) => (db.prepare("select owner_user_id from vendors where id = 'vendor-3'").get() as { owner_user_id: string }).owner_user_id);
      await open(page, `/admin/users/${ownerId}/dispatch`);
      await expect(main(page).getByRole("form", { name: "Dispatch PIN, handling time and cut-off" }).getByLabel("Dispatch PIN code")).toHaveValue("560002");
      await expectNoAxeViolations(page, { where: "a seller's dispatch settings, admin" });
      if (tag) await expectNoHorizontalScroll(page, "a seller's dispatch settings, admin");
    });
  });
}

test.describe("delivery settings without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a seller's form and the admin's per-seller form post and save before any script", async ({ browser }) => {
    const seller = await browser.newPage();
    const v = newVendor("dispatch-nojs");
    await seller.goto("/vendor/register");
    await fillVendorRegistration(seller, v);
    await main(seller).getByRole("button", { name: "Register as Vendor" }).click();
    await seller.waitForURL("**/vendor/dashboard");
    await seller.goto("/vendor/dispatch");
    const form = main(seller).getByRole("form", { name: "Change your settings" });
    await form.getByLabel("Dispatch PIN code").fill("700001");
    await form.getByLabel("Handling time (business days)").fill("11");
    await form.getByLabel("Daily cut-off (India time)").fill("11:15");
    await form.getByRole("button", { name: "Save dispatch settings" }).click();
    await expectFieldError(
      form.getByLabel("Handling time (business days)"),
      "Enter the handling time as a whole number of business days, from 0 to 10. Business days from taking an order to handing it to the courier, 0 to 10. 0 means the same day.",
    );
    await form.getByLabel("Handling time (business days)").fill("0");
    await form.getByRole("button", { name: "Save dispatch settings" }).click();
    await expect(flash(seller, "Dispatch settings saved.")).toBeVisible();
    await expect(main(seller).getByRole("region", { name: "Now in use" })).toContainText("11:15 (India time)");
    await seller.close();

    // The admin reaches a seller's settings from its account, and saves them as they were.
    const ownerId = withE2eDatabase((db) => (db.prepare("select owner_user_id from vendors where id = 'vendor-1'").get() as { owner_user_id: string }).owner_user_id);
    const admin = await browser.newPage();
    await signInAdmin(admin);
    await admin.goto(`/admin/users/${ownerId}`);
    await main(admin).getByRole("link", { name: "Dispatch settings" }).click();
    await expect(main(admin).getByRole("heading", { level: 1, name: "Dispatch settings of Vardhan Infotech Distributors Pvt. Ltd." })).toBeVisible();
    const adminForm = main(admin).getByRole("form", { name: "Dispatch PIN, handling time and cut-off" });
    await expect(adminForm.getByLabel("Dispatch PIN code")).toHaveValue("110019");
    await adminForm.getByRole("button", { name: "Save dispatch settings" }).click();
    await expect(flash(admin, "Dispatch settings saved.")).toBeVisible();
    await admin.close();
  });
});
