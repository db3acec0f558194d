import { describe, expect, it } from "vitest";
import { escapeHtml } from "~/modules/mail/html";
import { BASE, JUST_BEFORE_UTC_MIDNIGHT, HOSTILE, HOSTILE_ESCAPED, expectWellFormed, htmlText, templateNames } from "../../../tests/support/mail-content";
import * as templates from "./mail";

/**
 * Every template rendered from realistic data: its subject, Indian formatting, escaping of what
 * people typed, a text part without markup, HTML that loads nothing, and the links it was given.
 */

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

describe("every template", () => {
  it("is covered here", () => {
    const covered = ["passwordChanged", "passwordReset", "vendorDecision", "adminVendorRegistered"];
    expect(templateNames(templates)).toEqual([...covered].sort());
  });
});
