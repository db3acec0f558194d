import { describe, expect, it } from "vitest";
import { escapeHtml } from "./html";
import * as templates from "./templates";
import type { MailAddress, MailContent, MailItem, OrderPlacedMail } from "./templates";

/**
 * Every template rendered from realistic data: its subject, Indian formatting, escaping of what
 * people typed, a text part without markup, HTML that loads nothing, and the links it was given.
 */

const BASE = "https://rccomputers.in";
const ORDER_URL = `${BASE}/orders/RC-482913`;
const VENDOR_ORDERS_URL = `${BASE}/vendor/orders?expand=RC-482913`;

/** 23:59 UTC on 23 Nov is 05:29 on 24 Nov in India: the mail says the Indian date. */
const JUST_BEFORE_UTC_MIDNIGHT = "2026-11-23T23:59:00.000Z";

const LAPTOP: MailItem = { name: "ASUS TUF Gaming A15 (Ryzen 7 7435HS, RTX 4060)", quantity: 1, unitPrice: 149_990_00, lineTotal: 149_990_00 };
const SSD: MailItem = { name: "Samsung 990 PRO 2TB PCIe 4.0 NVMe M.2 SSD", quantity: 2, unitPrice: 17_499_50, lineTotal: 34_999_00 };

const ADDRESS: MailAddress = {
  fullName: "Priya Sharma",
  line1: "Flat 7B, Lotus Court",
  line2: "Koregaon Park",
  city: "Pune",
  state: "Maharashtra",
  postalCode: "411001",
  phone: "+91 98100 12345",
};

const ORDER: OrderPlacedMail = {
  customerName: "Priya Sharma",
  number: "RC-482913",
  placedAt: JUST_BEFORE_UTC_MIDNIGHT,
  items: [LAPTOP, SSD],
  subTotal: 184_989_00,
  shipping: 0,
  tax: 33_298_02,
  total: 218_287_02,
  paymentMethod: "upi",
  address: ADDRESS,
  orderUrl: ORDER_URL,
  deliveries: [
    { sellerName: "RC Computers Delhi", text: "Delivery Thu 26 – Fri 27 Nov" },
    { sellerName: "Shree Lamington Computer Traders", text: "Delivery by Sat, 28 Nov" },
  ],
};

/** Markup in user text: tags, an entity-looking string, both kinds of quote. */
const HOSTILE = `<script>alert("x")</script> Tom & Jerry's <b>&amp;</b>`;
const HOSTILE_ESCAPED = escapeHtml(HOSTILE);

const TAG = /<\/?[a-z][a-z0-9]*(\s[^<>]*)?\/?>/i;
const ENTITY = /&(amp|lt|gt|quot|#\d+);/;

/** What every mail owes its reader, whatever it says. */
function expectWellFormed(m: MailContent, links: string[]): void {
  expect(m.subject.trim()).toBe(m.subject);
  expect(m.subject).not.toMatch(/\n/);

  // The text part: plain text, the brand's footer, every link written out whole.
  expect(m.text).not.toMatch(TAG);
  expect(m.text).not.toMatch(ENTITY);
  expect(m.text).toContain("RC Computers");
  expect(m.text).toContain("Questions? Write to support@rccomputers.in or call +91 120 456 7890.");
  for (const link of links) expect(m.text).toContain(link);

  // The HTML part: a whole document in the brand's frame, titled with the subject.
  expect(m.html).toMatch(/^<!doctype html>\n<html lang="en-IN">/);
  expect(m.html).toMatch(/<\/html>$/);
  expect(m.html).toContain(`<title>${escapeHtml(m.subject)}</title>`);
  expect(m.html).toContain('<meta charset="utf-8">');
  expect(m.html).toContain("RC Computers, B-42, Sector 63, Noida, Uttar Pradesh 201301");

  // Nothing loaded from any host: no images, stylesheets, fonts, frames or scripts.
  expect(m.html).not.toMatch(/\ssrc\s*=/i);
  expect(m.html).not.toMatch(/url\s*\(/i);
  expect(m.html).not.toMatch(/@import/i);
  expect(m.html).not.toMatch(/<(link|img|script|iframe|object|embed|video|audio|source|style|base|form)\b/i);
  expect(m.html).not.toMatch(/background\s*=/i);

  // Links: exactly the absolute addresses handed in, nothing relative, nothing else.
  const hrefs = [...m.html.matchAll(/href="([^"]*)"/g)].map((h) => h[1]!);
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) {
    expect(href).toMatch(/^https:\/\//);
    expect(links.map(escapeHtml)).toContain(href);
  }
  for (const link of links) expect(hrefs).toContain(escapeHtml(link));
}

/** The visible text of the HTML part, tags dropped and entities read back, for reading sentences. */
function htmlText(m: MailContent): string {
  return m.html
    .replace(/<br>/g, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

describe("orderPlaced", () => {
  const m = templates.orderPlaced(ORDER);

  it("names the order in its subject", () => {
    expect(m.subject).toBe("Order RC-482913 placed: thank you for shopping with RC Computers");
    expectWellFormed(m, [ORDER_URL]);
  });

  it("lists the items, the totals with GST and the total, in Indian formatting", () => {
    expect(m.text).toContain("- ASUS TUF Gaming A15 (Ryzen 7 7435HS, RTX 4060) × 1: ₹1,49,990.00");
    expect(m.text).toContain("- Samsung 990 PRO 2TB PCIe 4.0 NVMe M.2 SSD × 2: ₹34,999.00");
    expect(m.text).toContain("Subtotal: ₹1,84,989.00\nShipping: Free\nGST (18%): ₹33,298.02\nTotal: ₹2,18,287.02");
    const seen = htmlText(m);
    expect(seen).toContain("₹17,499.50 each");
    expect(seen).toContain("GST (18%)₹33,298.02");
    expect(seen).toContain("Total₹2,18,287.02");
  });

  it("charges shipping in rupees when it is not free", () => {
    const small = templates.orderPlaced({ ...ORDER, items: [SSD], subTotal: 34_999_00 - 26_000_00, shipping: 99_00 });
    expect(small.text).toContain("Shipping: ₹99.00");
    expect(htmlText(small)).toContain("Shipping₹99.00");
  });

  it("dates the order in India's time zone", () => {
    expect(m.text).toContain("Order RC-482913 was placed on 24 Nov 2026.");
    expect(htmlText(m)).toContain("was placed on 24 Nov 2026.");
    // 18:29 UTC is 23:59 in India, still the 24th; a minute later it is the 25th.
    expect(templates.orderPlaced({ ...ORDER, placedAt: "2026-11-24T18:29:00Z" }).text).toContain("placed on 24 Nov 2026");
    expect(templates.orderPlaced({ ...ORDER, placedAt: "2026-11-24T18:30:00Z" }).text).toContain("placed on 25 Nov 2026");
  });

  it("names the payment method and the shipping address", () => {
    expect(m.text).toContain("Payment method: UPI");
    expect(m.text).toContain("Shipping to:\nPriya Sharma\nFlat 7B, Lotus Court\nKoregaon Park\nPune, Maharashtra 411001\nPhone: +91 98100 12345");
    expect(htmlText(m)).toContain("Shipping to:\nPriya Sharma\nFlat 7B, Lotus Court\nKoregaon Park\nPune, Maharashtra 411001\nPhone: +91 98100 12345");
    expect(templates.orderPlaced({ ...ORDER, paymentMethod: "cod" }).text).toContain("Payment method: Cash on Delivery");
    expect(templates.orderPlaced({ ...ORDER, paymentMethod: "bank_transfer" }).text).toContain("Payment method: Bank Transfer");
  });

  it("says each seller's delivery promise, and nothing when there is none", () => {
    expect(m.text).toContain("Delivery dates:\n- RC Computers Delhi: Delivery Thu 26 – Fri 27 Nov\n- Shree Lamington Computer Traders: Delivery by Sat, 28 Nov\n");
    expect(htmlText(m)).toContain("Delivery dates:\nRC Computers Delhi: Delivery Thu 26 – Fri 27 Nov\nShree Lamington Computer Traders: Delivery by Sat, 28 Nov");
    const none = templates.orderPlaced({ ...ORDER, deliveries: [] });
    expect(none.text).not.toContain("Delivery dates");
    expect(none.html).not.toContain("Delivery dates");
  });

  it("leaves out an empty second address line", () => {
    const one = templates.orderPlaced({ ...ORDER, address: { ...ADDRESS, line2: null } });
    expect(one.text).toContain("Flat 7B, Lotus Court\nPune, Maharashtra 411001");
    expect(one.html).not.toContain("null");
  });

  it("links to the order page", () => {
    expect(m.text).toContain(`See your order and its GST invoices: ${ORDER_URL}`);
    expect(m.html).toContain(`>View order RC-482913</a>`);
  });

  it("escapes the customer's name, the items' names and every address field", () => {
    const hostile = templates.orderPlaced({
      ...ORDER,
      customerName: HOSTILE,
      items: [{ ...LAPTOP, name: HOSTILE }],
      address: { fullName: HOSTILE, line1: HOSTILE, line2: HOSTILE, city: HOSTILE, state: HOSTILE, postalCode: HOSTILE, phone: HOSTILE },
    });
    expect(hostile.html).not.toContain("<script");
    expect(hostile.html).not.toContain("<b>");
    // Name in the heading, the item, and the seven address fields.
    expect(hostile.html.split(HOSTILE_ESCAPED).length - 1).toBe(9);
    // The text part says what was typed, as typed.
    expect(hostile.text).toContain(`Hello ${HOSTILE},`);
  });
});

describe("partShipped", () => {
  const shipped = { customerName: "Priya Sharma", number: "RC-482913", sellerName: "Vardhan Infotech Distributors Pvt. Ltd.", items: [LAPTOP], carrier: "Blue Dart", trackingNumber: "BD123456789IN", partOfOrder: true, orderUrl: ORDER_URL };

  it("gives the carrier and tracking number", () => {
    const m = templates.partShipped(shipped);
    expect(m.subject).toBe("Order RC-482913 has shipped");
    expectWellFormed(m, [ORDER_URL]);
    expect(m.text).toContain("Items of your order RC-482913 from Vardhan Infotech Distributors Pvt. Ltd. have shipped.\nCarrier: Blue Dart. Tracking number: BD123456789IN.");
    expect(htmlText(m)).toContain("Hello Priya Sharma, items of your order RC-482913 from Vardhan Infotech Distributors Pvt. Ltd. have shipped.");
    expect(htmlText(m)).toContain("Carrier: Blue Dart\nTracking number: BD123456789IN");
    expect(m.text).toContain("- ASUS TUF Gaming A15 (Ryzen 7 7435HS, RTX 4060) × 1: ₹1,49,990.00");
    expect(m.text).toContain(`Follow your order: ${ORDER_URL}`);
  });

  it("speaks of the whole order when one seller sends it all", () => {
    const m = templates.partShipped({ ...shipped, partOfOrder: false });
    expect(m.text).toContain("Your order RC-482913 has shipped.");
    expect(m.text).not.toContain("Vardhan");
    expect(htmlText(m)).toContain("Hello Priya Sharma, your order RC-482913 has shipped.");
  });

  it("says where tracking will appear when there is none", () => {
    const m = templates.partShipped({ ...shipped, carrier: null, trackingNumber: null });
    expect(m.text).toContain("The seller will share tracking details on your order page.");
    expect(m.text).not.toContain("Carrier:");
    expect(htmlText(m)).toContain("The seller will share tracking details on your order page.");
    expectWellFormed(m, [ORDER_URL]);
  });

  it("escapes the customer's name, the seller's name, the carrier and the tracking number", () => {
    const m = templates.partShipped({ ...shipped, customerName: HOSTILE, sellerName: HOSTILE, carrier: HOSTILE, trackingNumber: HOSTILE });
    expect(m.html).not.toContain("<script");
    expect(m.html.split(HOSTILE_ESCAPED).length - 1).toBe(4);
  });
});

describe("delivered", () => {
  const d = { customerName: "Priya Sharma", number: "RC-482913", sellerName: "Shree Lamington Computer Traders", items: [SSD], partOfOrder: true, orderUrl: ORDER_URL };

  it("says the seller's items arrived and how to return them", () => {
    const m = templates.delivered(d);
    expect(m.subject).toBe("Order RC-482913 has been delivered");
    expectWellFormed(m, [ORDER_URL]);
    expect(m.text).toContain("Items of your order RC-482913 from Shree Lamington Computer Traders have been delivered.");
    expect(htmlText(m)).toContain("Hello Priya Sharma, items of your order RC-482913 from Shree Lamington Computer Traders have been delivered.");
    expect(htmlText(m)).toMatch(/ask for a return or a replacement on your order page within \d+ days of delivery\./);
    expect(m.text).toContain("- Samsung 990 PRO 2TB PCIe 4.0 NVMe M.2 SSD × 2: ₹34,999.00");
  });

  it("speaks of the whole order without a seller", () => {
    const m = templates.delivered({ ...d, sellerName: null, partOfOrder: false });
    expect(m.text).toContain("Your order RC-482913 has been delivered.");
    expect(m.text).not.toContain("Shree");
  });

  it("escapes the customer's name, the seller's name and the items", () => {
    const m = templates.delivered({ ...d, customerName: HOSTILE, sellerName: HOSTILE, items: [{ ...SSD, name: HOSTILE }] });
    expect(m.html).not.toContain("<script");
    expect(m.html.split(HOSTILE_ESCAPED).length - 1).toBe(3);
  });
});

describe("orderCancelled", () => {
  const c = { customerName: "Priya Sharma", number: "RC-482913", total: 218_287_02, why: "customer" as const, paymentMethod: "upi", refunding: true, orderUrl: ORDER_URL };

  it("confirms a cancellation the customer asked for and promises the refund", () => {
    const m = templates.orderCancelled(c);
    expect(m.subject).toBe("Order RC-482913 has been cancelled");
    expectWellFormed(m, [ORDER_URL]);
    expect(m.text).toContain("As you asked, your order has been cancelled. Order RC-482913, total ₹2,18,287.02.");
    expect(m.text).toContain("₹2,18,287.02");
    expect(m.text).toContain("We have started a refund of ₹2,18,287.02 to your original payment method: it is credited in 5-7 business days.");
    expect(htmlText(m)).toContain("Hello Priya Sharma, as you asked, your order has been cancelled.");
  });

  it("says the shop cancelled it, and that nothing was charged for cash on delivery", () => {
    const m = templates.orderCancelled({ ...c, why: "shop", paymentMethod: "cod", refunding: false });
    expect(m.text).toContain("Your order has been cancelled by RC Computers.");
    expect(m.text).toContain("Nothing was charged: it was to be paid on delivery.");
    expect(m.text).not.toMatch(/refund/);
    expect(htmlText(m)).toContain("Hello Priya Sharma, your order has been cancelled by RC Computers.");
  });

  it("says an unpaid online order was cancelled for want of payment, and that nothing was charged", () => {
    const m = templates.orderCancelled({ ...c, why: "unpaid", paymentMethod: "card", refunding: false });
    expect(m.text).toContain("We did not receive the payment for your order within 30 minutes, so it has been cancelled.");
    expect(m.text).toContain("Nothing was charged.");
    expect(m.text).not.toMatch(/refund/);
  });

  it("promises the refund of a bank transfer cancelled by the shop", () => {
    const m = templates.orderCancelled({ ...c, why: "shop", paymentMethod: "bank_transfer", refunding: false });
    expect(m.text).toContain("Any amount you paid (₹2,18,287.02) will be refunded to your original payment method.");
  });

  it("escapes the customer's name", () => {
    const m = templates.orderCancelled({ ...c, customerName: HOSTILE });
    expect(m.html).not.toContain("<script");
    expect(m.html).toContain(`Hello ${HOSTILE_ESCAPED},`);
  });
});

describe("passwordChanged", () => {
  const resetUrl = `${BASE}/forgot-password`;

  it("says when, in India's time zone, and how to take the account back", () => {
    const m = templates.passwordChanged({ name: "Priya Sharma", changedAt: JUST_BEFORE_UTC_MIDNIGHT, resetUrl });
    expect(m.subject).toBe("Your RC Computers password was changed");
    expectWellFormed(m, [resetUrl]);
    expect(m.text).toContain("The password of your RC Computers account was changed on 24 Nov 2026. Other devices have been signed out.");
    expect(m.text).toContain(`If it wasn't you, reset your password now and tell us at support@rccomputers.in: ${resetUrl}`);
    expect(htmlText(m)).toContain("was changed on 24 Nov 2026.");
  });

  it("escapes the account's name", () => {
    const m = templates.passwordChanged({ name: HOSTILE, changedAt: JUST_BEFORE_UTC_MIDNIGHT, resetUrl });
    expect(m.html).not.toContain("<script");
    expect(m.html).toContain(`Hello ${HOSTILE_ESCAPED},`);
  });
});

describe("payoutAccountChanged", () => {
  const detailsUrl = `${BASE}/vendor/payments/details`;
  const m: templates.PayoutAccountChangedMail = {
    vendorName: "TechWorld Electronics",
    holderName: "Rohit Vardhan",
    masked: "••••••4321",
    ifsc: "HDFC0001234",
    changedBy: "seller",
    changedByName: "Rohit Vardhan",
    changedAt: JUST_BEFORE_UTC_MIDNIGHT,
    detailsUrl,
  };

  it("says which account, who changed it and when in India's time, and whom to tell if it was not them", () => {
    const c = templates.payoutAccountChanged(m);
    expect(c.subject).toBe("Your payout bank account was changed");
    expectWellFormed(c, [detailsUrl]);
    expect(c.text).toContain("was changed on 24 Nov 2026");
    expect(c.text).toContain("by Rohit Vardhan, from your vendor portal.");
    expect(c.text).toContain("New account: Rohit Vardhan, account ••••••4321, IFSC HDFC0001234.");
    expect(c.text).toContain("If you did not ask for this change, write to us at once at support@rccomputers.in");
    expect(templates.payoutAccountChanged({ ...m, changedBy: "admin", changedByName: "Shop Admin" }).text).toContain("by an administrator of RC Computers (Shop Admin).");
  });

  it("escapes the names", () => {
    const c = templates.payoutAccountChanged({ ...m, vendorName: HOSTILE, holderName: HOSTILE });
    expect(c.html).not.toContain("<script");
    expect(c.html).toContain(HOSTILE_ESCAPED);
  });
});

describe("passwordReset", () => {
  const link = `${BASE}/reset-password?token=abc_DEF-123`;

  it("gives the link and how long it lasts", () => {
    const m = templates.passwordReset({ name: "Priya Sharma", link, minutes: 60 });
    expect(m.subject).toBe("Reset your RC Computers password");
    expectWellFormed(m, [link]);
    expect(m.text).toContain("open this link within 60 minutes:\n\n" + link + "\n");
    expect(m.text).toContain("If it wasn't you, ignore this email: your password stays as it is.");
    expect(m.html).toContain(">Choose a new password</a>");
  });

  it("escapes the account's name, and an ampersand in the link's query", () => {
    const m = templates.passwordReset({ name: HOSTILE, link: `${link}&x=1`, minutes: 60 });
    expect(m.html).not.toContain("<script");
    expect(m.html).toContain(`Hello ${HOSTILE_ESCAPED},`);
    expect(m.html).toContain(`href="${link}&amp;x=1"`);
    expect(m.text).toContain(`${link}&x=1`);
  });
});

describe("vendorNewOrder", () => {
  const v = {
    vendorName: "Vardhan Infotech Distributors Pvt. Ltd.",
    number: "RC-482913",
    placedAt: JUST_BEFORE_UTC_MIDNIGHT,
    items: [LAPTOP],
    amount: 149_990_00,
    customerName: "Priya Sharma",
    city: "Pune",
    state: "Maharashtra",
    paymentMethod: "cod",
    ordersUrl: VENDOR_ORDERS_URL,
  };

  it("tells the seller what to ship, to whom and where, and its amount", () => {
    const m = templates.vendorNewOrder(v);
    expect(m.subject).toBe("New order RC-482913 for Vardhan Infotech Distributors Pvt. Ltd.");
    expectWellFormed(m, [VENDOR_ORDERS_URL]);
    expect(m.text).toContain("You have a new order, RC-482913, placed on 24 Nov 2026 by Priya Sharma (Pune, Maharashtra).");
    expect(m.text).toContain("- ASUS TUF Gaming A15 (Ryzen 7 7435HS, RTX 4060) × 1: ₹1,49,990.00");
    expect(m.text).toContain("Your items: ₹1,49,990.00 before GST. Payment: Cash on Delivery.");
    expect(m.text).toContain(`Pack and ship it from the vendor portal: ${VENDOR_ORDERS_URL}`);
    expect(htmlText(m)).toContain("Priya Sharma (Pune, Maharashtra) ordered on 24 Nov 2026:");
  });

  it("carries nothing of the customer beyond name and city", () => {
    const m = templates.vendorNewOrder(v);
    for (const part of [m.text, m.html]) {
      expect(part).not.toContain(ADDRESS.phone);
      expect(part).not.toContain(ADDRESS.line1);
      expect(part).not.toContain(ADDRESS.line2!);
      expect(part).not.toContain(ADDRESS.postalCode);
      expect(part).not.toMatch(/@(?!rccomputers\.in)/);
    }
  });

  it("escapes the seller's name, the customer's name and place, and the items", () => {
    const m = templates.vendorNewOrder({ ...v, vendorName: HOSTILE, customerName: HOSTILE, city: HOSTILE, state: HOSTILE, items: [{ ...LAPTOP, name: HOSTILE }] });
    expect(m.html).not.toContain("<script");
    // Title (subject), greeting, customer, city, state, item.
    expect(m.html.split(HOSTILE_ESCAPED).length - 1).toBe(6);
  });
});

describe("vendorOrderCancelled", () => {
  const ordersUrl = `${BASE}/vendor/orders`;

  it("tells the seller not to ship, listing its items", () => {
    const m = templates.vendorOrderCancelled({ vendorName: "Shree Lamington Computer Traders", number: "RC-482913", items: [SSD], ordersUrl });
    expect(m.subject).toBe("Order RC-482913 was cancelled: do not ship it");
    expectWellFormed(m, [ordersUrl]);
    expect(m.text).toContain("Order RC-482913 has been cancelled. Please do not ship these items:\n\n- Samsung 990 PRO 2TB PCIe 4.0 NVMe M.2 SSD × 2: ₹34,999.00");
    expect(htmlText(m)).toContain("Hello Shree Lamington Computer Traders, order RC-482913 has been cancelled.");
  });

  it("escapes the seller's name and the items", () => {
    const m = templates.vendorOrderCancelled({ vendorName: HOSTILE, number: "RC-482913", items: [{ ...SSD, name: HOSTILE }], ordersUrl });
    expect(m.html).not.toContain("<script");
    expect(m.html.split(HOSTILE_ESCAPED).length - 1).toBe(2);
  });
});

describe("vendorDecision", () => {
  const portalUrl = `${BASE}/vendor/dashboard`;
  const d = { ownerName: "Rohit Vardhan", vendorName: "Vardhan Infotech Distributors Pvt. Ltd.", approved: true, portalUrl };

  it("tells an approved seller its products are listed", () => {
    const m = templates.vendorDecision(d);
    expect(m.subject).toBe("Vardhan Infotech Distributors Pvt. Ltd. is approved to sell on RC Computers");
    expectWellFormed(m, [portalUrl]);
    expect(m.text).toContain("Good news: Vardhan Infotech Distributors Pvt. Ltd. has been approved. Your active products are now listed in the shop.");
    expect(m.text).toContain(`Open your vendor portal: ${portalUrl}`);
  });

  it("tells a rejected seller whom to write to, without a portal link", () => {
    const m = templates.vendorDecision({ ...d, approved: false });
    expect(m.subject).toBe("Your RC Computers seller application for Vardhan Infotech Distributors Pvt. Ltd.");
    expect(m.text).toContain("we could not approve Vardhan Infotech Distributors Pvt. Ltd. as a seller on RC Computers.");
    expect(m.text).toContain("write to support@rccomputers.in with your GSTIN and business details.");
    expect(m.text).not.toContain(portalUrl);
    expect(m.html).not.toContain("href=");
    expect(m.html).not.toMatch(/\ssrc\s*=|url\s*\(|<link/i);
  });

  it("escapes the owner's and business's names", () => {
    for (const approved of [true, false]) {
      const m = templates.vendorDecision({ ...d, approved, ownerName: HOSTILE, vendorName: HOSTILE });
      expect(m.html).not.toContain("<script");
      expect(m.html).toContain(`Hello ${HOSTILE_ESCAPED},`);
      expect(m.html).toContain(`<title>${escapeHtml(m.subject)}</title>`);
    }
  });
});

describe("adminVendorRegistered", () => {
  const reviewUrl = `${BASE}/admin/dashboard`;
  const r = { businessName: "Test Traders Pvt. Ltd.", ownerName: "Anil Kumar", email: "anil@example.in", gstin: "27AAPFU0939F1ZV", phone: "+91 98765 43210", reviewUrl };

  it("names the business in the subject and gives its details", () => {
    const m = templates.adminVendorRegistered(r);
    expect(m.subject).toBe("New vendor waiting for approval: Test Traders Pvt. Ltd.");
    expectWellFormed(m, [reviewUrl]);
    expect(m.text).toContain("Business: Test Traders Pvt. Ltd.\nOwner: Anil Kumar\nEmail: anil@example.in\nGSTIN: 27AAPFU0939F1ZV\nPhone: +91 98765 43210");
    expect(htmlText(m)).toContain("GSTIN27AAPFU0939F1ZV");
  });

  it("says what was not given", () => {
    const m = templates.adminVendorRegistered({ ...r, gstin: null, phone: null });
    expect(m.text).toContain("GSTIN: Not given\nPhone: Not given");
    expect(m.html).not.toContain("null");
  });

  it("escapes the business, the owner, the email, the GSTIN and the phone", () => {
    const m = templates.adminVendorRegistered({ ...r, businessName: HOSTILE, ownerName: HOSTILE, email: HOSTILE, gstin: HOSTILE, phone: HOSTILE });
    expect(m.html).not.toContain("<script");
    // Title (subject) and the five details.
    expect(m.html.split(HOSTILE_ESCAPED).length - 1).toBe(6);
  });
});

describe("adminContactMessage", () => {
  const messageUrl = `${BASE}/admin/messages/0b7c9a52-3f1e-4d6a-9c2b-8e5f1a2b3c4d`;
  const c = {
    name: "Arjun Mehta",
    email: "arjun@example.in",
    phone: "+91 99887 76655",
    subject: "Bulk order for 20 laptops",
    message: "Hello,\nWe need 20 laptops for our office in Pune.\nCan you quote a price?",
    messageUrl,
  };

  it("names the subject and carries the message", () => {
    const m = templates.adminContactMessage(c);
    expect(m.subject).toBe("New contact message: Bulk order for 20 laptops");
    expectWellFormed(m, [messageUrl]);
    expect(m.text).toContain("From: Arjun Mehta <arjun@example.in>, +91 99887 76655\nSubject: Bulk order for 20 laptops\n\n" + c.message);
    expect(htmlText(m)).toContain("From: Arjun Mehta <arjun@example.in>, +91 99887 76655\nSubject: Bulk order for 20 laptops");
    expect(htmlText(m)).toContain(c.message);
    expect(m.html).toContain("white-space:pre-wrap");
  });

  it("leaves out a phone that was not given", () => {
    const m = templates.adminContactMessage({ ...c, phone: null });
    expect(m.text).toContain("From: Arjun Mehta <arjun@example.in>\n");
    expect(m.html).not.toContain("null");
  });

  it("escapes the name, email, phone, subject and message", () => {
    const m = templates.adminContactMessage({ ...c, name: HOSTILE, email: HOSTILE, phone: HOSTILE, subject: HOSTILE, message: `${HOSTILE}\n<img src="https://evil.example/x.png">` });
    expect(m.html).not.toContain("<script");
    expect(m.html).not.toContain("<img");
    expect(m.html).toContain("&lt;img src=&quot;https://evil.example/x.png&quot;&gt;");
    // Title, name, email, phone, subject and the message.
    expect(m.html.split(HOSTILE_ESCAPED).length - 1).toBe(6);
    // The text part keeps the message as written.
    expect(m.text).toContain(`${HOSTILE}\n<img src="https://evil.example/x.png">`);
  });
});

describe("returns", () => {
  const m: templates.ReturnMail = {
    event: "refunded",
    number: "RC-482913-R1",
    orderNumber: "RC-482913",
    productName: LAPTOP.name,
    quantity: 1,
    reason: "Defective or not working",
    resolution: "refund",
    refundTotal: 176_988_20,
    refundTo: null,
    pickup: { carrier: "Delhivery", reference: "DLV123456" },
    replacement: null,
    note: null,
  };
  const returnsUrl = `${BASE}/vendor/returns?q=RC-482913-R1`;

  it("tell the customer the refund, its amount and the policy's days", () => {
    const c = templates.returnToCustomer({ ...m, customerName: "Priya Sharma", orderUrl: ORDER_URL });
    expect(c.subject).toBe("Return RC-482913-R1: refund started");
    expectWellFormed(c, [ORDER_URL]);
    expect(c.text).toContain("A refund of ₹1,76,988.20 has started to the original payment method: it is processed in 3-5 business days and credited in 5-7 business days.");
  });

  it("ask the seller to answer a request within 48 hours, and escape what the customer typed", () => {
    const s = templates.returnToSeller({ ...m, event: "requested", vendorName: "TechWorld Electronics", returnsUrl });
    expectWellFormed(s, [returnsUrl]);
    expect(s.text).toContain("Please approve or reject it within 48 hours.");
    const hostile = templates.returnToSeller({ ...m, event: "requested", productName: HOSTILE, vendorName: "TechWorld Electronics", returnsUrl });
    expect(hostile.html).not.toContain("<script");
    expect(hostile.html).toContain(HOSTILE_ESCAPED);
  });

  it("give the reason of a rejection and the pickup of an approval", () => {
    expect(templates.returnToCustomer({ ...m, event: "rejected", note: "Seal broken", customerName: "P", orderUrl: ORDER_URL }).text).toContain("Reason: Seal broken.");
    expect(templates.returnToCustomer({ ...m, event: "approved", customerName: "P", orderUrl: ORDER_URL }).text).toContain("Pickup by Delhivery, reference DLV123456.");
  });
});

describe("complaints", () => {
  const TICKET_URL = `${BASE}/grievances/5f0c2b9e-0000-4000-8000-000000000001`;
  const g: templates.GrievanceMail = {
    event: "raised",
    customerName: "Priya Sharma",
    number: "GRV/2026-27/0007",
    subject: "Keyboard arrived late",
    orderNumber: "RC-482913",
    message: null,
    ticketUrl: TICKET_URL,
  };

  it("give the customer the ticket number and the 48-hour and one-month promise", () => {
    const m = templates.grievanceToCustomer(g);
    expect(m.subject).toBe("Ticket GRV/2026-27/0007: complaint registered");
    expectWellFormed(m, [TICKET_URL]);
    expect(m.text).toContain("We have registered your complaint “Keyboard arrived late” about order RC-482913 as ticket GRV/2026-27/0007. We will acknowledge it within 48 hours and resolve it within one month.");
  });

  it("quote the officer's reply and closing note as text", () => {
    const replied = templates.grievanceToCustomer({ ...g, event: "replied", message: "The refund left us on 18 Nov.\nUTR 1234." });
    expect(replied.subject).toBe("Ticket GRV/2026-27/0007: a reply to your complaint");
    expectWellFormed(replied, [TICKET_URL]);
    expect(replied.text).toContain("The refund left us on 18 Nov.\nUTR 1234.");
    expect(templates.grievanceToCustomer({ ...g, event: "closed", message: "Refunded." }).text).toContain("with this note:\n\nRefunded.");
    const hostile = templates.grievanceToCustomer({ ...g, event: "replied", subject: HOSTILE, message: HOSTILE });
    expect(hostile.html).not.toContain("<script");
    expect(hostile.html).toContain(HOSTILE_ESCAPED);
    expect(hostile.text).toContain(HOSTILE);
  });

  it("tell the administrators of a new complaint, escaping what the customer wrote", () => {
    const url = `${BASE}/admin/grievances/x`;
    const m = templates.adminGrievanceRaised({ number: g.number, subject: "Keyboard arrived late", category: "Delivery", customerName: "Priya Sharma", details: "It came late.", ticketUrl: url });
    expectWellFormed(m, [url]);
    expect(m.text).toContain("Acknowledge it within 48 hours");
    const hostile = templates.adminGrievanceRaised({ number: g.number, subject: HOSTILE, category: "Delivery", customerName: HOSTILE, details: HOSTILE, ticketUrl: url });
    expect(hostile.html).not.toContain("<script");
  });
});

describe("a question about a seller's product", () => {
  it("quotes the customer's question as text and links to the portal's questions", () => {
    const url = `${BASE}/vendor/questions`;
    const m = templates.vendorQuestionAsked({ vendorName: "Vardhan Infotech", productName: "Logitech G213", question: "Is it quiet?\nSee https://example.com", questionsUrl: url });
    expect(m.subject).toBe("New question about Logitech G213");
    expectWellFormed(m, [url]);
    expect(m.text).toContain("Is it quiet?\nSee https://example.com");
    expect(m.html).not.toContain('href="https://example.com"');
    const hostile = templates.vendorQuestionAsked({ vendorName: "Vardhan Infotech", productName: HOSTILE, question: HOSTILE, questionsUrl: url });
    expect(hostile.html).not.toContain("<script");
    expect(hostile.html).toContain(HOSTILE_ESCAPED);
    expect(hostile.text).toContain(HOSTILE);
  });
});

describe("wishlist alerts", () => {
  const alert = { customerName: "Priya Sharma", productName: "Sony WH-1000XM5", price: 27_990_00, productUrl: "https://shop.test/products/p-1", wishlistUrl: "https://shop.test/wishlist" };

  it("back in stock: the product, its price, a link to it and how to stop", () => {
    const m = templates.wishlistBackInStock(alert);
    expect(m.subject).toBe("Back in stock: Sony WH-1000XM5");
    expect(m.text).toContain("Sony WH-1000XM5 is back in stock at ₹27,990.00.");
    expect(m.text).toContain("https://shop.test/products/p-1");
    expect(m.text).toContain("turn off “Notify me” on your wishlist:\nhttps://shop.test/wishlist");
    expect(m.html).toContain('href="https://shop.test/products/p-1"');
  });

  it("price drop: the saved price, the price now and the saving", () => {
    const m = templates.wishlistPriceDrop({ ...alert, savedPrice: 29_990_00 });
    expect(m.subject).toBe("Price drop: Sony WH-1000XM5");
    expect(m.text).toContain("Sony WH-1000XM5 now costs ₹27,990.00, down from ₹29,990.00 when you saved it: you save ₹2,000.00.");
  });

  it("names are text, never markup", () => {
    const HTML_IN_NAME = '<script>alert(1)</script><img src=x onerror="x">';
    for (const m of [templates.wishlistBackInStock({ ...alert, customerName: HTML_IN_NAME, productName: HTML_IN_NAME }), templates.wishlistPriceDrop({ ...alert, savedPrice: 30_000_00, customerName: HTML_IN_NAME, productName: HTML_IN_NAME })]) {
      expect(m.html).not.toContain("<script");
      expect(m.html).not.toContain("<img src=x");
      expect(m.html).toContain("&lt;script&gt;");
    }
  });
});

describe("review mails", () => {
  const hostile = "</p><script>alert(1)</script> <a href=\"https://evil.example\">win</a>";
  const m = { customerName: "Aditi <b>Rao</b>", productName: "Lenovo IdeaPad", reviewTitle: hostile, reason: hostile, productUrl: "https://shop.test/products/p-1" };

  it("tells the reviewer their review was hidden and why, as text", () => {
    const mail = templates.reviewHidden(m);
    expect(mail.subject).toBe("Your review has been hidden");
    expect(mail.text).toContain(hostile);
    expect(mail.text).toContain("https://shop.test/products/p-1");
    expect(mail.html).not.toContain("<script");
    expect(mail.html).not.toContain('<a href="https://evil.example"');
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.html).toContain("Aditi &lt;b&gt;Rao&lt;/b&gt;");
  });

  it("tells the reviewer their review is shown again", () => {
    const mail = templates.reviewRestored({ ...m, reason: "The link was removed" });
    expect(mail.subject).toBe("Your review is shown again");
    expect(mail.text).toContain("The link was removed");
    expect(mail.html).not.toContain("<script");
  });

  it("asks for a review of each item with its link, and says how to turn it off", () => {
    const mail = templates.reviewReminder({
      customerName: "Aditi",
      orderNumber: "RC-123456",
      items: [{ name: "Keyboard <i>RGB</i>", reviewUrl: "https://shop.test/products/p-1/review" }],
      profileUrl: "https://shop.test/profile",
    });
    expect(mail.subject).toBe("How is your order RC-123456?");
    expect(mail.text).toContain("- Keyboard <i>RGB</i>: https://shop.test/products/p-1/review");
    expect(mail.text).toContain("https://shop.test/profile");
    expect(mail.html).toContain('<a href="https://shop.test/products/p-1/review">Review Keyboard &lt;i&gt;RGB&lt;/i&gt;</a>');
  });
});

describe("every template", () => {
  it("is covered here", () => {
    const covered = ["vendorQuestionAsked", "returnToCustomer", "returnToSeller", "orderPlaced", "partShipped", "delivered", "orderCancelled", "passwordChanged", "passwordReset", "vendorNewOrder", "vendorOrderCancelled", "vendorDecision", "adminVendorRegistered", "adminContactMessage", "payoutAccountChanged", "grievanceToCustomer", "adminGrievanceRaised", "wishlistBackInStock", "wishlistPriceDrop", "reviewHidden", "reviewRestored", "reviewReminder"];
    const exported = Object.entries(templates)
      .filter(([, v]) => typeof v === "function")
      .map(([k]) => k)
      .sort();
    expect(exported).toEqual([...covered].sort());
  });
});
