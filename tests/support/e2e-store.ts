import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { NodeSqliteDialect } from "@better-auth/kysely-adapter/node-sqlite-dialect";
import { Kysely } from "kysely";
import { writingFromTheStart } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { createOutbox, type Outbox } from "~/modules/jobs/outbox.server";
import { createTableQueue } from "~/modules/jobs/table-queue.server";
import { advanceVendorPart } from "~/modules/orders/fulfilment.server";
import { placeOrder } from "~/modules/orders/orders.server";
import { shippingAddressSchema } from "~/modules/orders/address";

/**
 * The browser tests' shop as its own modules see it: the e2e server's database (E2E_DATA_DIR),
 * opened from the test's process, so that a fixture builds state the way the shop would (an
 * order placed, a part delivered) without walking the pages that are not the test's subject.
 * Jobs are only added here (the mails of each step); the server's own worker sends them, and
 * the server's page cache hears these commits as it hears any other process's.
 */
export interface E2eStore {
  db: Kysely<Database>;
  outbox: Outbox;
}

export async function withShopStore<T>(fn: (store: E2eStore) => Promise<T>): Promise<T> {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: run browser tests through playwright.config.ts");
  const sqlite = new DatabaseSync(path.join(dir, "shop.db"));
  sqlite.exec("PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;");
  const db = new Kysely<Database>({ dialect: writingFromTheStart(new NodeSqliteDialect({ database: sqlite })) });
  const jobs = createTableQueue(db);
  try {
    return await fn({ db, outbox: createOutbox(jobs, "http://127.0.0.1") });
  } finally {
    await jobs.stop();
    await db.destroy();
  }
}

/**
 * Runs a write again when SQLite refused it as "database is locked": a transaction that read
 * before writing cannot wait for a writer of another process (the shop, or a parallel test), so
 * SQLite refuses at once instead of waiting out the busy timeout; the write rolled back whole.
 */
export async function retryLocked<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (e) {
      if (attempt >= 20 || !(e instanceof Error && /database is locked/.test(e.message))) throw e;
      await new Promise((resolve) => setTimeout(resolve, 25 * attempt));
    }
  }
}

let placed = 0;

/** A shipping address as a customer types it at checkout (the name defaults to theirs). */
export interface OrderAddress {
  fullName?: string;
  phone: string;
  addressLine1: string;
  addressLine2?: string;
  city: string;
  state: string;
  postalCode: string;
}

const NOIDA: OrderAddress = { phone: "+91 98765 43210", addressLine1: "C-14, Sector 18", city: "Noida", state: "Uttar Pradesh", postalCode: "201301" };

/**
 * A cash-on-delivery order of `lines` for the customer with `email`, placed through the orders
 * module as checkout places it (stock taken, totals, mails queued); with `deliveredAt`, each
 * seller's part then taken through Processing and Shipped to Delivered as the sellers would.
 * Returns its number. Checkout itself is walked in checkout-*.spec.ts and payments.spec.ts.
 */
export async function orderFor(
  email: string,
  lines: { productId: string; quantity: number }[],
  { address = NOIDA, deliveredAt, placedAt = new Date() }: { address?: OrderAddress; deliveredAt?: Date; placedAt?: Date } = {},
): Promise<string> {
  return withShopStore(async (store) => {
    const user = await store.db.selectFrom("user").select(["id", "name"]).where("email", "=", email.toLowerCase()).executeTakeFirstOrThrow();
    // As checkout reads the form: the name defaults to the customer's, the phone is normalised.
    const shipTo = shippingAddressSchema.parse({ fullName: user.name, ...address });
    const key = `e2e-${process.pid}-${++placed}-${Date.now()}`;
    const r = await retryLocked(() => placeOrder(store, { userId: user.id, lines, address: shipTo, paymentMethod: "cod", idempotencyKey: key }, placedAt));
    if (!r.ok) throw new Error(`placing an order for ${email}: ${r.message}`);
    if (deliveredAt) {
      const parts = await store.db.selectFrom("order_parts").select("vendor_id").where("order_number", "=", r.number).execute();
      for (const p of parts) {
        for (const from of ["pending", "processing", "shipped"]) {
          const moved = await retryLocked(() =>
            advanceVendorPart(store, { vendorId: p.vendor_id, number: r.number, from, actorUserId: user.id, shipment: { carrier: "Blue Dart", trackingNumber: "BD1234567" }, ewayBillNumber: "321012345678" }, deliveredAt),
          );
          if (!moved.ok) throw new Error(`delivering ${r.number}: ${moved.message}`);
        }
      }
    }
    return r.number;
  });
}
