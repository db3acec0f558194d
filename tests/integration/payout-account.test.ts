import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSecretBox } from "~/lib/secret-box.server";
import { PAYOUT_ACCOUNT_MESSAGES, parsePayoutAccount } from "~/modules/settlements/payout-account";
import { openPayoutAccount, PAYOUT_ACCOUNT_OUTCOMES, payoutAccountView, savePayoutAccount } from "~/modules/settlements/payout-account.server";
import { seedDemoCatalog } from "~/seed/seed.server";
import { insertUsers } from "../support/fixtures";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

// A seller's payout bank account: checked, sealed, mailed on every change, and only its own.
const box = createSecretBox(randomBytes(32));
const GOOD = { holderName: "  Rohit   Vardhan ", accountNumber: "5010 0123 4321", confirmAccountNumber: "501001234321", ifsc: "hdfc0001234" };

describe("payout details, the pure checks", () => {
  it("takes 9 to 18 digits, a matching confirmation and an IFSC, normalised", () => {
    expect(parsePayoutAccount(GOOD)).toEqual({ ok: true, value: { holderName: "Rohit Vardhan", accountNumber: "501001234321", ifsc: "HDFC0001234" } });
    const bad = (over: Partial<typeof GOOD>) => {
      const r = parsePayoutAccount({ ...GOOD, ...over });
      return r.ok ? {} : r.fieldErrors;
    };
    expect(bad({ accountNumber: "12345678", confirmAccountNumber: "12345678" })).toEqual({ accountNumber: PAYOUT_ACCOUNT_MESSAGES.accountNumber });
    expect(bad({ accountNumber: "1234567890123456789", confirmAccountNumber: "1234567890123456789" })).toEqual({ accountNumber: PAYOUT_ACCOUNT_MESSAGES.accountNumber });
    expect(bad({ accountNumber: "12345678901A" })).toEqual({ accountNumber: PAYOUT_ACCOUNT_MESSAGES.accountNumber });
    expect(bad({ confirmAccountNumber: "501001234322" })).toEqual({ confirmAccountNumber: PAYOUT_ACCOUNT_MESSAGES.confirmAccountNumber });
    for (const ifsc of ["HDFC1001234", "HDF00001234", "HDFC000123", "HDFC00012345"]) expect(bad({ ifsc })).toEqual({ ifsc: PAYOUT_ACCOUNT_MESSAGES.ifsc });
    expect(bad({ holderName: " R " })).toEqual({ holderName: PAYOUT_ACCOUNT_MESSAGES.holderName });
    expect(parsePayoutAccount({})).toMatchObject({ ok: false, fieldErrors: { holderName: expect.any(String), accountNumber: expect.any(String), ifsc: expect.any(String) } });
  });
});

describe.each(testDatabaseKinds)("payout details on %s", (kind) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    await insertUsers(t, [
      { id: "u-v1", name: "Rohit Vardhan", email: "owner1@example.in", role: "vendor" },
      { id: "u-v2", name: "Meera Shah", email: "owner2@example.in", role: "vendor" },
      { id: "u-admin", name: "Shop Admin", role: "admin" },
      { id: "u-cust", name: "Asha Verma", role: "customer" },
    ]);
    await t.db.updateTable("vendors").set({ owner_user_id: "u-v1" }).where("id", "=", "vendor-1").execute();
    await t.db.updateTable("vendors").set({ owner_user_id: "u-v2" }).where("id", "=", "vendor-2").execute();
  });
  afterAll(async () => t?.destroy());

  const mails = (to: string) => t.db.selectFrom("mail").select(["kind", "subject", "text_body", "to_address"]).where("to_address", "=", to).where("kind", "=", "vendor-payout-account-changed").orderBy("created_at").execute();
  const row = (vendorId: string) => t.db.selectFrom("vendor_payout_accounts").selectAll().where("vendor_id", "=", vendorId).executeTakeFirst();

  it("saves the seller's own account sealed, shows it masked, and mails the seller who changed it and when", async () => {
    const at = new Date("2026-11-20T09:30:00.000Z");
    const r = await savePayoutAccount(t, box, { vendorId: "vendor-1", actorUserId: "u-v1", details: GOOD }, at);
    expect(r).toEqual({ ok: true, message: PAYOUT_ACCOUNT_OUTCOMES.saved, changed: true });
    const stored = await row("vendor-1");
    expect(stored).toMatchObject({ holder_name: "Rohit Vardhan", account_number_masked: "••••••4321", ifsc: "HDFC0001234", updated_by: "u-v1", updated_at: at.toISOString(), razorpay_account_id: null });
    // Not in the table in the plain, in any column.
    expect(JSON.stringify(stored)).not.toContain("501001234321");
    expect(JSON.stringify(stored)).not.toContain("01234321");
    expect(await openPayoutAccount(t.db, box, "vendor-1")).toMatchObject({ accountNumber: "501001234321", ifsc: "HDFC0001234" });
    expect(await payoutAccountView(t.db, "vendor-1")).toEqual({ holderName: "Rohit Vardhan", masked: "••••••4321", ifsc: "HDFC0001234", updatedAt: at.toISOString(), updatedByName: "Rohit Vardhan" });

    const [mail] = await mails("owner1@example.in");
    expect(mail).toMatchObject({ subject: "Your payout bank account was changed" });
    expect(mail!.text_body).toContain("••••••4321");
    expect(mail!.text_body).toContain("by Rohit Vardhan, from your vendor portal");
    expect(mail!.text_body).toContain("20 Nov 2026");
    expect(mail!.text_body).toContain("If you did not ask for this change, write to us at once at support@rccomputers.in");
    expect(mail!.text_body).toContain("http://shop.test/vendor/payments/details");
    expect(mail!.text_body).not.toContain("501001234321");

    // The same details again change nothing and mail no one.
    expect(await savePayoutAccount(t, box, { vendorId: "vendor-1", actorUserId: "u-v1", details: GOOD })).toMatchObject({ ok: true, changed: false });
    expect(await mails("owner1@example.in")).toHaveLength(1);
  });

  it("an administrator may change it: the seller is told an administrator did, and the linked account is forgotten", async () => {
    await t.db.updateTable("vendor_payout_accounts").set({ razorpay_account_id: "acc_OldLinkedAcct1" }).where("vendor_id", "=", "vendor-1").execute();
    const r = await savePayoutAccount(t, box, { vendorId: "vendor-1", actorUserId: "u-admin", details: { ...GOOD, accountNumber: "999988887777", confirmAccountNumber: "999988887777" } });
    expect(r).toMatchObject({ ok: true, message: PAYOUT_ACCOUNT_OUTCOMES.savedByAdmin });
    expect(await row("vendor-1")).toMatchObject({ account_number_masked: "••••••7777", updated_by: "u-admin", razorpay_account_id: null });
    const all = await mails("owner1@example.in");
    expect(all).toHaveLength(2);
    expect(all[1]!.text_body).toContain("by an administrator of RC Computers (Shop Admin)");
    expect(all[1]!.text_body).toContain("••••••7777");
  });

  it("refuses another seller, a customer and bad input, and changes nothing", async () => {
    const before = await row("vendor-1");
    for (const actorUserId of ["u-v2", "u-cust", "no-such-user"]) {
      expect(await savePayoutAccount(t, box, { vendorId: "vendor-1", actorUserId, details: GOOD })).toEqual({ ok: false, reason: "forbidden", message: PAYOUT_ACCOUNT_OUTCOMES.forbidden });
    }
    const bad = await savePayoutAccount(t, box, { vendorId: "vendor-2", actorUserId: "u-v2", details: { ...GOOD, confirmAccountNumber: "1", ifsc: "XX" } });
    expect(bad).toMatchObject({ ok: false, reason: "invalid", fieldErrors: { confirmAccountNumber: PAYOUT_ACCOUNT_MESSAGES.confirmAccountNumber, ifsc: PAYOUT_ACCOUNT_MESSAGES.ifsc } });
    expect(await row("vendor-1")).toEqual(before);
    expect(await row("vendor-2")).toBeUndefined();
    expect(await mails("owner2@example.in")).toEqual([]);
  });
});
