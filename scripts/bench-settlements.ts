// Settlements benchmark: 100,000 delivered order parts over the last twelve months (half of them
// one seller's), each with the ledger entries the shop would post (rules.ts partEntries), 2% of
// them refunded in part with their credit notes and reversals. Times the sellers' balances, a
// month's statement and the month's TCS and TDS reports. Run through `npm run bench` (or
// `npx tsx scripts/bench-settlements.ts`); set BENCH_DATABASE_URL to also run it on PostgreSQL.
// A figure to read, not a test.
import type { Insertable, Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { PRODUCT_CATEGORIES } from "~/modules/catalog/categories";
import { placeOfSupply, supplierState, supplyKind } from "~/modules/gst/gst";
import { balances, payByBankTransfer, vendorBalance } from "~/modules/settlements/ledger.server";
import { addMonths, indiaMonthOf } from "~/modules/settlements/months";
import { reportMonth } from "~/modules/settlements/reports";
import { reconciliation, tcsReport, tdsReport } from "~/modules/settlements/reports.server";
import { commissionInvoice, vendorLedgerSales, vendorMonthlySales, vendorStatement } from "~/modules/settlements/statements.server";
import { FIRST_RATES, partRates, partTargets, type PartLine } from "~/modules/settlements/rules";
import { analyze, onEachDatabase, prepareShop, rand, time, type BenchKind } from "./bench-support";

const PARTS = Number(process.env.BENCH_SETTLEMENT_PARTS ?? 100_000);
const DAY = 86_400_000;
const STATES = ["Karnataka", "Delhi", "Maharashtra", "Uttar Pradesh", "Tamil Nadu", "West Bengal"];
const GSTINS: Record<string, string> = { "vendor-1": "07AAHCV4821K1Z2", "vendor-2": "27AAQFS3947H1ZM", "vendor-3": "29AABCT1332L1ZV" };

async function generate(db: Kysely<Database>, kind: BenchKind, now: number) {
  const r = rand(23);
  const rates = FIRST_RATES;
  const stamp = kind === "postgres" ? new Date(now) : new Date(now).toISOString();
  await db
    .insertInto("user")
    .values({ id: "bench-customer", name: "Bench Buyer", email: "bench@example.in", emailVerified: kind === "postgres" ? false : 0, image: null, createdAt: stamp, updatedAt: stamp, role: "customer", banned: null, banReason: null, banExpires: null })
    .execute();
  const BATCH = 400;
  for (let start = 0; start < PARTS; start += BATCH) {
    const orders: Insertable<Database["orders"]>[] = [];
    const items: Insertable<Database["order_items"]>[] = [];
    const parts: Insertable<Database["order_parts"]>[] = [];
    const entries: Insertable<Database["ledger_entries"]>[] = [];
    for (let i = start; i < Math.min(PARTS, start + BATCH); i++) {
      const vendorId = i % 2 === 0 ? "vendor-1" : i % 3 ? "vendor-2" : "vendor-3";
      const id = `so-${i}`;
      const number = `RC-${String(300_000 + i)}`;
      const placed = now - r() * 365 * DAY;
      const delivered = new Date(placed + 3 * DAY).toISOString();
      const created = new Date(placed).toISOString();
      const category = PRODUCT_CATEGORIES[Math.floor(r() * PRODUCT_CATEGORIES.length)]!;
      const qty = 1 + Math.floor(r() * 3);
      const price = 99_900 + Math.floor(r() * 10_000_000);
      const amount = price * qty;
      const shipState = STATES[Math.floor(r() * STATES.length)]!;
      orders.push({
        id,
        number,
        user_id: "bench-customer",
        idempotency_key: id,
        status: "delivered",
        sub_total_paise: amount,
        shipping_paise: 0,
        tax_paise: Math.round(amount * 0.18),
        total_paise: amount + Math.round(amount * 0.18),
        payment_method: "cod",
        ship_full_name: "Bench Buyer",
        ship_phone: "+91 98765 43210",
        ship_line1: "1 MG Road",
        ship_line2: null,
        ship_city: "Bengaluru",
        ship_state: shipState,
        ship_postal_code: "560001",
        created_at: created,
        updated_at: delivered,
      });
      items.push({ id: `si-${i}`, order_id: id, position: 0, product_id: "product-logitech-g213-prodigy", vendor_id: vendorId, name: "Bench item", unit_price_paise: price, quantity: qty, line_total_paise: amount, category });
      parts.push({
        order_id: id,
        vendor_id: vendorId,
        status: "delivered",
        amount_paise: amount,
        item_count: qty,
        carrier: "Blue Dart",
        tracking_number: "BD1234567",
        order_number: number,
        customer_user_id: "bench-customer",
        order_created_at: created,
        updated_at: delivered,
        delivered_at: delivered,
      });
      const supply = supplyKind(supplierState(GSTINS[vendorId]!), placeOfSupply(shipState));
      const sold: PartLine[] = [{ category, taxable: amount }];
      const refunded: PartLine[] = r() < 0.02 ? [{ category, taxable: price }] : [];
      const targets = partTargets(sold, refunded, supply, partRates(rates, created));
      for (const [kind, value] of Object.entries(targets)) {
        if (!value) continue;
        const at = kind === "refund" || kind.endsWith("_reversal") ? new Date(placed + 6 * DAY).toISOString() : delivered;
        entries.push({ id: `se-${i}-${kind}`, vendor_id: vendorId, order_id: id, order_number: number, kind, amount_paise: value, supply, payout_id: null, created_at: at });
      }
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("orders").values(orders).execute();
      await trx.insertInto("order_items").values(items).execute();
      await trx.insertInto("order_parts").values(parts).execute();
      for (let k = 0; k < entries.length; k += 500) await trx.insertInto("ledger_entries").values(entries.slice(k, k + 500)).execute();
    });
  }
}

async function bench(label: string, db: Kysely<Database>, kind: BenchKind) {
  await prepareShop(db);
  const now = Date.now();
  const t0 = performance.now();
  await generate(db, kind, now);
  await analyze(db, kind);
  const entries = await db.selectFrom("ledger_entries").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  console.log(
    `\n${label}: ${PARTS.toLocaleString("en-IN")} delivered order parts, ${Number(entries.n).toLocaleString("en-IN")} ledger entries, generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  console.log("query".padEnd(58), "rows".padStart(7), "p50 ms".padStart(8), "p95 ms".padStart(8));
  const line = (name: string, rows: number, t: { p50: number; p95: number }) =>
    console.log(name.padEnd(58), String(rows).padStart(7), t.p50.toFixed(2).padStart(8), t.p95.toFixed(2).padStart(8));
  const at = new Date(now);
  line("every seller's balances (admin Settlements)", (await balances(db, at)).length, await time(() => balances(db, at)));
  line("one seller's balance (vendor Payments)", 1, await time(() => vendorBalance(db, "vendor-1", at)));
  const month = addMonths(indiaMonthOf(at), -1);
  line(`one seller's statement for ${month}`, (await vendorStatement(db, "vendor-1", month, at)).rows.length, await time(() => vendorStatement(db, "vendor-1", month, at)));
  line(`one seller's commission invoice for ${month}`, 1, await time(() => commissionInvoice(db, "vendor-1", month)));
  const covered = reportMonth(month);
  if (!covered.ok) throw new Error(covered.message);
  line(`TCS report (GSTR-8) for ${month}`, (await tcsReport(db, covered)).length, await time(() => tcsReport(db, covered)));
  line(`TDS report (194-O) for ${month}`, (await tdsReport(db, covered)).length, await time(() => tdsReport(db, covered)));
  line("reconciliation (admin Settlements)", 1, await time(() => reconciliation(db, at), 10));
  line("one seller's dashboard money and 12 months' sales", 12, await time(() => Promise.all([vendorLedgerSales(db, "vendor-1", at), vendorMonthlySales(db, "vendor-1", at)])));
  // Written once: a seller's first payout, covering every released part of the year.
  const t1 = performance.now();
  const paid = await payByBankTransfer(db, { vendorId: "vendor-1", idempotencyKey: "bench-first-payout", utr: "HDFC0000123456789", actorUserId: null }, at);
  const ms = performance.now() - t1;
  line(`first payout of one seller (${paid.ok ? "paid" : "refused"}, once)`, 1, { p50: ms, p95: ms });
}

await onEachDatabase({ dirPrefix: "rc-bench-settlements-", schemaPrefix: "bench_st_", keepDir: process.env.BENCH_KEEP_DIR }, bench);
