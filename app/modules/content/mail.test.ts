import { describe, expect, it } from "vitest";
import { BASE, HOSTILE, HOSTILE_ESCAPED, expectWellFormed, htmlText, templateNames } from "../../../tests/support/mail-content";
import * as templates from "./mail";

/**
 * Every template rendered from realistic data: its subject, Indian formatting, escaping of what
 * people typed, a text part without markup, HTML that loads nothing, and the links it was given.
 */

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

describe("every template", () => {
  it("is covered here", () => {
    const covered = ["adminContactMessage"];
    expect(templateNames(templates)).toEqual([...covered].sort());
  });
});
