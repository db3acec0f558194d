import { expect, test, type APIRequestContext, type Page, type PlaywrightWorkerArgs } from "@playwright/test";
import { DEMO, createCustomer, signInVendor, signUp } from "../support/accounts";
import { accountState, messageReadAt, registerVendorByPost, sendContactMessage, userIdByEmail, vendorOfOwner } from "../support/admin";

/**
 * Everything under /admin but its login page is for administrators: a visitor, a customer and a
 * vendor are sent to /admin/login, for pages and for form posts alike, and nothing changes.
 */

interface Targets {
  customerId: string;
  vendorEmail: string;
  vendorId: string;
  vendorOwnerId: string;
  messageId: string;
}

async function makeTargets(request: APIRequestContext, playwright: PlaywrightWorkerArgs["playwright"], baseURL: string | undefined): Promise<Targets> {
  const customer = await createCustomer(request, "adm-target");
  // A separate cookie jar for the vendor: `request` stays signed out.
  const vendorRequest = await playwright.request.newContext({ baseURL });
  const vendor = await registerVendorByPost(vendorRequest);
  await vendorRequest.dispose();
  const message = await sendContactMessage(request, `access-${Date.now().toString(36)}`);
  return {
    customerId: userIdByEmail(customer.email),
    vendorEmail: vendor.email,
    vendorId: vendorOfOwner(vendor.email).id,
    vendorOwnerId: userIdByEmail(vendor.email),
    messageId: message.id,
  };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function pages(t: Targets): string[] {
  return ["/admin", "/admin/dashboard", "/admin/users", `/admin/users/${t.customerId}`, "/admin/messages", `/admin/messages/${t.messageId}`];
}

function posts(t: Targets): [path: string, form: Record<string, string>][] {
  return [
    ["/admin/users", { intent: "disable", userId: t.customerId }],
    [`/admin/users/${t.customerId}`, { intent: "disable", userId: t.customerId }],
    ["/admin/users", { intent: "approve", vendorId: t.vendorId }],
    [`/admin/users/${t.vendorOwnerId}`, { intent: "reject", vendorId: t.vendorId }],
    ["/admin/users?q=x", { intent: "disable", userId: t.vendorOwnerId }],
  ];
}

async function expectRefused(page: Page, t: Targets) {
  for (const path of pages(t)) {
    await page.goto(path);
    await expect(page, path).toHaveURL(new RegExp(`/admin/login\\?redirectTo=${escape(encodeURIComponent(path))}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
  }
  for (const [path, form] of posts(t)) {
    const response = await page.request.post(path, { form, maxRedirects: 0 });
    expect(response.status(), `POST ${path}`).toBeGreaterThanOrEqual(300);
    expect(response.status(), `POST ${path}`).toBeLessThan(400);
    expect(response.headers()["location"], `POST ${path}`).toMatch(/^\/admin\/login\?redirectTo=/);
  }
  // Nothing changed.
  expect(accountState(t.customerId).disabled).toBe(false);
  expect(accountState(t.vendorOwnerId).disabled).toBe(false);
  expect(vendorOfOwner(t.vendorEmail).status).toBe("pending");
  expect(messageReadAt(t.messageId)).toBeNull();
}

test.describe("admin pages and actions are for administrators only", () => {
  test("a visitor is sent to /admin/login, remembering the page", async ({ page, request, playwright, baseURL }) => {
    const t = await makeTargets(request, playwright, baseURL);
    await expectRefused(page, t);
  });

  test("a signed-in customer is refused", async ({ page, request, playwright, baseURL }) => {
    const t = await makeTargets(request, playwright, baseURL);
    const me = await signUp(page, "adm-cust");
    const mySessions = accountState(userIdByEmail(me.email)).sessions;
    expect(mySessions).toBeGreaterThan(0);
    await expectRefused(page, t);
  });

  test("a signed-in vendor is refused", async ({ page, request, playwright, baseURL }) => {
    const t = await makeTargets(request, playwright, baseURL);
    await signInVendor(page, DEMO.vendor1);
    await expectRefused(page, t);
    // The vendor is still signed in to their own portal.
    await page.goto("/vendor/dashboard");
    await expect(page).toHaveURL(/\/vendor\/dashboard$/);
  });
});
