import { describe, expect, it } from "vitest";
import { cardErrors, expiryProblem, isUpiId, passesLuhn, paymentDisclosure } from "./methods";

describe("card checks", () => {
  it("runs the Luhn check", () => {
    expect(passesLuhn("4111 1111 1111 1111")).toBe(true);
    expect(passesLuhn("4111 1111 1111 1112")).toBe(false);
    expect(passesLuhn("abcd")).toBe(false);
  });
  it("refuses past or malformed expiry dates", () => {
    const now = new Date(2026, 10, 22);
    expect(expiryProblem("11/26", now)).toBeNull();
    expect(expiryProblem("10/26", now)).toBe("This card has expired");
    expect(expiryProblem("13/27", now)).toBe("Please enter a month from 01 to 12");
    expect(expiryProblem("1127", now)).toBe("Please enter the expiry as MM/YY");
  });
  it("needs every card field, with a 3-digit CVV", () => {
    expect(cardErrors({ nameOnCard: "", cardNumber: "", expiry: "", cvv: "12" }, new Date(2026, 0, 1))).toEqual({
      nameOnCard: "Please enter the name on the card",
      cardNumber: "Please enter the card number",
      expiry: "Please enter the expiry date (MM/YY)",
      cvv: "Please enter the 3-digit CVV",
    });
    expect(cardErrors({ nameOnCard: "A", cardNumber: "4111111111111111", expiry: "12/30", cvv: "123" })).toEqual({});
  });
});

describe("UPI IDs", () => {
  it("look like name@handle", () => {
    expect(isUpiId("priya.sharma@okicici")).toBe(true);
    expect(isUpiId("9876543210@ybl")).toBe(true);
    expect(isUpiId("priya")).toBe(false);
    expect(isUpiId("@ybl")).toBe(false);
    expect(isUpiId("a b@ybl")).toBe(false);
  });
});

describe("the payment step's disclosure", () => {
  it("lists the methods offered, names Razorpay for card and UPI, and says there is no fee", () => {
    expect(paymentDisclosure(["cod", "upi", "card"])).toBe(
      "Payment methods offered: Credit / Debit Card, UPI and Cash on Delivery. Credit / Debit Card and UPI payments are processed by Razorpay, our payment gateway. No fee is charged for any payment method.",
    );
  });
  it("names no processor when only offline methods are offered", () => {
    expect(paymentDisclosure(["cod"])).toBe("Payment methods offered: Cash on Delivery. No fee is charged for any payment method.");
    expect(paymentDisclosure([])).toBe("");
  });
});
