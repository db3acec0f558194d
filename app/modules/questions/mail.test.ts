import { describe, expect, it } from "vitest";
import { BASE, HOSTILE, HOSTILE_ESCAPED, expectWellFormed, templateNames } from "../../../tests/support/mail-content";
import * as templates from "./mail";

/**
 * Every template rendered from realistic data: its subject, Indian formatting, escaping of what
 * people typed, a text part without markup, HTML that loads nothing, and the links it was given.
 */

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

describe("every template", () => {
  it("is covered here", () => {
    const covered = ["vendorQuestionAsked"];
    expect(templateNames(templates)).toEqual([...covered].sort());
  });
});
