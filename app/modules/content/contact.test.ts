import { describe, expect, it } from "vitest";
import { issueErrors } from "~/lib/form";
import { contactSchema } from "./contact.schema";

const valid = { name: "Asha Verma", email: "asha@example.in", phone: "", subject: "Order Status", message: "Where is my order?" };

describe("contact form rules", () => {
  it("accepts a complete message with the phone left empty", () => {
    const r = contactSchema.parse(valid);
    expect(r.phone).toBeNull();
    expect(r.subject).toBe("Order Status");
  });
  it("requires name, email, subject and message, each with its own message", () => {
    const r = contactSchema.safeParse({ name: " ", email: "", subject: "", message: "" });
    expect(r.success).toBe(false);
    if (!r.success) {
      expect(issueErrors(r.error.issues).fieldErrors).toEqual({
        name: "Please enter your name",
        email: "Please enter your email address",
        subject: "Please choose a subject",
        message: "Please enter your message",
      });
    }
  });
  it("rejects a malformed email, an unknown subject and a bad phone", () => {
    const r = contactSchema.safeParse({ ...valid, email: "asha@", subject: "Spam", phone: "call me" });
    expect(r.success).toBe(false);
    if (!r.success) {
      const e = issueErrors(r.error.issues).fieldErrors;
      expect(e.email).toBe("Please enter a valid email address");
      expect(e.subject).toBe("Please choose a subject");
      expect(e.phone).toMatch(/valid phone number/);
    }
  });
});
