import { expect, test, type Browser, type Page } from "@playwright/test";
import { DEMO, main, open, signIn, signInAdmin } from "../support/accounts";
import { expectNoAxeViolations } from "../support/axe";
import { waitForHydration } from "../support/hydration";

/**
 * Complaints with a ticket (docs/product-rules.md, "Complaints"): the demo customer raises one from
 * an order page and gets its number at once, with or without JavaScript; the admin acknowledges it
 * and the customer sees so. Runs at 1280 px (desktop) and 390 px (phone, @mobile).
 */

const TICKET = /GRV\/\d{4}-\d{2}\/\d{4,}/;

/** Opens the demo customer's newest order and follows its "Raise a complaint"; returns the order number. */
async function complaintFromOrder(page: Page, js: boolean): Promise<string> {
  await page.goto("/orders");
  const link = main(page).getByRole("link", { name: /^Order RC-\d{6}$/ }).first();
  const number = ((await link.textContent()) ?? "").replace("Order ", "").trim();
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();
  await main(page).getByRole("link", { name: "Raise a complaint" }).click();
  await expect(page).toHaveURL(new RegExp(`/grievances/new\\?order=${number}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Raise a complaint" })).toBeVisible();
  if (js) await waitForHydration(page);
  return number;
}

/** Fills the complaint form (already open) and sends it; returns the ticket number the page shows. */
async function sendComplaint(page: Page, orderNumber: string, subject: string): Promise<string> {
  const form = main(page);
  await expect(form.getByLabel("Order number")).toHaveValue(orderNumber);
  // From an order page, the complaint is about that order.
  await expect(form.getByLabel("What is it about?")).toHaveValue(orderNumber ? "order" : "");

  // Too short: refused beside each field, what was typed kept.
  await form.getByLabel("Subject").fill("Bad");
  await form.getByLabel("Details").fill("Too short");
  await form.getByRole("button", { name: "Send complaint" }).click();
  await expect(form.getByText("Write a subject of 5 to 120 characters.")).toBeVisible();
  await expect(form.getByText("Describe your complaint in 20 to 2,000 characters.")).toBeVisible();
  await expect(form.getByLabel("Subject")).toHaveValue("Bad");
  await expect(form.getByLabel("Subject")).toHaveAttribute("aria-invalid", "true");

  await form.getByLabel("Subject").fill(subject);
  await form.getByLabel("What is it about?").selectOption({ label: "Delivery" });
  await form.getByLabel("Details").fill("The parcel arrived with a torn box and the courier would not wait while I checked it. <b>Please</b> call me.");
  await form.getByRole("button", { name: "Send complaint" }).click();

  const notice = main(page).getByRole("status").filter({ hasText: "Your complaint is registered." });
  await expect(notice).toContainText(TICKET);
  await expect(notice).toContainText("We will acknowledge it within 48 hours and resolve it within one month.");
  const ticket = TICKET.exec((await notice.textContent()) ?? "")![0];
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await expect(main(page).getByText(`Ticket ${ticket}`, { exact: false }).first()).toBeVisible();
  await expect(main(page).getByText("Open", { exact: true })).toBeVisible();
  // What the customer wrote is shown as text.
  await expect(main(page).getByText("<b>Please</b> call me.", { exact: false })).toBeVisible();
  return ticket;
}

/** The admin, in a browser of their own, finds the ticket among the open ones and acknowledges it. */
async function adminAcknowledges(browser: Browser, baseURL: string | undefined, ticket: string, viewport: { width: number; height: number } | null): Promise<void> {
  const context = await browser.newContext({ baseURL, ...(viewport ? { viewport } : {}) });
  const page = await context.newPage();
  await signInAdmin(page, "/admin/login?redirectTo=%2Fadmin%2Fgrievances%3Fstatus%3Dopen");
  await expect(page).toHaveURL(/\/admin\/grievances\?status=open$/);
  const row = main(page).getByRole("row").filter({ hasText: ticket });
  await row.getByRole("link", { name: `Open complaint ${ticket}` }).click();
  await expect(main(page).getByText(`Ticket ${ticket}`)).toBeVisible();
  await main(page).getByRole("button", { name: "Acknowledge complaint" }).click();
  await expect(main(page).getByRole("status")).toHaveText(`Complaint ${ticket} acknowledged. The customer has been told.`);
  await expect(main(page).getByRole("button", { name: "Acknowledge complaint" })).toHaveCount(0);
  // Acknowledged: now a reply may be written.
  await expect(main(page).getByLabel("Reply to the customer")).toBeVisible();
  await context.close();
}

async function raiseAndAcknowledge(page: Page, browser: Browser, baseURL: string | undefined, subject: string): Promise<void> {
  await signIn(page, DEMO.customer);
  const order = await complaintFromOrder(page, true);
  const ticket = await sendComplaint(page, order, subject);
  const ticketUrl = page.url();

  await adminAcknowledges(browser, baseURL, ticket, page.viewportSize());

  await page.goto(ticketUrl);
  await expect(main(page).getByText("Acknowledged", { exact: true }).first()).toBeVisible();
  await expect(main(page).getByRole("listitem").filter({ hasText: "Grievance officer" }).filter({ hasText: "Acknowledged" })).toBeVisible();
  // The list of the customer's complaints shows it too.
  await open(page, "/grievances");
  const card = main(page).getByRole("article").filter({ hasText: ticket });
  await expect(card.getByText("Acknowledged", { exact: true })).toBeVisible();
}

test.describe("complaints", () => {
  test("the demo customer raises a complaint from an order, gets its ticket, and sees it acknowledged", async ({ page, browser, baseURL }) => {
    test.slow();
    await raiseAndAcknowledge(page, browser, baseURL, "Torn box on delivery (desktop)");
  });

  test("the same on a phone @mobile", async ({ page, browser, baseURL }) => {
    test.slow();
    expect(page.viewportSize()?.width).toBe(390);
    await raiseAndAcknowledge(page, browser, baseURL, "Torn box on delivery (phone)");
    // At 390 px too, the customer's pages pass axe.
    await expectNoAxeViolations(page, { where: "/grievances on a phone" });
    await open(page, "/grievances/new");
    await expectNoAxeViolations(page, { where: "/grievances/new on a phone" });
  });

  test("someone signed out is sent to sign in first, and another customer's ticket is not found", async ({ page, browser, baseURL }) => {
    await page.goto("/grievances/new");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fgrievances%2Fnew$/);
    await page.goto("/grievances");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fgrievances$/);

    await signIn(page, DEMO.customer);
    await open(page, "/grievances/new");
    const ticket = await sendComplaint(page, "", "Wrong invoice address");
    const url = new URL(page.url()).pathname;
    expect(ticket).toMatch(TICKET);

    const other = await browser.newContext({ baseURL });
    const otherPage = await other.newPage();
    await signIn(otherPage, { email: "aarav.gupta@example.com", password: "Customer@123" });
    const response = await otherPage.goto(url);
    expect(response?.status()).toBe(404);
    await expect(otherPage.getByText("Wrong invoice address")).toHaveCount(0);
    await other.close();
  });

  test("the complaint pages and the admin's list pass axe", async ({ page, browser, baseURL }) => {
    test.slow(); // two accounts and axe on each page
    await signIn(page, DEMO.customer);
    await open(page, "/grievances/new");
    await expectNoAxeViolations(page, { where: "/grievances/new" });
    await main(page).getByRole("button", { name: "Send complaint" }).click();
    await expect(main(page).getByText("Write a subject of 5 to 120 characters.")).toBeVisible();
    await expectNoAxeViolations(page, { where: "/grievances/new with errors" });
    await open(page, "/grievances");
    await expectNoAxeViolations(page, { where: "/grievances" });

    const admin = await browser.newContext({ baseURL });
    const adminPage = await admin.newPage();
    await signInAdmin(adminPage, "/admin/login?redirectTo=%2Fadmin%2Fgrievances");
    await expect(adminPage.getByRole("heading", { level: 1, name: "Complaints" })).toBeVisible();
    // The demo's open complaint, raised three days ago, is flagged.
    await expect(main(adminPage).getByText("Not acknowledged within 48 hours").first()).toBeVisible();
    await waitForHydration(adminPage);
    await expectNoAxeViolations(adminPage, { where: "/admin/grievances" });
    await main(adminPage).getByRole("row").filter({ hasText: "Charged twice for one payment" }).getByRole("link", { name: /^Open complaint/ }).click();
    await expect(adminPage.getByRole("heading", { level: 1, name: "Charged twice for one payment" })).toBeVisible();
    await expectNoAxeViolations(adminPage, { where: "/admin/grievances/:id" });
    await admin.close();
  });
});

test.describe("complaints without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the demo customer raises a complaint from an order and gets its ticket at once", async ({ page, browser, baseURL }) => {
    test.slow();
    await signIn(page, DEMO.customer);
    const order = await complaintFromOrder(page, false);
    const ticket = await sendComplaint(page, order, "Torn box on delivery (no JavaScript)");
    await adminAcknowledges(browser, baseURL, ticket, null);
    await page.reload();
    await expect(main(page).getByText("Acknowledged", { exact: true }).first()).toBeVisible();
  });
});
