import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { ROUTINE, placeOrder, registerShopper } from "../support/checkout";
import { withE2eDatabase } from "../support/db";
import { orderFor } from "../support/e2e-store";
import { waitForHydration } from "../support/hydration";

/**
 * A customer's side of returns: Return or replace on the order page while the window is open,
 * the request form (reasons and resolutions as the category allows, photos, where a refund of an
 * order not paid online goes), the request's state on the order page, and withdrawing it.
 */

/** A 1×1 PNG: a photo the shop accepts by its bytes. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

/** `days` days ago. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/** Marks every seller's part of an order delivered `daysAgo` days ago, as the sellers' steps would. */
function deliver(number: string, days: number): void {
  const at = daysAgo(days).toISOString();
  withE2eDatabase((db) => {
    db.prepare("UPDATE order_parts SET status = 'delivered', delivered_at = ?, updated_at = ? WHERE order_number = ?").run(at, at, number);
    db.prepare("UPDATE orders SET status = 'delivered' WHERE number = ?").run(number);
  });
}

function returnsSection(page: Page) {
  return page.getByRole("region", { name: "Returns and replacements" });
}

async function openReturnForm(page: Page, number: string, itemName: string) {
  await page.goto(`/orders/${number}`);
  const row = returnsSection(page).getByRole("listitem").filter({ hasText: itemName }).first();
  await row.getByRole("link", { name: "Return or replace" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Return or replace" })).toBeVisible();
}

test.describe("returns, as a customer", () => {
  test("asks for a refund of one unit with a photo, sees it on the order page, and withdraws it", async ({ page }) => {
    test.slow();
    await registerShopper(page);
    const number = await placeOrder(page, { items: [[ROUTINE.keyboard, 2]], method: "card" });
    // Not delivered yet: nothing to return.
    await page.goto(`/orders/${number}`);
    await expect(returnsSection(page)).toHaveCount(0);
    deliver(number, 1);

    await openReturnForm(page, number, ROUTINE.keyboard.name);
    await expectNoAxeViolations(page, { where: "the return form" });
    const form = page.getByRole("main");
    await expect(form.getByLabel("Quantity")).toHaveValue("1");
    await expect(form.getByLabel("Quantity").locator("option")).toHaveText(["1", "2"]);
    // A card order's refund goes back to the card: no refund details asked.
    await expect(form.getByRole("group", { name: "Where should we send your refund?" })).toHaveCount(0);

    // Damage in transit needs a photo: refused with the reason, what was typed kept.
    await form.getByLabel(/Damaged in transit/).check();
    await form.getByLabel("Refund", { exact: true }).check();
    await form.getByLabel("What is wrong?").fill("The box was crushed and two keys are broken.");
    await form.getByRole("button", { name: "Send request" }).click();
    await expect(form.getByText("Add 1 to 4 photos showing the problem.")).toBeVisible();
    await expect(form.getByLabel("What is wrong?")).toHaveValue("The box was crushed and two keys are broken.");

    await form.getByLabel("Photos", { exact: true }).setInputFiles({ name: "keys.png", mimeType: "image/png", buffer: PNG });
    await form.getByRole("button", { name: "Send request" }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${number}#returns$`));
    await expect(page.getByRole("status").filter({ hasText: `Return request ${number}-R1 sent.` })).toBeVisible();

    const card = returnsSection(page).getByRole("listitem").filter({ hasText: `Return ${number}-R1` });
    await expect(card.getByText("Requested", { exact: true }).first()).toBeVisible();
    await expect(card).toContainText(`${ROUTINE.keyboard.name} × 1 · Damaged in transit · Refund`);
    // ₹3,499 and its 18% GST (₹629.82): the shipping stays, as one unit of two comes back.
    await expect(card).toContainText("Refund of ₹4,128.82 to your original payment method once the item passes inspection.");
    // One unit is left to return.
    await expect(returnsSection(page).getByRole("link", { name: "Return or replace" })).toHaveCount(1);
    const stored = withE2eDatabase((db) => db.prepare("SELECT url FROM return_photos p JOIN returns r ON r.id = p.return_id WHERE r.number = ?").all(`${number}-R1`) as { url: string }[]);
    expect(stored).toHaveLength(1);
    expect((await page.request.get(stored[0]!.url)).headers()["content-type"]).toBe("image/png");
    await expectNoAxeViolations(page, { where: "the order page with a return" });

    await waitForHydration(page);
    await card.getByRole("button", { name: "Withdraw request" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Return ${number}-R1 withdrawn.` })).toBeVisible();
    await expect(card.getByText("Withdrawn", { exact: true }).first()).toBeVisible();
    await expect(card.getByRole("button", { name: "Withdraw request" })).toHaveCount(0);
  });

  test("a cash on delivery order asks where the refund goes, and shows it masked", async ({ page }) => {
    const shopper = await registerShopper(page);
    const number = await orderFor(shopper.email, [{ productId: ROUTINE.ssd.id, quantity: 1 }], { placedAt: daysAgo(3), deliveredAt: daysAgo(2) });
    await openReturnForm(page, number, ROUTINE.ssd.name);
    const form = page.getByRole("main");
    await form.getByLabel(/No longer needed/).check();
    await form.getByLabel("Refund", { exact: true }).check();
    await form.getByLabel("What is wrong?").fill("Bought the wrong size by mistake.");
    await form.getByLabel("Bank account").check();
    await form.getByLabel("Account number").fill("123456789012");
    await form.getByLabel("IFSC").fill("SBIN001234");
    await form.getByLabel("Account holder's name").fill("Asha Verma");
    await form.getByRole("button", { name: "Send request" }).click();
    await expect(form.getByText("Enter a valid IFSC (for example SBIN0001234).")).toBeVisible();

    await form.getByLabel("Bank account").check();
    await form.getByLabel("Account number").fill("123456789012");
    await form.getByLabel("IFSC").fill("sbin0001234");
    await form.getByLabel("Account holder's name").fill("Asha Verma");
    await form.getByRole("button", { name: "Send request" }).click();
    const card = returnsSection(page).getByRole("listitem").filter({ hasText: `Return ${number}-R1` });
    await expect(card).toContainText("to A/c ••••••9012, SBIN0001234 once the item passes inspection.");
    const sealed = withE2eDatabase((db) => db.prepare("SELECT refund_to_sealed FROM returns WHERE number = ?").get(`${number}-R1`) as { refund_to_sealed: string });
    expect(sealed.refund_to_sealed).toMatch(/^v1\./);
    expect(sealed.refund_to_sealed).not.toContain("123456789012");
  });

  test("after the window the page says when it closed, and a forged post is refused", async ({ page }) => {
    const shopper = await registerShopper(page);
    const number = await orderFor(shopper.email, [{ productId: ROUTINE.mouse.id, quantity: 1 }], { placedAt: daysAgo(11), deliveredAt: daysAgo(10) });
    await page.goto(`/orders/${number}`);
    await expect(returnsSection(page).getByText(/^Return window closed on \d{1,2} [A-Z][a-z]+ \d{4}$/)).toBeVisible();
    await expect(returnsSection(page).getByRole("link", { name: "Return or replace" })).toHaveCount(0);
    const item = withE2eDatabase((db) => db.prepare("SELECT i.id FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.number = ?").get(number) as { id: string });
    const forged = await page.request.post(`/orders/${number}/return`, {
      multipart: { item: item.id, quantity: "1", reason: "defective", resolution: "refund", details: "Broken", refundKind: "upi", upiId: "asha@okaxis" },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(409);
    expect(await forged.text()).toContain("The window to return this item");
    expect(withE2eDatabase((db) => db.prepare("SELECT count(*) AS n FROM returns WHERE order_number = ?").get(number) as { n: number }).n).toBe(0);
  });

  test("another customer's order cannot be returned", async ({ page, browser, baseURL }) => {
    const shopper = await registerShopper(page);
    const number = await orderFor(shopper.email, [{ productId: ROUTINE.mouse.id, quantity: 1 }], { placedAt: daysAgo(2), deliveredAt: daysAgo(1) });
    const other = await browser.newContext({ baseURL });
    const stranger = await other.newPage();
    await registerShopper(stranger);
    expect((await stranger.goto(`/orders/${number}/return?item=x`))?.status()).toBe(404);
    await other.close();
  });
});

test.describe("returns without JavaScript", () => {
  test("the request is sent and withdrawn", async ({ page: shopper, browser, baseURL }) => {
    const account = await registerShopper(shopper);
    const number = await orderFor(account.email, [{ productId: ROUTINE.headphones.id, quantity: 1 }], { placedAt: daysAgo(2), deliveredAt: daysAgo(1) });
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await shopper.context().storageState() });
    const page = await context.newPage();
    await openReturnForm(page, number, ROUTINE.headphones.name);
    const form = page.getByRole("main");
    await form.getByLabel(/Defective or not working/).check();
    await form.getByLabel("Replacement", { exact: true }).check();
    await form.getByLabel("What is wrong?").fill("Left ear cup is silent.");
    await form.getByLabel("Serial number").fill("SN-5543-21");
    await form.getByRole("button", { name: "Send request" }).click();
    const card = returnsSection(page).getByRole("listitem").filter({ hasText: `Return ${number}-R1` });
    await expect(card).toContainText("Defective or not working · Replacement");
    await card.getByRole("button", { name: "Withdraw request" }).click();
    await expect(card.getByText("Withdrawn", { exact: true }).first()).toBeVisible();
    await context.close();
  });
});

test.describe("returns on a phone", () => {
  test("the order page and the form fit 390 px @mobile", async ({ page }) => {
    const shopper = await registerShopper(page);
    const number = await orderFor(shopper.email, [{ productId: ROUTINE.keyboard.id, quantity: 1 }], { placedAt: daysAgo(2), deliveredAt: daysAgo(1) });
    await openReturnForm(page, number, ROUTINE.keyboard.name);
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);
    await expectNoAxeViolations(page, { where: "the return form on a phone" });
    await page.goto(`/orders/${number}`);
    expect(await fits()).toBe(true);
  });
});
