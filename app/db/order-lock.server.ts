import type { Transaction } from "kysely";
import type { Database } from "./schema";

/**
 * Takes the order row's write lock for the rest of the transaction, as every change to an order
 * does (its parts, its returns, its refunds, its sellers' ledger): changes to one order queue up
 * on PostgreSQL, each reading what the one before it committed, with no deadlocks; SQLite runs one
 * writer at a time anyway. A no-op update: nothing of the order changes. False when there is no
 * such order.
 */
export async function lockOrder(trx: Transaction<Database>, orderId: string): Promise<boolean> {
  const r = await trx
    .updateTable("orders")
    .set((eb) => ({ updated_at: eb.ref("updated_at") }))
    .where("id", "=", orderId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
