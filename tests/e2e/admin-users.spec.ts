import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import {
  DEMO,
  createCustomer,
  expectSignedInAs,
  fillSignIn,
  formAlert,
  main,
  newVendor,
  signIn,
  signInAdmin,
  signUp,
} from "../support/accounts";
import { accountState, adminDate, insertUsers, registerVendorByPost, rowWith, userIdByEmail, vendorOfOwner } from "../support/admin";
import { expectNoHorizontalScroll } from "../support/checkout";

const UNDER_VERIFICATION = "Your vendor account is under verification.";
const NOT_APPROVED = "Your vendor application was not approved.";

function usersTable(page: Page) {
  return main(page).getByRole("region", { name: "All users" }).getByRole("table");
}

function pendingTable(page: Page) {
  return main(page).getByRole("region", { name: "Pending vendors" }).getByRole("table");
}

/** Searches, and waits for the list's address to say so: a search still on its way would redraw the form over the next one. */
async function searchUsers(page: Page, q: string, role = "All roles") {
  await main(page).getByLabel("Search by name or email").fill(q);
  const [value] = await main(page).getByLabel("Role").selectOption({ label: role });
  await main(page).getByRole("button", { name: "Search", exact: true }).click();
  await page.waitForURL((url) => (url.searchParams.get("q") ?? "") === q && (url.searchParams.get("role") ?? "") === (value ?? ""));
}

/** A browser of its own, signed in as a fresh pending vendor, on the vendor portal. */
async function vendorBrowser(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const vendor = await registerVendorByPost(page.request, newVendor("adm-v"));
  await page.goto("/vendor/dashboard");
  await expect(page.getByText(UNDER_VERIFICATION)).toBeVisible();
  return { context, page, vendor };
}

test.describe("Manage Users", () => {
  test("lists accounts with their role and status; search by name or email, filter by role", async ({ page, request }) => {
    const customer = await createCustomer(request, "adm-list");
    await signInAdmin(page);
    await page.goto("/admin/users");
    await expect(page.getByRole("heading", { level: 1, name: "Manage Users" })).toBeVisible();
    await expect(usersTable(page).getByRole("columnheader")).toHaveText(["ID", "Name", "Email", "Role", "Joined Date", "Status", "Actions"]);

    await searchUsers(page, customer.email.toUpperCase());
    await expect(page).toHaveURL(/\?q=.*&role=$/);
    const rows = usersTable(page).getByRole("row");
    await expect(rows).toHaveCount(2);
    const cells = rows.nth(1).getByRole("cell");
    await expect(cells.nth(0)).toHaveText(userIdByEmail(customer.email));
    await expect(cells.nth(1)).toHaveText(customer.name);
    await expect(cells.nth(2)).toHaveText(customer.email);
    await expect(cells.nth(3)).toHaveText("Customer");
    await expect(cells.nth(4)).toHaveText(adminDate(new Date()));
    await expect(cells.nth(5)).toHaveText("Active");
    await expect(rows.nth(1).getByRole("link", { name: /^View/ })).toBeVisible();
    await expect(rows.nth(1).getByRole("button", { name: /^Disable/ })).toBeVisible();
    await expect(main(page).getByText("Showing 1–1 of 1 users")).toBeVisible();

    // By part of the name, any case.
    await searchUsers(page, customer.name.split(" ").pop()!.toUpperCase());
    await expect(rowWith(usersTable(page), customer.email)).toHaveCount(1);

    // Role filter: the demo administrator is an Admin, the demo vendors Vendors.
    await searchUsers(page, "rccomputers.in", "Admin");
    await expect(usersTable(page).getByRole("row")).toHaveCount(2);
    await expect(rowWith(usersTable(page), DEMO.admin.email).getByRole("cell").nth(3)).toHaveText("Admin");
    await searchUsers(page, "rccomputers.in", "Vendor");
    await expect(usersTable(page).getByRole("row")).toHaveCount(4);
    await expect(rowWith(usersTable(page), DEMO.vendor2.email).getByRole("cell").nth(3)).toHaveText("Vendor");

    await searchUsers(page, `nobody-${Date.now()}@nowhere.example`);
    await expect(main(page).getByText("No users found matching your criteria.")).toBeVisible();
  });

  test("pages through a long list, keeping the search", async ({ page }) => {
    const tag = `pg${Date.now().toString(36)}`;
    insertUsers(tag, 23);
    await signInAdmin(page);
    await page.goto(`/admin/users?q=${tag}`);
    await expect(usersTable(page).getByRole("row")).toHaveCount(21);
    await expect(main(page).getByText("Showing 1–20 of 23 users")).toBeVisible();
    // Newest first: the last inserted comes first.
    await expect(usersTable(page).getByRole("row").nth(1)).toContainText(`Paging ${tag} 22`);
    const pager = main(page).getByRole("navigation", { name: "Users pages" });
    await expect(pager).toContainText("Page 1 of 2");
    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&page=2$`));
    await expect(usersTable(page).getByRole("row")).toHaveCount(4);
    await expect(main(page).getByText("Showing 21–23 of 23 users")).toBeVisible();
    await expect(usersTable(page).getByRole("row").nth(3)).toContainText(`Paging ${tag} 0`);
    await pager.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(new RegExp(`\\?q=${tag}$`));
  });

  test("View shows a customer's details and orders, and a vendor's business", async ({ page, browser }) => {
    const { context, vendor } = await vendorBrowser(browser);
    await context.close();
    await signInAdmin(page);
    await page.goto(`/admin/users?q=${encodeURIComponent(vendor.email)}`);
    await rowWith(usersTable(page), vendor.email).getByRole("link", { name: /^View/ }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/users/${userIdByEmail(vendor.email)}$`));
    await expect(page.getByRole("heading", { level: 1, name: vendor.name })).toBeVisible();
    const details = main(page);
    for (const [term, value] of [
      ["Email", vendor.email],
      ["Role", "Vendor"],
      ["Status", "Active"],
      ["Business Name", vendor.business],
      ["GSTIN", vendor.gstin],
      ["Phone", vendor.phone],
      ["Address", vendor.address],
      ["Approval status", "Pending approval"],
    ] as const) {
      await expect(details.getByText(term, { exact: true }).locator("xpath=following-sibling::dd[1]")).toHaveText(value);
    }
    await expect(details.getByText("No orders yet.")).toBeVisible();

    // The demo customer has a saved account; her view lists her orders, if any, with two-decimal totals.
    await page.goto(`/admin/users/${userIdByEmail(DEMO.customer.email)}`);
    await expect(page.getByRole("heading", { level: 1, name: DEMO.customer.name })).toBeVisible();
    await expect(details.getByRole("heading", { level: 2, name: "Orders" })).toBeVisible();
    await expect(details.getByRole("heading", { level: 2, name: "Business" })).toHaveCount(0);

    await page.goto("/admin/users/no-such-user");
    await expect(page.getByRole("heading", { level: 1, name: "User not found" })).toBeVisible();
  });

  test("Disable signs the customer out everywhere and blocks sign-in; Enable lets them back", async ({ page, browser }) => {
    const customerContext = await browser.newContext();
    const customerPage = await customerContext.newPage();
    const customer = await signUp(customerPage, "adm-dis");
    await expectSignedInAs(customerPage, customer);
    const id = userIdByEmail(customer.email);

    await signInAdmin(page);
    await page.goto(`/admin/users?q=${encodeURIComponent(customer.email)}`);
    const row = rowWith(usersTable(page), customer.email);
    await row.getByRole("button", { name: /^Disable/ }).click();
    await expect(main(page).getByRole("status")).toHaveText(
      `${customer.name} (${customer.email}) has been disabled and signed out everywhere. They cannot sign in until enabled again.`,
    );
    await expect(row.getByRole("cell").nth(5)).toHaveText("Disabled");
    await expect(row.getByRole("button", { name: /^Enable/ })).toBeVisible();
    expect(accountState(id)).toEqual({ disabled: true, sessions: 0 });
    // The search survives the round trip.
    await expect(main(page).getByLabel("Search by name or email")).toHaveValue(customer.email);

    // Their open session is gone: the next page they ask for treats them as signed out.
    await customerPage.goto("/profile");
    await expect(customerPage).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
    await fillSignIn(customerPage, customer.email, customer.password);
    await main(customerPage).getByRole("button", { name: "Sign In" }).click();
    await expect(formAlert(customerPage)).toHaveText("This account has been disabled. Please contact support.");
    await expect(customerPage).toHaveURL(/\/login/);

    await row.getByRole("button", { name: /^Enable/ }).click();
    await expect(main(page).getByRole("status")).toHaveText(`${customer.name} (${customer.email}) has been enabled and can sign in again.`);
    await expect(row.getByRole("cell").nth(5)).toHaveText("Active");
    expect(accountState(id).disabled).toBe(false);

    await signIn(customerPage, customer);
    await expectSignedInAs(customerPage, customer);
    await customerContext.close();
  });

  test("Disable and Enable work from the user's own page too", async ({ page, request }) => {
    const customer = await createCustomer(request, "adm-view-dis");
    const id = userIdByEmail(customer.email);
    await signInAdmin(page);
    await page.goto(`/admin/users/${id}`);
    await main(page).getByRole("button", { name: "Disable", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/users/${id}\\?done=disabled`));
    await expect(main(page).getByRole("status")).toContainText("has been disabled");
    await expect(main(page).getByText("Status", { exact: true }).locator("xpath=following-sibling::dd[1]")).toHaveText("Disabled");
    expect(accountState(id).disabled).toBe(true);
    await main(page).getByRole("button", { name: "Enable", exact: true }).click();
    await expect(main(page).getByRole("status")).toContainText("has been enabled");
    expect(accountState(id).disabled).toBe(false);
  });

  test("an administrator has no toggle on their own row, and a forged self-disable is refused", async ({ page }) => {
    await signInAdmin(page);
    const adminId = userIdByEmail(DEMO.admin.email);
    await page.goto(`/admin/users?q=${encodeURIComponent(DEMO.admin.email)}`);
    const row = rowWith(usersTable(page), DEMO.admin.email);
    await expect(row.getByRole("link", { name: /^View/ })).toBeVisible();
    await expect(row.getByRole("button")).toHaveCount(0);
    await page.goto(`/admin/users/${adminId}`);
    await expect(main(page).getByText("This is your own account.")).toBeVisible();
    await expect(main(page).getByRole("button", { name: /Disable|Enable/ })).toHaveCount(0);

    for (const path of ["/admin/users", `/admin/users/${adminId}`]) {
      const response = await page.request.post(path, { form: { intent: "disable", userId: adminId }, maxRedirects: 0 });
      expect(response.status()).toBe(403);
      expect(await response.text()).toContain("You cannot disable your own account.");
    }
    expect(accountState(adminId).disabled).toBe(false);
    // Still signed in.
    await page.goto("/admin/users");
    await expect(page.getByRole("heading", { level: 1, name: "Manage Users" })).toBeVisible();

    // The refusal shows on the page as well (a form posted by hand in the browser).
    await page.evaluate((id) => {
      const f = document.createElement("form");
      f.method = "post";
      f.innerHTML = `<input name="intent" value="disable"><input name="userId" value="${id}">`;
      document.body.append(f);
      f.submit();
    }, adminId);
    await expect(main(page).getByRole("alert")).toHaveText("You cannot disable your own account. Ask another administrator if it must be disabled.");
    expect(accountState(adminId).disabled).toBe(false);

    const bad = await page.request.post("/admin/users", { form: { intent: "delete", userId: adminId }, maxRedirects: 0 });
    expect(bad.status()).toBe(400);
  });

  test("approving a pending vendor lifts the verification notice", async ({ page, browser }) => {
    const v = await vendorBrowser(browser);
    const stored = vendorOfOwner(v.vendor.email);
    expect(stored.status).toBe("pending");

    await signInAdmin(page);
    await page.goto("/admin/users");
    await expect(page.getByRole("heading", { level: 2, name: "Pending vendors" })).toBeVisible();
    await expect(pendingTable(page).getByRole("columnheader")).toHaveText(["Business Name", "Owner", "GSTIN", "Phone", "Registered", "Actions"]);
    const row = rowWith(pendingTable(page), v.vendor.business);
    const cells = row.getByRole("cell");
    await expect(cells.nth(1)).toContainText(v.vendor.name);
    await expect(cells.nth(1)).toContainText(v.vendor.email);
    await expect(cells.nth(2)).toHaveText(v.vendor.gstin);
    await expect(cells.nth(3)).toHaveText(v.vendor.phone);
    await expect(cells.nth(4)).toHaveText(adminDate(stored.created_at));

    await row.getByRole("button", { name: `Approve ${v.vendor.business}` }).click();
    await expect(main(page).getByRole("status")).toHaveText(`${v.vendor.business} has been approved. Its products now show in the shop.`);
    await expect(rowWith(main(page), v.vendor.business)).toHaveCount(0);
    expect(vendorOfOwner(v.vendor.email).status).toBe("approved");

    await v.page.reload();
    await expect(v.page.getByText("Vendor Portal")).toBeVisible();
    await expect(v.page.getByText(UNDER_VERIFICATION)).toHaveCount(0);
    await expect(v.page.getByText(NOT_APPROVED)).toHaveCount(0);
    await v.context.close();
  });

  test("rejecting a vendor shows it a distinct notice; it can be approved later from its user page", async ({ page, browser }) => {
    const v = await vendorBrowser(browser);
    await signInAdmin(page);
    await page.goto("/admin/users");
    await rowWith(pendingTable(page), v.vendor.business).getByRole("button", { name: `Reject ${v.vendor.business}` }).click();
    await expect(main(page).getByRole("status")).toHaveText(`${v.vendor.business} has been rejected. Its products stay hidden from the shop.`);
    expect(vendorOfOwner(v.vendor.email).status).toBe("rejected");

    await v.page.reload();
    await expect(v.page.getByText(NOT_APPROVED)).toBeVisible();
    await expect(v.page.getByText(UNDER_VERIFICATION)).toHaveCount(0);

    await page.goto(`/admin/users/${userIdByEmail(v.vendor.email)}`);
    const status = main(page).getByText("Approval status", { exact: true }).locator("xpath=following-sibling::dd[1]");
    await expect(status).toHaveText("Rejected");
    await expect(main(page).getByRole("button", { name: "Reject", exact: true })).toHaveCount(0);
    await main(page).getByRole("button", { name: "Approve", exact: true }).click();
    await expect(main(page).getByRole("status")).toHaveText(`${v.vendor.business} has been approved. Its products now show in the shop.`);
    await expect(status).toHaveText("Approved");
    expect(vendorOfOwner(v.vendor.email).status).toBe("approved");

    await v.page.reload();
    await expect(v.page.getByText(NOT_APPROVED)).toHaveCount(0);
    await expect(v.page.getByText(UNDER_VERIFICATION)).toHaveCount(0);
    await v.context.close();
  });

  test("works without JavaScript: disable posts and redirects with its confirmation", async ({ browser, request }) => {
    const customer = await createCustomer(request, "adm-nojs");
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signInAdmin(page);
    await page.goto(`/admin/users?q=${encodeURIComponent(customer.email)}`);
    await rowWith(usersTable(page), customer.email).getByRole("button", { name: /^Disable/ }).click();
    await expect(main(page).getByRole("status")).toContainText("has been disabled");
    expect(accountState(userIdByEmail(customer.email)).disabled).toBe(true);
    await context.close();
  });

  test("has no accessibility violations (list and user page)", async ({ page }) => {
    await signInAdmin(page);
    await page.goto("/admin/users");
    await expect(page.getByRole("heading", { level: 1, name: "Manage Users" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto(`/admin/users/${userIdByEmail(DEMO.vendor1.email)}`);
    await expect(page.getByRole("heading", { level: 2, name: "Business" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the users list and a user page fit a phone @mobile", async ({ page, browser }) => {
    const { context } = await vendorBrowser(browser);
    await context.close();
    await signInAdmin(page);
    await page.goto("/admin/users");
    await expect(usersTable(page)).toBeVisible();
    await expectNoHorizontalScroll(page, "admin users");
    await expectNoAxeViolations(page);
    await page.goto(`/admin/users/${userIdByEmail(DEMO.vendor1.email)}`);
    await expect(page.getByRole("heading", { level: 2, name: "Business" })).toBeVisible();
    await expectNoHorizontalScroll(page, "admin user page");
    await expectNoAxeViolations(page);
  });
});

