import { describe, expect, it } from "vitest";
import { BASE, HOSTILE, HOSTILE_ESCAPED, expectWellFormed, templateNames } from "../../../tests/support/mail-content";
import * as templates from "./mail";

/**
 * Every template rendered from realistic data: its subject, Indian formatting, escaping of what
 * people typed, a text part without markup, HTML that loads nothing, and the links it was given.
 */

const ORDER_URL = `${BASE}/orders/RC-482913`;

describe("returns", () => {
  const m: templates.ReturnMail = {
    event: "refunded",
    number: "RC-482913-R1",
    orderNumber: "RC-482913",
    productName: "ASUS TUF Gaming A15 (Ryzen 7 7435HS, RTX 4060)",
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

describe("every template", () => {
  it("is covered here", () => {
    const covered = ["returnToCustomer", "returnToSeller"];
    expect(templateNames(templates)).toEqual([...covered].sort());
  });
});
