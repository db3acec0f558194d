import { describe, expect, it } from "vitest";
import { templateNames } from "../../../tests/support/mail-content";
import * as templates from "./mail";

/**
 * Every template rendered from realistic data: its subject, Indian formatting, escaping of what
 * people typed, a text part without markup, HTML that loads nothing, and the links it was given.
 */

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
    const covered = ["reviewHidden", "reviewRestored", "reviewReminder"];
    expect(templateNames(templates)).toEqual([...covered].sort());
  });
});
