import { describe, expect, it } from "vitest";
import { BASE, JUST_BEFORE_UTC_MIDNIGHT, HOSTILE, HOSTILE_ESCAPED, expectWellFormed, htmlText, templateNames } from "../../../tests/support/mail-content";
import * as templates from "./mail";
import type { MailAddress, MailItem, OrderPlacedMail } from "./mail";

/**
 * Every template rendered from realistic data: its subject, Indian formatting, escaping of what
 * people typed, a text part without markup, HTML that loads nothing, and the links it was given.
 */

const ORDER_URL = `${BASE}/orders/RC-482913`;
const VENDOR_ORDERS_URL = `${BASE}/vendor/orders?expand=RC-482913`;

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

describe("every template", () => {
  it("is covered here", () => {
    const covered = ["orderPlaced", "partShipped", "delivered", "orderCancelled", "vendorNewOrder", "vendorOrderCancelled"];
    expect(templateNames(templates)).toEqual([...covered].sort());
  });
});
