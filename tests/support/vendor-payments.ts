import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { NodeSqliteDialect } from "@better-auth/kysely-adapter/node-sqlite-dialect";
import { Kysely } from "kysely";
import { writingFromTheStart } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { indiaMonthOf } from "~/lib/india-time";
import { payByBankTransfer } from "~/modules/settlements/ledger.server";
import { DEMO_BUSINESS_ORDER } from "~/seed/demo-business";
import { withShopStore } from "./e2e-store";

/**
 * Helpers for the Payments tab's browser tests (tests/e2e/vendor-payments.spec.ts): a payout made
 * through the ledger's own function on the e2e database, as the admin's bank transfer would be.
 */

export const E2E_UTR = "HDFC0000987654321";

/**
 * Pays `vendorId` everything payable now by bank transfer; when nothing is payable (paid by an
 * earlier test of the same server), the seller's latest bank payout. Its number and amount.
 */
export async function paidOut(vendorId: string): Promise<{ number: string; amount: number }> {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: run browser tests through playwright.config.ts");
  const sqlite = new DatabaseSync(path.join(dir, "shop.db"));
  sqlite.exec("PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;");
  const db = new Kysely<Database>({ dialect: writingFromTheStart(new NodeSqliteDialect({ database: sqlite })) });
  try {
    await payByBankTransfer(db, { vendorId, idempotencyKey: `e2e-payments-${vendorId}-${Date.now()}`, utr: E2E_UTR, actorUserId: null });
    const latest = await db
      .selectFrom("payouts")
      .select(["number", "amount_paise"])
      .where("vendor_id", "=", vendorId)
      .where("utr", "=", E2E_UTR)
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    return { number: latest.number, amount: Number(latest.amount_paise) };
  } finally {
    await db.destroy();
  }
}

/** This month in India time, YYYY-MM. */
export function thisIndiaMonth(now = new Date()): string {
  return indiaMonthOf(now);
}

/** The month in India time the demo business order (app/seed/demo-business.ts) was placed in: its invoices' month. */
export async function demoBusinessOrderMonth(): Promise<string> {
  return withShopStore(async ({ db }) => {
    const order = await db.selectFrom("orders").select("created_at").where("number", "=", DEMO_BUSINESS_ORDER).executeTakeFirstOrThrow();
    return indiaMonthOf(order.created_at);
  });
}
