import { describe, expect, it } from "vitest";
import { REFUND_DESTINATION_MESSAGES as M, parseRefundDestination } from "./refund-destination";

describe("a refund to a UPI ID", () => {
  it("is kept in lower case, trimmed, and masked to its first two letters and the handle", () => {
    expect(parseRefundDestination({ kind: "upi", upiId: "  Ravi.Kumar_91@OKAXIS " })).toEqual({
      ok: true,
      value: { kind: "upi", upiId: "ravi.kumar_91@okaxis" },
      masked: "UPI: ra•••@okaxis",
    });
  });

  it.each([
    ["no handle", "ravi.kumar"],
    ["an empty name", "@okaxis"],
    ["a handle with digits", "ravi@okaxis1"],
    ["a one-letter handle", "ravi@o"],
    ["a handle of 65 letters", `ravi@${"a".repeat(65)}`],
    ["a space inside", "ravi kumar@okaxis"],
    ["two @", "ravi@ok@axis"],
    ["over 256 characters", `${"r".repeat(250)}@okaxis`],
    ["nothing", ""],
  ])("is refused with %s", (_, upiId) => {
    expect(parseRefundDestination({ kind: "upi", upiId })).toEqual({ ok: false, fieldErrors: { upiId: M.upiId } });
  });

  it("accepts a handle of 64 letters and an ID of exactly 256 characters", () => {
    expect(parseRefundDestination({ kind: "upi", upiId: `ra@${"a".repeat(64)}` }).ok).toBe(true);
    expect(parseRefundDestination({ kind: "upi", upiId: `${"r".repeat(249)}@okaxis` }).ok).toBe(true);
  });
});

describe("a refund to a bank account", () => {
  const good = { kind: "bank", accountNumber: "1234 5678 9012", ifsc: " sbin0001234 ", accountName: "  Asha   Verma " };

  it("is kept as digits, an upper-case IFSC and a tidy name, and masked to the last four digits", () => {
    expect(parseRefundDestination(good)).toEqual({
      ok: true,
      value: { kind: "bank", accountNumber: "123456789012", ifsc: "SBIN0001234", accountName: "Asha Verma" },
      masked: "A/c ••••••9012, SBIN0001234",
    });
  });

  it("takes 9 to 18 digits", () => {
    expect(parseRefundDestination({ ...good, accountNumber: "123456789" }).ok).toBe(true);
    expect(parseRefundDestination({ ...good, accountNumber: "123456789012345678" }).ok).toBe(true);
    for (const accountNumber of ["12345678", "1234567890123456789", "12345678A", ""]) {
      expect(parseRefundDestination({ ...good, accountNumber })).toEqual({ ok: false, fieldErrors: { accountNumber: M.accountNumber } });
    }
  });

  it("needs an IFSC of 4 letters, 0, then 6 letters or digits", () => {
    for (const ifsc of ["SBIN1001234", "SBI00001234", "SBIN000123", "SBIN00012345", "SBIN000123-"]) {
      expect(parseRefundDestination({ ...good, ifsc })).toEqual({ ok: false, fieldErrors: { ifsc: "Enter a valid IFSC (for example SBIN0001234)." } });
    }
    expect(parseRefundDestination({ ...good, ifsc: "hdfc0abc123" })).toMatchObject({ ok: true, value: { ifsc: "HDFC0ABC123" } });
  });

  it("needs the account holder's name, 2 to 100 characters", () => {
    expect(parseRefundDestination({ ...good, accountName: " A " })).toEqual({ ok: false, fieldErrors: { accountName: M.accountName } });
    expect(parseRefundDestination({ ...good, accountName: "A".repeat(101) })).toEqual({ ok: false, fieldErrors: { accountName: M.accountName } });
    expect(parseRefundDestination({ ...good, accountName: "Al" }).ok).toBe(true);
  });

  it("says what is wrong with each field at once", () => {
    expect(parseRefundDestination({ kind: "bank", accountNumber: "12", ifsc: "X" })).toEqual({
      ok: false,
      fieldErrors: { accountNumber: M.accountNumber, ifsc: M.ifsc, accountName: M.accountName },
    });
  });
});

describe("a refund destination", () => {
  it("is UPI or a bank account", () => {
    expect(parseRefundDestination({ kind: "cheque" })).toEqual({ ok: false, fieldErrors: { kind: M.kind } });
    expect(parseRefundDestination({})).toEqual({ ok: false, fieldErrors: { kind: M.kind } });
    expect(parseRefundDestination(null)).toMatchObject({ ok: false });
  });
});
