import { describe, expect, it } from "vitest";
import { BASE, JUST_BEFORE_UTC_MIDNIGHT, HOSTILE, HOSTILE_ESCAPED, expectWellFormed, templateNames } from "../../../tests/support/mail-content";
import * as templates from "./mail";

/**
 * Every template rendered from realistic data: its subject, Indian formatting, escaping of what
 * people typed, a text part without markup, HTML that loads nothing, and the links it was given.
 */

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

describe("every template", () => {
  it("is covered here", () => {
    const covered = ["payoutAccountChanged"];
    expect(templateNames(templates)).toEqual([...covered].sort());
  });
});
