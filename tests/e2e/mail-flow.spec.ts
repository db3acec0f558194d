import { expect, test, type Page } from "@playwright/test";
import {
  DEMO,
  fillVendorRegistration,
  main,
  mailsTo,
  newVendor,
  open,
  resetLinkPath,
  signIn,
  signInAdmin,
  signInVendor,
  signUp,
  waitForMail,
  type OutboxMail,
} from "../support/accounts";
import { CATALOG } from "../support/catalog";
import { NOIDA_ADDRESS, ROUTINE, SELLERS, placeOrder, registerShopper } from "../support/checkout";
import { withE2eDatabase } from "../support/db";
import { gotoHydrated, waitForHydration } from "../support/hydration";
import { flash, markButton, markShippedLink, openVendorOrders, shipForm, shopperPlacesOrder, todayShort } from "../support/vendor-orders";

/**
 * Issue 11's "Done means", as people would see it: each event of the shop, done through the
 * browser on the demo data, and the mails it sends, read from the server's outbox
 * (E2E_DATA_DIR/outbox), where the server's own worker delivers them in the background.
 *
 * The demo accounts' inboxes are shared with every other test of the run, so each mail is found
 * by what only this test's event can put in it (its order number, its business, its message).
 */

// Several browsers (shopper, vendors, admin) and the background delivery of each mail.
test.describe.configure({ timeout: 120_000 });

const FROM = "RC Computers <support@rccomputers.in>";

/** What every mail the shop sends owes its reader, whatever it says. */
function expectSoundMail(mail: OutboxMail): void {
  const what = `${mail.subject} → ${mail.to}`;
  expect(mail.from, what).toBe(FROM);
  expect(mail.text.trim().length, `${what}: a text part`).toBeGreaterThan(0);
  expect(mail.html, `${what}: an html part`).toMatch(/^<!doctype html>/i);
  // Nothing loaded from another host: mail clients block it, and it would tell a tracker who read what.
  expect(mail.html, what).not.toMatch(/src\s*=\s*["']?https?:/i);
  expect(mail.html, what).not.toMatch(/url\(\s*["']?https?:/i);
  expect(mail.html, what).not.toMatch(/<link\b/i);
  expect(mail.html, what).not.toMatch(/<img\b|<script\b|@import/i);
}

/** The mail's html as a reader sees its words (tags dropped, entities read back). */
function htmlWords(mail: OutboxMail): string {
  return mail.html
    .replace(/<br>/g, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

/** Both parts of a mail, to check that something is (or is not) in either. */
function bothParts(mail: OutboxMail): string[] {
  return [mail.text, htmlWords(mail)];
}

/** Digits only: a phone number is the same number however it is spaced. */
function digits(text: string): string {
  return text.replace(/\D/g, "");
}

/** The mails the shop queued about an order (or other reference), as stored: who gets what. */
function queuedMail(reference: string): { kind: string; to: string }[] {
  return withE2eDatabase((db) =>
    (db.prepare("SELECT kind, to_address FROM mail WHERE reference = ? ORDER BY kind, to_address").all(reference) as { kind: string; to_address: string }[]).map((r) => ({
      kind: r.kind,
      to: r.to_address,
    })),
  );
}

/** The one link of a mail's text that leads to this path, absolute, on the shop's address. */
function linkTo(mail: OutboxMail, pathname: string): URL {
  const escaped = pathname.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`https?://[^\\s/]+${escaped}(?=[\\s]|$)`).exec(mail.text);
  if (!match) throw new Error(`no link to ${pathname} in the mail "${mail.subject}":\n${mail.text}`);
  const url = new URL(match[0]);
  // The html's button leads to the same address.
  expect(mail.html).toContain(`href="${url.href.replace(/&/g, "&amp;")}"`);
  return url;
}

test.describe("mail the shop sends", () => {
  test("the demo customer's order of two vendors: an order-placed mail, and a new-order mail to each vendor with only its items", async ({ page }) => {
    const laptop = CATALOG.asusTuf; // ₹82,990, vendor-1 (14 in stock: this test buys one per run)
    const ssd = ROUTINE.ssd; // ₹16,999, vendor-2
    const address = { ...NOIDA_ADDRESS, fullName: DEMO.customer.name };
    await signIn(page, DEMO.customer);
    const number = await placeOrder(page, { items: [[laptop, 1], [ssd, 1]], address, method: "cod" });

    // One mail to the customer and one to each of the order's two vendors, and no one else.
    expect(queuedMail(number)).toEqual([
      { kind: "order-placed", to: DEMO.customer.email },
      { kind: "vendor-new-order", to: DEMO.vendor1.email },
      { kind: "vendor-new-order", to: DEMO.vendor2.email },
    ]);

    // The customer's confirmation.
    const placed = await waitForMail(DEMO.customer.email, 1, { subject: `Order ${number} placed` });
    expectSoundMail(placed);
    expect(placed.subject).toBe(`Order ${number} placed: thank you for shopping with RC Computers`);
    // ₹82,990 + ₹16,999 = ₹99,989, shipped free; GST 18% per seller: ₹14,938.20 + ₹3,059.82.
    for (const part of bothParts(placed)) {
      expect(part).toContain(number);
      expect(part).toContain(laptop.name);
      expect(part).toContain(ssd.name);
      expect(part).toContain(`placed on ${todayShort()}`);
      expect(part).toMatch(/Subtotal:? ?₹99,989\.00/);
      expect(part).toMatch(/Shipping:? ?Free/);
      expect(part).toMatch(/GST \(18%\):? ?₹17,998\.02/);
      expect(part).toMatch(/Total:? ?₹1,17,987\.02/);
      expect(part).toContain("Cash on Delivery");
      for (const line of [DEMO.customer.name, NOIDA_ADDRESS.addressLine1, `${NOIDA_ADDRESS.city}, ${NOIDA_ADDRESS.state} ${NOIDA_ADDRESS.postalCode}`]) {
        expect(part).toContain(line);
      }
      expect(digits(part)).toContain(digits(NOIDA_ADDRESS.phone));
    }
    expect(placed.text).toContain(`- ${laptop.name} × 1: ₹82,990.00`);
    expect(placed.text).toContain(`- ${ssd.name} × 1: ₹16,999.00`);
    expect(placed.text).toContain("Payment method: Cash on Delivery");

    // Its link opens the order, for the customer signed in.
    const link = linkTo(placed, `/orders/${number}`);
    await page.goto(link.pathname);
    await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();

    // Each vendor hears of its own items, and of the customer only the name and the city.
    const vendors = [
      { account: DEMO.vendor1, seller: SELLERS.vendor1.name, own: laptop, other: ssd, amount: "₹82,990.00" },
      { account: DEMO.vendor2, seller: SELLERS.vendor2.name, own: ssd, other: laptop, amount: "₹16,999.00" },
    ];
    for (const v of vendors) {
      const mail = await waitForMail(v.account.email, 1, { subject: `New order ${number} ` });
      expectSoundMail(mail);
      expect(mail.subject).toBe(`New order ${number} for ${v.seller}`);
      for (const part of bothParts(mail)) {
        expect(part).toContain(v.own.name);
        expect(part).not.toContain(v.other.name);
        expect(part).toContain(`Your items: ${v.amount} before GST`);
        expect(part).toContain(`${DEMO.customer.name} (${NOIDA_ADDRESS.city}, ${NOIDA_ADDRESS.state})`);
        expect(part).not.toContain(NOIDA_ADDRESS.addressLine1);
        expect(part).not.toContain(NOIDA_ADDRESS.postalCode);
      }
      // Never the customer's email or phone, in either part, however it is written.
      for (const part of [mail.text, mail.html]) {
        expect(part.toLowerCase()).not.toContain(DEMO.customer.email);
        expect(digits(part)).not.toContain(digits(NOIDA_ADDRESS.phone));
      }
      linkTo(mail, `/vendor/orders?expand=${number}`);
    }
  });

  test("a vendor ships its part with a tracking number, then marks it delivered: the customer hears both", async ({ page, browser, baseURL }) => {
    // Keyboards from vendor-1 and an SSD from vendor-2: vendor-1 sends its part on its own.
    const order = await shopperPlacesOrder(browser, baseURL, [
      [ROUTINE.keyboard, 2],
      [ROUTINE.ssd, 1],
    ]);
    const { number, shopper } = order;
    const tracking = `DLV-${Date.now().toString().slice(-8)}`;

    await signInVendor(page, DEMO.vendor1);
    await openVendorOrders(page, `?q=${number}`);
    await markButton(page, number, "Mark as Processing").click();
    await expect(flash(page, `Order ${number} marked Processing.`)).toBeVisible();
    // Processing is the shop's bookkeeping: the customer is not written to about it.
    await markShippedLink(page, number).click();
    const form = shipForm(page, number);
    await form.getByLabel("Carrier", { exact: true }).fill("Delhivery");
    await form.getByLabel("Tracking number", { exact: true }).fill(tracking);
    await form.getByRole("button", { name: "Mark as Shipped" }).click();
    await expect(flash(page, `Order ${number} marked Shipped.`)).toBeVisible();

    const shipped = await waitForMail(shopper.email, 1, { subject: `Order ${number} has shipped` });
    expectSoundMail(shipped);
    for (const part of bothParts(shipped)) {
      expect(part).toContain(`of your order ${number} from ${SELLERS.vendor1.name} have shipped.`);
      expect(part).toMatch(/Carrier:? ?Delhivery/);
      expect(part).toMatch(new RegExp(`Tracking number:? ?${tracking}`));
      expect(part).toContain(ROUTINE.keyboard.name);
      expect(part).not.toContain(ROUTINE.ssd.name);
    }
    expect(shipped.text).toContain(`- ${ROUTINE.keyboard.name} × 2: ₹6,998.00`);
    linkTo(shipped, `/orders/${number}`);

    await markButton(page, number, "Mark as Delivered").click();
    await expect(flash(page, `Order ${number} marked Delivered.`)).toBeVisible();
    const delivered = await waitForMail(shopper.email, 1, { subject: `Order ${number} has been delivered` });
    expectSoundMail(delivered);
    for (const part of bothParts(delivered)) {
      expect(part).toContain(`of your order ${number} from ${SELLERS.vendor1.name} have been delivered.`);
      expect(part).toContain(ROUTINE.keyboard.name);
    }
    linkTo(delivered, `/orders/${number}`);

    // The order placed, shipped and delivered: three mails to the customer, none about Processing.
    expect((await mailsTo(shopper.email)).map((m) => m.subject)).toEqual([
      `Order ${number} placed: thank you for shopping with RC Computers`,
      `Order ${number} has shipped`,
      `Order ${number} has been delivered`,
    ]);
    await order.context.close();
  });

  test("a customer cancels a pending order: a cancellation mail to them, and a do-not-ship mail to each vendor", async ({ page }) => {
    const shopper = await registerShopper(page);
    const number = await placeOrder(page, { items: [[ROUTINE.keyboard, 1], [ROUTINE.ssd, 1]], method: "upi" });
    await gotoHydrated(page, `/orders/${number}`);
    await page.getByRole("button", { name: "Cancel Order" }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${number}\\?cancelled=1$`));

    const cancelled = await waitForMail(shopper.email, 1, { subject: `Order ${number} has been cancelled` });
    expectSoundMail(cancelled);
    // ₹3,499 + ₹16,999 = ₹20,498, shipped free, + ₹629.82 + ₹3,059.82 GST.
    for (const part of bothParts(cancelled)) {
      expect(part).toMatch(/as you asked, your order has been cancelled\./i);
      // Paid by UPI: the refund has started.
      expect(part).toContain("started a refund of ₹24,187.64 to your original payment method");
    }
    linkTo(cancelled, `/orders/${number}`);

    for (const [account, own, other] of [
      [DEMO.vendor1, ROUTINE.keyboard, ROUTINE.ssd],
      [DEMO.vendor2, ROUTINE.ssd, ROUTINE.keyboard],
    ] as const) {
      const mail = await waitForMail(account.email, 1, { subject: `Order ${number} was cancelled` });
      expectSoundMail(mail);
      expect(mail.subject).toBe(`Order ${number} was cancelled: do not ship it`);
      for (const part of bothParts(mail)) {
        expect(part).toContain("Please do not ship these items:");
        expect(part).toContain(own.name);
        expect(part).not.toContain(other.name);
      }
      linkTo(mail, "/vendor/orders");
    }
    expect(queuedMail(number).filter((m) => m.kind.includes("cancelled"))).toEqual([
      { kind: "order-cancelled", to: shopper.email },
      { kind: "vendor-order-cancelled", to: DEMO.vendor1.email },
      { kind: "vendor-order-cancelled", to: DEMO.vendor2.email },
    ]);
  });

  test("a new vendor registers: the admin hears it waits for approval; approved, its owner hears so", async ({ page, browser }) => {
    // An ampersand in the business name: written as typed in the text part, escaped in the html.
    const base = newVendor("mail-v");
    const vendor = { ...base, business: base.business.replace("Test Traders", "Sharma & Sons Traders") };
    const own = await browser.newContext();
    const vendorPage = await own.newPage();
    await open(vendorPage, "/vendor/register");
    await fillVendorRegistration(vendorPage, vendor);
    await main(vendorPage).getByRole("button", { name: "Register as Vendor" }).click();
    await expect(vendorPage).toHaveURL(/\/vendor\/dashboard$/);
    await expect(vendorPage.getByText("Your vendor account is under verification.")).toBeVisible();

    const waiting = await waitForMail(DEMO.admin.email, 1, { subject: `New vendor waiting for approval: ${vendor.business}` });
    expectSoundMail(waiting);
    expect(waiting.subject).toBe(`New vendor waiting for approval: ${vendor.business}`);
    expect(waiting.text).toContain(`Business: ${vendor.business}`);
    expect(waiting.text).toContain(`Owner: ${vendor.name}`);
    expect(waiting.text).toContain(`Email: ${vendor.email}`);
    expect(waiting.text).toContain(`GSTIN: ${vendor.gstin}`);
    expect(waiting.html).toContain(vendor.business.replace("&", "&amp;"));
    expect(waiting.html).not.toContain("Sharma & Sons");
    const review = linkTo(waiting, "/admin/users?role=vendor");

    // The admin follows the mail's link to the vendors, where the pending ones wait, and approves this one.
    await signInAdmin(page);
    await page.goto(`${review.pathname}${review.search}`);
    await expect(page).toHaveURL(/\/admin\/users\?role=vendor$/);
    await waitForHydration(page);
    const pending = main(page).getByRole("region", { name: "Pending vendors" });
    await pending.getByRole("button", { name: `Approve ${vendor.business}` }).click();
    await expect(main(page).getByRole("status")).toHaveText(`${vendor.business} has been approved. Its products now show in the shop.`);

    const approved = await waitForMail(vendor.email, 1, { subject: "is approved to sell on RC Computers" });
    expectSoundMail(approved);
    expect(approved.subject).toBe(`${vendor.business} is approved to sell on RC Computers`);
    for (const part of bothParts(approved)) {
      expect(part).toContain(`Hello ${vendor.name},`);
      expect(part).toContain(`${vendor.business} has been approved.`);
    }
    linkTo(approved, "/vendor/dashboard");
    // The owner heard of the registration only through the approval: one mail in all.
    expect(await mailsTo(vendor.email)).toHaveLength(1);
    await own.close();
  });

  test("a contact message reaches the admin, its text escaped in the html", async ({ page }, testInfo) => {
    const marker = `${testInfo.workerIndex}-${Date.now()}`;
    const message = `Is this <script>alert(1)</script> safe? My order & its "invoice" [${marker}]`;
    await gotoHydrated(page, "/contact");
    await page.getByLabel("Your Name").fill("Rahul Verma");
    await page.getByLabel("Email Address").fill("rahul.verma@example.in");
    await page.getByLabel(/^Phone Number/).fill("+91 98100 12345");
    await page.getByLabel("Subject").selectOption("Technical Support");
    await page.getByLabel("Message", { exact: true }).fill(message);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Thank you for your message! We'll get back to you soon.")).toBeVisible();

    // Other tests post contact messages too: this one is the mail that carries the marker.
    await expect.poll(async () => (await mailsTo(DEMO.admin.email, { subject: "New contact message: " })).filter((m) => m.text.includes(marker)).length, { timeout: 15_000 }).toBe(1);
    const mail = (await mailsTo(DEMO.admin.email, { subject: "New contact message: " })).find((m) => m.text.includes(marker))!;
    expectSoundMail(mail);
    expect(mail.subject).toBe("New contact message: Technical Support");
    // The text part is plain text: the message as written.
    expect(mail.text).toContain(message);
    expect(mail.text).toContain("From: Rahul Verma <rahul.verma@example.in>, +91 98100 12345");
    // The html shows it as text: nothing of it can run or add markup.
    expect(mail.html).toContain("Is this &lt;script&gt;alert(1)&lt;/script&gt; safe? My order &amp; its &quot;invoice&quot;");
    expect(mail.html).not.toContain("<script");
    expect(htmlWords(mail)).toContain(message);
    const messageLink = linkTo(mail, /\/admin\/messages\/[\w-]+/.exec(mail.text)![0]);
    await signInAdmin(page);
    await page.goto(messageLink.pathname);
    await expect(main(page)).toContainText(marker);
  });
});

test.describe("account mail", () => {
  test("a password changed, on the profile or by a reset link: the account's owner is told each time", async ({ page }) => {
    const account = await signUp(page, "mail-pw");
    await open(page, "/profile");
    const section = page.getByRole("region", { name: "Change Password" });
    await section.getByLabel("Current Password").fill(account.password);
    await section.getByLabel("New Password", { exact: true }).fill("Changed@123");
    await section.getByLabel("Confirm New Password").fill("Changed@123");
    await section.getByRole("button", { name: "Change Password" }).click();
    await expect(section.getByRole("status")).toHaveText("Password changed. You have been signed out on every other device.");

    const changed = await waitForMail(account.email, 1);
    expectSoundMail(changed);
    expect(changed.subject).toBe("Your RC Computers password was changed");
    for (const part of bothParts(changed)) {
      expect(part).toContain(`Hello ${account.name},`);
      expect(part).toContain(`was changed on ${todayShort()}.`);
    }
    linkTo(changed, "/forgot-password");

    // A reset: the link is the account's second mail, the change it makes the third.
    await open(page, "/forgot-password");
    await main(page).getByLabel("Email Address").fill(account.email);
    await main(page).getByRole("button", { name: "Send Reset Link" }).click();
    const reset = await waitForMail(account.email, 2);
    expectSoundMail(reset);
    expect(reset.subject).toBe("Reset your RC Computers password");
    await open(page, resetLinkPath(reset));
    await main(page).getByLabel("New Password", { exact: true }).fill("Renewed@123");
    await main(page).getByLabel("Confirm New Password").fill("Renewed@123");
    await main(page).getByRole("button", { name: "Set New Password" }).click();
    await expect(page).toHaveURL(/\/reset-password\?done=1$/);
    const again = await waitForMail(account.email, 3);
    expectSoundMail(again);
    expect(again.subject).toBe("Your RC Computers password was changed");
    expect((await mailsTo(account.email, { subject: "password was changed" })).length).toBe(2);
  });
});

test.describe("the outbox helpers", () => {
  test("count every mail to an address, and only those of a subject when asked", async ({ page }) => {
    // A fresh shopper's two orders: two order-placed mails, then one cancellation.
    const shopper = await registerShopper(page);
    const first = await placeOrder(page, { items: [[ROUTINE.keyboard, 1]] });
    const second = await placeOrder(page, { items: [[ROUTINE.keyboard, 1]] });
    await cancel(page, first);

    const third = await waitForMail(shopper.email, 3);
    expect(third.subject).toBe(`Order ${first} has been cancelled`);
    expect((await waitForMail(shopper.email, 2, { subject: / placed: / })).subject).toContain(second);
    expect((await waitForMail(shopper.email, 1, { subject: "cancelled" })).subject).toContain(first);
    expect(await mailsTo(shopper.email, { subject: "shipped" })).toEqual([]);
    expect((await mailsTo(shopper.email.toUpperCase())).map((m) => m.subject)).toEqual([
      `Order ${first} placed: thank you for shopping with RC Computers`,
      `Order ${second} placed: thank you for shopping with RC Computers`,
      `Order ${first} has been cancelled`,
    ]);
  });
});

async function cancel(page: Page, number: string): Promise<void> {
  await gotoHydrated(page, `/orders/${number}`);
  await page.getByRole("button", { name: "Cancel Order" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${number}\\?cancelled=1$`));
}
