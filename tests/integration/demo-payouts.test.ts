import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { parseEnv } from "~/config/env.server";
import { vendorBalance } from "~/modules/settlements/ledger.server";
import { openPayoutAccount, payoutAccountView } from "~/modules/settlements/payout-account.server";
import { payThroughRoute, ROUTE_PAYOUT_MESSAGES, runRouteTransfer } from "~/modules/settlements/route-payouts.server";
import { DEMO_PAYOUT_ACCOUNTS } from "~/seed/seed.server";
import { createShop } from "../../server/shop";
import { waitFor } from "../support/razorpay";

// The demo: its sellers' payout accounts at seed time, a Route payout through its own sandbox, and
// the sandbox knowing the linked account made for it after a restart.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rc-demo-payouts-"));
// Nothing listens on PORT: the sandbox's webhooks go unanswered, and the job alone moves payouts.
const env = parseEnv({ NODE_ENV: "test", DATA_DIR: dir, SEED_DEMO: "1", PORT: "4921", RAZORPAY_SANDBOX: "on", RAZORPAY_SANDBOX_PORT: "4920" });
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it("seeds vendor-1's and vendor-2's payout accounts sealed, pays vendor-1 through the sandbox, and keeps its linked account across a restart", { timeout: 60_000 }, async () => {
  const shop = await createShop(env, { log: () => {}, sandbox: true, workJobs: true });
  let linked: string | null;
  let payoutId = "";
  try {
    const { db } = shop.database;
    const store = { db, outbox: shop.outbox };
    expect(await payoutAccountView(db, "vendor-1")).toMatchObject({ masked: "••••••4567", ifsc: DEMO_PAYOUT_ACCOUNTS["vendor-1"].ifsc });
    expect(await openPayoutAccount(db, shop.secrets, "vendor-2")).toMatchObject({ accountNumber: DEMO_PAYOUT_ACCOUNTS["vendor-2"].accountNumber });
    expect(await payoutAccountView(db, "vendor-3")).toBeNull();
    expect(JSON.stringify(await db.selectFrom("vendor_payout_accounts").selectAll().execute())).not.toContain(DEMO_PAYOUT_ACCOUNTS["vendor-1"].accountNumber);
    expect(await payThroughRoute(store, { vendorId: "vendor-3", idempotencyKey: "demo-vendor-3", actorUserId: null })).toMatchObject({ ok: false, message: ROUTE_PAYOUT_MESSAGES.noAccount });

    expect((await vendorBalance(db, "vendor-1")).payable).toBeGreaterThan(0);
    const r = await payThroughRoute(store, { vendorId: "vendor-1", idempotencyKey: "demo-vendor-1", actorUserId: null });
    if (!r.ok) throw new Error(r.message);
    payoutId = r.payoutId;
    await waitFor("the transfer to be made", async () => (await db.selectFrom("payouts").select("razorpay_transfer_id").where("id", "=", r.payoutId).executeTakeFirstOrThrow()).razorpay_transfer_id !== null, 20_000);
    linked = (await openPayoutAccount(db, shop.secrets, "vendor-1"))!.razorpayAccountId;
    expect(linked).toMatch(/^acc_/);
  } finally {
    await shop.close();
  }

  const again = await createShop(env, { log: () => {}, sandbox: true });
  try {
    const api = (await again.payments.razorpay())!.api;
    // Razorpay would know it; the restarted sandbox was told.
    expect(await api.createTransfer({ account: linked!, amount: 100, idempotencyKey: "demo-after-restart" })).toMatchObject({ recipient: linked, status: "pending" });
    // The transfer it forgot is asked for again, once, to the same linked account.
    const store = { db: again.database.db, outbox: again.outbox };
    const payout = () => again.database.db.selectFrom("payouts").selectAll().where("id", "=", payoutId).executeTakeFirstOrThrow();
    const forgotten = (await payout()).razorpay_transfer_id;
    await runRouteTransfer(store, again.payments, again.secrets, payoutId);
    const asked = (await payout()).razorpay_transfer_id!;
    expect(asked).not.toBe(forgotten);
    expect(await api.fetchTransfer(asked)).toMatchObject({ recipient: linked, notes: { payout_id: payoutId } });
  } finally {
    await again.close();
  }
});
