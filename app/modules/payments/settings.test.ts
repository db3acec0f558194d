import { describe, expect, it } from "vitest";
import { checkoutMethods, onlineNeedsJavaScriptMessage, paymentMethodInCapitals } from "./methods";
import { PAYMENT_SETTINGS_MESSAGES as M, isIfsc, maskSecret, normaliseIfsc, razorpayKeyIdProblem, stripePublishableKeyProblem, stripeSecretKeyProblem } from "./settings";
import { parsePaymentSettingsForm, type StoredSecrets } from "./settings-form.server";

const NOTHING_STORED: StoredSecrets = { razorpayKeySecret: false, razorpayWebhookSecret: false, stripeSecretKey: false, bankAccountNumber: false };
const ALL_STORED: StoredSecrets = { razorpayKeySecret: true, razorpayWebhookSecret: true, stripeSecretKey: true, bankAccountNumber: true };

describe("masking", () => {
  it("shows the last 4 characters only", () => {
    expect(maskSecret("FakeDemoSecretNotReal1234")).toBe("••••••••1234");
    expect(maskSecret("123456789012")).toBe("••••••••9012");
    // Too short to give away a quarter of it: nothing is shown.
    expect(maskSecret("abc1234")).toBe("••••••••");
    expect(maskSecret("")).toBe("••••••••");
  });
});

describe("IFSC", () => {
  it("is 4 letters, 0, then 6 letters or digits; lower case is accepted and stored upper case", () => {
    expect(isIfsc("HDFC0001234")).toBe(true);
    expect(isIfsc("SBIN0ABC12D")).toBe(true);
    expect(isIfsc(normaliseIfsc(" hdfc0001234 "))).toBe(true);
    expect(normaliseIfsc(" hdfc0001234 ")).toBe("HDFC0001234");
    expect(isIfsc("HDFC1001234")).toBe(false); // fifth character must be 0
    expect(isIfsc("HDF00001234")).toBe(false); // four letters first
    expect(isIfsc("HDFC000123")).toBe(false); // too short
    expect(isIfsc("HDFC00012345")).toBe(false); // too long
    expect(isIfsc("HDFC0-01234")).toBe(false);
  });
});

describe("key formats", () => {
  it("Razorpay Key IDs start with rzp_", () => {
    expect(razorpayKeyIdProblem("rzp_test_1DP5mmOlF5G5ag")).toBeNull();
    expect(razorpayKeyIdProblem("rzp_live_ABCDEFGH")).toBeNull();
    expect(razorpayKeyIdProblem("key_test_123456")).toBe(M.razorpayKeyId);
    expect(razorpayKeyIdProblem("rzp_")).toBe(M.razorpayKeyId);
  });
  it("Stripe publishable keys start with pk_, secret keys with sk_, and a secret key is caught in the wrong field", () => {
    expect(stripePublishableKeyProblem("pk_test_51HxYz")).toBeNull();
    expect(stripePublishableKeyProblem("sk_test_51HxYz")).toBe(M.stripeLooksSecret);
    expect(stripePublishableKeyProblem("publishable")).toBe(M.stripePublishableKey);
    expect(stripeSecretKeyProblem("sk_live_51HxYz")).toBeNull();
    expect(stripeSecretKeyProblem("pk_live_51HxYz")).toBe(M.stripeSecretKey);
  });
});

describe("the admin form, read on the server", () => {
  it("a fresh form with nothing ticked saves everything off", () => {
    const r = parsePaymentSettingsForm({}, NOTHING_STORED);
    expect(r).toEqual({
      ok: true,
      data: {
        razorpay: { enabled: false, keyId: null, keySecret: undefined },
        cod: { enabled: false },
        stripe: { enabled: false, publishableKey: null, secretKey: undefined },
        bank: { enabled: false, accountName: null, accountNumber: undefined, bankName: null, ifsc: null },
      },
    });
  });

  it("reads every section, trims, upper-cases the IFSC and keeps only the digits of the account number", () => {
    const r = parsePaymentSettingsForm(
      {
        razorpayEnabled: "on",
        razorpayKeyId: " rzp_test_1DP5mmOlF5G5ag ",
        razorpayKeySecret: "thisIsTheSecret9876",
        codEnabled: "on",
        stripeEnabled: "on",
        stripePublishableKey: "pk_test_51Habc",
        stripeSecretKey: "sk_test_51Hxyz",
        bankEnabled: "on",
        bankAccountName: "  RC Computers   Pvt Ltd ",
        bankAccountNumber: "5010 0123 4567 89",
        bankName: "HDFC Bank",
        bankIfsc: "hdfc0001234",
      },
      NOTHING_STORED,
    );
    expect(r).toEqual({
      ok: true,
      data: {
        razorpay: { enabled: true, keyId: "rzp_test_1DP5mmOlF5G5ag", keySecret: "thisIsTheSecret9876" },
        cod: { enabled: true },
        stripe: { enabled: true, publishableKey: "pk_test_51Habc", secretKey: "sk_test_51Hxyz" },
        bank: { enabled: true, accountName: "RC Computers Pvt Ltd", accountNumber: "50100123456789", bankName: "HDFC Bank", ifsc: "HDFC0001234" },
      },
    });
  });

  it("enabling a provider needs its keys, typed now or stored", () => {
    const none = parsePaymentSettingsForm({ razorpayEnabled: "on", stripeEnabled: "on", bankEnabled: "on" }, NOTHING_STORED);
    expect(none.ok).toBe(false);
    if (none.ok) return;
    expect(none.fieldErrors).toEqual({
      razorpayKeyId: M.needRazorpayKeyId,
      razorpayKeySecret: M.needRazorpayKeySecret,
      stripePublishableKey: M.needStripePublishableKey,
      stripeSecretKey: M.needStripeSecretKey,
      bankAccountName: M.needAccountName,
      bankAccountNumber: M.needAccountNumber,
      bankName: M.needBankName,
      bankIfsc: M.needIfsc,
    });
    expect(none.typedSecret).toBe(false);
    // Stored secrets count: blank secret fields keep them.
    const stored = parsePaymentSettingsForm(
      { razorpayEnabled: "on", razorpayKeyId: "rzp_test_abcdef", stripeEnabled: "on", stripePublishableKey: "pk_test_abcdef", bankEnabled: "on", bankAccountName: "RC", bankName: "SBI", bankIfsc: "SBIN0001234" },
      ALL_STORED,
    );
    expect(stored.ok).toBe(true);
    if (stored.ok) {
      expect(stored.data.razorpay.keySecret).toBeUndefined();
      expect(stored.data.stripe.secretKey).toBeUndefined();
      expect(stored.data.bank.accountNumber).toBeUndefined();
    }
  });

  it("says what is wrong with each field, and whether a secret was typed (it must be typed again)", () => {
    const r = parsePaymentSettingsForm(
      {
        razorpayKeyId: "key_123456",
        razorpayKeySecret: "has space in it",
        stripePublishableKey: "sk_test_oops1234",
        stripeSecretKey: "secret",
        bankAccountNumber: "12ab",
        bankIfsc: "HDFC1234567",
        bankName: "X",
      },
      NOTHING_STORED,
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.fieldErrors).toEqual({
      razorpayKeyId: M.razorpayKeyId,
      razorpayKeySecret: M.razorpayKeySecret,
      stripePublishableKey: M.stripeLooksSecret,
      stripeSecretKey: M.stripeSecretKey,
      bankAccountNumber: M.accountNumber,
      bankIfsc: M.ifsc,
      bankName: M.bankName,
    });
    expect(r.typedSecret).toBe(true);
  });

  it("refuses a test publishable key with a live secret key", () => {
    const r = parsePaymentSettingsForm({ stripePublishableKey: "pk_test_abcdef", stripeSecretKey: "sk_live_abcdef" }, NOTHING_STORED);
    expect(r.ok ? null : r.fieldErrors).toEqual({ stripeSecretKey: M.stripeModes });
  });

  it("refuses values over 255 characters", () => {
    const r = parsePaymentSettingsForm({ razorpayKeyId: `rzp_${"a".repeat(300)}` }, NOTHING_STORED);
    expect(r.ok ? null : r.fieldErrors).toEqual({ razorpayKeyId: M.tooLong });
  });
});

describe("which methods checkout offers", () => {
  const off = { razorpay: false, stripe: false, cod: false, bankTransfer: false };
  it("card and UPI with Razorpay (not Stripe), cash on delivery and bank transfer by their own switch", () => {
    expect(checkoutMethods({ ...off, cod: true })).toEqual(["cod"]);
    expect(checkoutMethods({ ...off, razorpay: true, cod: true })).toEqual(["card", "upi", "cod"]);
    expect(checkoutMethods({ ...off, stripe: true })).toEqual([]);
    expect(checkoutMethods({ ...off, bankTransfer: true, cod: true })).toEqual(["cod", "bank_transfer"]);
    expect(checkoutMethods({ razorpay: true, stripe: true, cod: true, bankTransfer: true })).toEqual(["card", "upi", "cod", "bank_transfer"]);
    expect(checkoutMethods(off)).toEqual([]);
  });
  it("names only the other methods on offer when paying online needs JavaScript", () => {
    expect(onlineNeedsJavaScriptMessage(["card", "upi", "cod"])).toBe("Please enable JavaScript to pay by card or UPI, or choose Cash on Delivery.");
    expect(onlineNeedsJavaScriptMessage(["card", "upi", "cod", "bank_transfer"])).toBe(
      "Please enable JavaScript to pay by card or UPI, or choose Cash on Delivery or Bank Transfer.",
    );
    expect(onlineNeedsJavaScriptMessage(["card", "upi"])).toBe("Please enable JavaScript to pay by card or UPI.");
  });
  it("writes methods in capitals", () => {
    expect(["card", "upi", "cod", "bank_transfer"].map(paymentMethodInCapitals)).toEqual(["CARD", "UPI", "COD", "BANK TRANSFER"]);
  });
});
