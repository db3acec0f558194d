import { describe, expect, it } from "vitest";
import { BASE, HOSTILE, HOSTILE_ESCAPED, expectWellFormed, templateNames } from "../../../tests/support/mail-content";
import * as templates from "./mail";

/**
 * Every template rendered from realistic data: its subject, Indian formatting, escaping of what
 * people typed, a text part without markup, HTML that loads nothing, and the links it was given.
 */

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

describe("every template", () => {
  it("is covered here", () => {
    const covered = ["grievanceToCustomer", "adminGrievanceRaised"];
    expect(templateNames(templates)).toEqual([...covered].sort());
  });
});
