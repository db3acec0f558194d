import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { main, signInAdmin } from "../support/accounts";
import { adminDate, insertMessage, messageReadAt, rowWith, sendContactMessage } from "../support/admin";
import { expectNoHorizontalScroll } from "../support/checkout";

function messagesTable(page: Page) {
  return main(page).getByRole("region", { name: "Contact Messages" }).getByRole("table");
}

test.describe("contact messages", () => {
  test("messages from the contact form are listed newest first, marked New until opened", async ({ page, request }) => {
    const tag = Date.now().toString(36);
    const older = await sendContactMessage(request, `${tag}-a`, "Product Support");
    const newer = await sendContactMessage(request, `${tag}-b`, "Returns & Refunds");

    await signInAdmin(page);
    await page.goto("/admin/messages");
    await expect(page.getByRole("heading", { level: 1, name: "Contact Messages" })).toBeVisible();
    await expect(messagesTable(page).getByRole("columnheader")).toHaveText(["Status", "From", "Subject", "Received", "Actions"]);
    const olderRow = rowWith(messagesTable(page), older.email);
    const newerRow = rowWith(messagesTable(page), newer.email);
    await expect(olderRow.getByRole("cell").nth(0)).toHaveText("New");
    await expect(newerRow.getByRole("cell").nth(0)).toHaveText("New");
    await expect(newerRow.getByRole("cell").nth(1)).toHaveText(`${newer.name}${newer.email}`);
    await expect(newerRow.getByRole("cell").nth(2)).toHaveText("Returns & Refunds");
    await expect(newerRow.getByRole("cell").nth(3)).toHaveText(adminDate(new Date()));
    // Newest first: the later message sits above the earlier one.
    const emails = await messagesTable(page).getByRole("row").allTextContents();
    const at = (email: string) => emails.findIndex((t) => t.includes(email));
    expect(at(newer.email)).toBeGreaterThan(0);
    expect(at(newer.email)).toBeLessThan(at(older.email));

    await olderRow.getByRole("link", { name: `Open message from ${older.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/messages/${older.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Product Support" })).toBeVisible();
    await expect(main(page).getByText(older.message, { exact: true })).toBeVisible();
    await expect(main(page).getByRole("link", { name: older.email })).toHaveAttribute("href", /^mailto:/);
    await expect(main(page).getByText("Not given")).toBeVisible();
    expect(messageReadAt(older.id)).not.toBeNull();
    expect(messageReadAt(newer.id)).toBeNull();

    await main(page).getByRole("link", { name: "Back to Contact Messages" }).click();
    await expect(rowWith(messagesTable(page), older.email).getByRole("cell").nth(0)).toHaveText("Read");
    await expect(rowWith(messagesTable(page), newer.email).getByRole("cell").nth(0)).toHaveText("New");

    // Opening it again keeps the first reading time.
    const firstRead = messageReadAt(older.id);
    await page.goto(`/admin/messages/${older.id}`);
    expect(messageReadAt(older.id)).toBe(firstRead);

    await page.goto("/admin/messages/no-such-message");
    await expect(page.getByRole("heading", { level: 1, name: "Message not found" })).toBeVisible();
  });

  test("pages through many messages", async ({ page }) => {
    const tag = `old${Date.now().toString(36)}`;
    // Far in the past, so they are the last of the list whatever else arrives meanwhile.
    for (let i = 0; i < 21; i++) {
      insertMessage({
        name: `Archive ${tag} ${i}`,
        email: `${tag}-${i}@example.in`,
        subject: "Feedback",
        message: `Old note ${i}`,
        createdAt: new Date(Date.UTC(2001, 0, 1, 0, i)).toISOString(),
      });
    }
    await signInAdmin(page);
    await page.goto("/admin/messages");
    const pager = main(page).getByRole("navigation", { name: "Message pages" });
    await expect(pager).toContainText(/Page 1 of \d+/);
    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/admin\/messages\?page=2$/);
    await expect(pager).toContainText(/Page 2 of \d+/);
    // A page past the end shows the last one, which ends with the oldest message.
    await page.goto("/admin/messages?page=9999");
    const rows = messagesTable(page).getByRole("row");
    await expect(rows.last()).toContainText(`Archive ${tag} 0`);
    await expect(main(page).getByText(/^Showing \d+–\d+ of \d+ messages$/)).toBeVisible();
  });

  test("have no accessibility violations (list and message)", async ({ page, request }) => {
    const m = await sendContactMessage(request, `a11y-${Date.now().toString(36)}`);
    await signInAdmin(page);
    await page.goto("/admin/messages");
    await expect(messagesTable(page)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto(`/admin/messages/${m.id}`);
    await expect(main(page).getByText(m.message)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the message list and a message fit a phone @mobile", async ({ page, request }) => {
    const m = await sendContactMessage(request, `mobile-${Date.now().toString(36)}`);
    await signInAdmin(page);
    await page.goto("/admin/messages");
    await expect(messagesTable(page)).toBeVisible();
    await expectNoHorizontalScroll(page, "admin messages");
    await expectNoAxeViolations(page);
    await page.goto(`/admin/messages/${m.id}`);
    await expect(main(page).getByText(m.message)).toBeVisible();
    await expectNoHorizontalScroll(page, "admin message");
    await expectNoAxeViolations(page);
  });
});
