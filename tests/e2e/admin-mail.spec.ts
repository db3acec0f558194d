import fs from "node:fs/promises";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { DEMO, main, signInAdmin, signInVendor, signUp } from "../support/accounts";
import { rowWith, sendContactMessage } from "../support/admin";
import { expectNoAxeViolations } from "../support/axe";
import { expectNoHorizontalScroll } from "../support/checkout";
import { withE2eDatabase } from "../support/db";

/**
 * The admin's Mail page (issue 11). Sent mail comes from the shop's own flows (a contact message
 * mails every administrator, delivered by the server's in-process worker); failed mail is written
 * straight into the `mail` table without a job, so it stays failed until someone presses Resend.
 * Every test works on mail of its own, found by a tag no other test uses.
 */

function tag(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

interface FailedMail {
  id: string;
  to: string;
  subject: string;
}

const REASON = "SMTP 550: mailbox unavailable";

function insertFailedMail(t: string, subject = `Your order has shipped ${t}`): FailedMail {
  const mail = { id: crypto.randomUUID(), to: `failed-${t}@example.in`, subject };
  const stamp = new Date().toISOString();
  withE2eDatabase((db) =>
    db
      .prepare(
        `INSERT INTO mail (id, kind, to_address, subject, text_body, html_body, reference, status, attempts, last_error, created_at, sent_at, updated_at)
         VALUES (?, 'order-shipped', ?, ?, ?, ?, NULL, 'failed', 7, ?, ?, NULL, ?)`,
      )
      .run(mail.id, mail.to, mail.subject, `Hello ${t}, your parcel is on its way.`, `<p>Hello ${t}, your parcel is on its way.</p>`, REASON, stamp, stamp),
  );
  return mail;
}

function mailStatus(id: string): string | undefined {
  return withE2eDatabase((db) => (db.prepare("SELECT status FROM mail WHERE id = ?").get(id) as { status: string } | undefined)?.status);
}

function mailTable(page: Page): Locator {
  return main(page).getByRole("region", { name: "Mail", exact: true }).getByRole("table");
}

function cell(row: Locator, column: "To" | "Subject" | "Status" | "When" | "Tries"): Locator {
  return row.getByRole("cell").nth(["To", "Subject", "Status", "When", "Tries"].indexOf(column));
}

function confirmation(page: Page): Locator {
  return main(page).getByRole("status");
}

/** Fills the filter form and submits it. */
async function findMail(page: Page, { q = "", status = "" }: { q?: string; status?: "" | "queued" | "sent" | "failed" }) {
  const form = main(page).getByRole("search", { name: "Find mail" });
  await form.getByLabel("Search by recipient, subject or reference").fill(q);
  await form.getByLabel("Status").selectOption(status);
  await form.getByRole("button", { name: "Search" }).click();
  const expected = new URLSearchParams({ q, status }).toString();
  await expect(page).toHaveURL(new RegExp(`/admin/mail\\?${expected.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
}

/** Reloads until the row shows `status` (the worker delivers in the background). */
async function waitForStatus(page: Page, row: Locator, status: "Sent" | "Failed" | "Queued") {
  await expect(async () => {
    await page.reload();
    await expect(cell(row, "Status")).toHaveText(status, { timeout: 500 });
  }).toPass({ timeout: 15_000 });
}

const INDIAN_DATE_TIME = /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2}\s?[ap]m$/i;

test.describe("admin mail page", () => {
  test("the dashboard's Mail card leads to it; a contact message's mail to the admin is listed as Sent", async ({ page, request }) => {
    const msg = await sendContactMessage(request, `mail-${tag()}`, "Product Support");
    await signInAdmin(page);
    // The sidebar keeps its five sections; mail is reached from the dashboard, as messages are.
    await expect(page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Mail", exact: true })).toHaveCount(0);
    await main(page).getByRole("link", { name: /^Mail\b/ }).click();
    await expect(page).toHaveURL(/\/admin\/mail$/);
    await expect(page).toHaveTitle("Mail | Admin | RC Computers");
    await expect(main(page).getByRole("heading", { level: 1, name: "Mail" })).toBeVisible();
    await expect(main(page).getByText("Mail the shop has sent or is sending to customers, vendors and administrators.")).toBeVisible();
    await expect(mailTable(page).getByRole("columnheader")).toHaveText(["To", "Subject", "Status", "When", "Tries", "Actions"]);

    // The contact mail's reference is the sender's address: searching for it finds the mail.
    await findMail(page, { q: msg.email });
    const row = rowWith(mailTable(page), DEMO.admin.email);
    await expect(row).toHaveCount(1);
    await waitForStatus(page, row, "Sent");
    await expect(cell(row, "To")).toHaveText(DEMO.admin.email);
    await expect(cell(row, "Subject")).toContainText("New contact message: Product Support");
    await expect(cell(row, "Subject")).toContainText(`Reference: ${msg.email}`);
    await expect(cell(row, "When")).toHaveText(INDIAN_DATE_TIME);
    await expect(cell(row, "Tries")).toHaveText("1");
    await expect(row.getByRole("button", { name: /^Resend/ })).toBeVisible();
  });

  test("filters failed mail, shows its reason and narrows by subject", async ({ page }) => {
    const t = tag();
    const alpha = insertFailedMail(t, `Order shipped ${t} alpha`);
    const beta = insertFailedMail(`${t}b`, `Order shipped ${t} beta`);
    await signInAdmin(page);
    await page.goto("/admin/mail");
    // Failed mail is what an administrator must notice: its count stands above the list.
    await expect(main(page).getByText(/^\d+ mails? could not be sent\.$/)).toBeVisible();
    await expect(main(page).getByLabel("Status").locator("option", { hasText: /^Failed \(\d+\)$/ })).toHaveCount(1);

    await findMail(page, { status: "failed" });
    await expect(rowWith(mailTable(page), alpha.subject)).toHaveCount(1);
    await expect(rowWith(mailTable(page), beta.subject)).toHaveCount(1);
    for (const row of await mailTable(page).locator("tbody tr").all()) await expect(cell(row, "Status")).toHaveText("Failed");

    await findMail(page, { q: `${t} ALPHA`, status: "failed" });
    const rows = mailTable(page).locator("tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(cell(rows, "To")).toHaveText(alpha.to);
    await expect(cell(rows, "Subject")).toContainText(alpha.subject);
    await expect(cell(rows, "Subject")).toContainText(`Reason: ${REASON}`);
    await expect(cell(rows, "Status")).toHaveText("Failed");
    await expect(cell(rows, "Tries")).toHaveText("7");
    await expect(main(page).getByText("Showing 1–1 of 1 mails")).toBeVisible();

    // Nothing sent or queued has that subject.
    await findMail(page, { q: `${t} alpha`, status: "sent" });
    await expect(main(page).getByText("No mail found matching your criteria.")).toBeVisible();
    await expect(mailTable(page)).toHaveCount(0);

    // A link with nonsense in it shows the list, not an error.
    const response = await page.goto(`/admin/mail?status=bogus&page=-4&q=${encodeURIComponent(`${t} beta`)}`);
    expect(response?.status()).toBe(200);
    await expect(rowWith(mailTable(page), beta.subject)).toHaveCount(1);
  });

  test("Resend on a failed mail sends it, and it lands in the outbox", async ({ page }) => {
    const failed = insertFailedMail(tag());
    await signInAdmin(page);
    await page.goto(`/admin/mail?q=${encodeURIComponent(failed.subject)}`);
    const row = rowWith(mailTable(page), failed.to);
    await expect(cell(row, "Status")).toHaveText("Failed");
    await row.getByRole("button", { name: /^Resend/ }).click();

    await expect(confirmation(page)).toHaveText(`“${failed.subject}” to ${failed.to} will be sent again.`);
    await expect(page).toHaveURL(new RegExp(`/admin/mail\\?q=`));
    await waitForStatus(page, row, "Sent");
    await expect(cell(row, "Subject")).not.toContainText("Reason:");
    await expect(cell(row, "Tries")).toHaveText("1");
    // The confirmation was shown once: a reload does not repeat it.
    await expect(confirmation(page)).toHaveCount(0);

    const outbox = path.join(process.env.E2E_DATA_DIR!, "outbox");
    let file: string | undefined;
    await expect
      .poll(async () => {
        file = (await fs.readdir(outbox).catch(() => [] as string[])).find((f) => f.endsWith(`-${failed.id}.json`));
        return file;
      })
      .toBeTruthy();
    const sent = JSON.parse(await fs.readFile(path.join(outbox, file!), "utf8")) as Record<string, unknown>;
    expect(sent).toMatchObject({ id: failed.id, to: failed.to, subject: failed.subject });
    expect(sent["text"]).toContain("your parcel is on its way");
    expect(sent["html"]).toContain("<p>Hello");
  });

  test("Resend on a sent mail sends a new copy, keeping the first", async ({ page, request }) => {
    const msg = await sendContactMessage(request, `copy-${tag()}`, "Returns & Refunds");
    await signInAdmin(page);
    await page.goto(`/admin/mail?q=${encodeURIComponent(msg.email)}`);
    const rows = rowWith(mailTable(page), DEMO.admin.email);
    await expect(rows).toHaveCount(1);
    await waitForStatus(page, rows, "Sent");
    await rows.getByRole("button", { name: /^Resend/ }).click();

    await expect(confirmation(page)).toHaveText(`A new copy of “New contact message: Returns & Refunds” is on its way to ${DEMO.admin.email}.`);
    await expect(rows).toHaveCount(2);
    for (const row of await rows.all()) await expect(cell(row, "Subject")).toContainText("New contact message: Returns & Refunds");
    for (const row of [rows.first(), rows.last()]) await waitForStatus(page, row, "Sent");
  });

  test("customers and vendors are sent to the admin login, and cannot resend", async ({ browser }) => {
    const failed = insertFailedMail(tag());
    const customer = await browser.newContext();
    const vendor = await browser.newContext();
    try {
      const customerPage = await customer.newPage();
      await signUp(customerPage, "mail-cust");
      const vendorPage = await vendor.newPage();
      await signInVendor(vendorPage, DEMO.vendor1);
      for (const page of [customerPage, vendorPage]) {
        await page.goto("/admin/mail");
        await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fmail$/);
        await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
        const response = await page.request.post("/admin/mail", { form: { intent: "resend", mailId: failed.id }, maxRedirects: 0 });
        expect(response.status()).toBe(302);
        expect(response.headers()["location"]).toMatch(/^\/admin\/login\?redirectTo=/);
      }
    } finally {
      await customer.close();
      await vendor.close();
    }
    expect(mailStatus(failed.id)).toBe("failed");
  });

  test("has no accessibility violations", async ({ page, request }) => {
    const t = tag();
    await sendContactMessage(request, `a11y-${t}`);
    insertFailedMail(t);
    await signInAdmin(page);
    await page.goto("/admin/mail");
    await expect(mailTable(page)).toBeVisible();
    await expectNoAxeViolations(page, { where: "all mail" });
    await page.goto(`/admin/mail?status=failed&q=${t}`);
    await expect(mailTable(page).getByText(`Reason: ${REASON}`)).toBeVisible();
    await expectNoAxeViolations(page, { where: "failed mail" });
    await page.goto(`/admin/mail?q=nothing-${t}`);
    await expect(main(page).getByText("No mail found matching your criteria.")).toBeVisible();
    await expectNoAxeViolations(page, { where: "no mail found" });
  });

  test("fits a phone, and Resend is within reach @mobile", async ({ page }) => {
    const failed = insertFailedMail(tag());
    await signInAdmin(page);
    await page.goto(`/admin/mail?q=${encodeURIComponent(failed.subject)}`);
    // A phone shows one card per mail instead of the table.
    await expect(mailTable(page)).toBeHidden();
    const card = main(page).getByRole("list", { name: "Mail", exact: true }).getByRole("listitem").filter({ hasText: failed.to });
    await expect(card).toContainText("Failed");
    await expect(card).toContainText(`Reason: ${REASON}`);
    await expect(card).toContainText("7 tries");
    await expectNoHorizontalScroll(page, "admin mail");
    await expectNoAxeViolations(page, { where: "admin mail on a phone" });
    const resend = card.getByRole("button", { name: /^Resend/ });
    await resend.scrollIntoViewIfNeeded();
    await expect(resend).toBeInViewport();
    await resend.tap();
    await expect(confirmation(page)).toHaveText(`“${failed.subject}” to ${failed.to} will be sent again.`);
    await expectNoHorizontalScroll(page, "admin mail after resend");
  });
});

test.describe("admin mail page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filter form and Resend work as plain forms", async ({ page }) => {
    const t = tag();
    const failed = insertFailedMail(t);
    await signInAdmin(page);
    await page.goto("/admin/mail");
    await findMail(page, { q: t, status: "failed" });
    const rows = mailTable(page).locator("tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(cell(rows, "Subject")).toContainText(`Reason: ${REASON}`);
    await rows.getByRole("button", { name: /^Resend/ }).click();
    await expect(confirmation(page)).toHaveText(`“${failed.subject}” to ${failed.to} will be sent again.`);
    // Back on the same filtered list.
    await expect(page).toHaveURL(new RegExp(`/admin/mail\\?q=${t}&status=failed$`));
    await expect.poll(() => mailStatus(failed.id)).toBe("sent");
  });
});
