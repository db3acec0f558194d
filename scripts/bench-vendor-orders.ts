// Vendor order list benchmark: 50,000 orders for one vendor (plus others'), the vendor's Manage
// Orders queries (search, filter, sort, deep pages), its dashboard figures and the admin order list
// timed. Run through `npm run bench` (or `npx tsx scripts/bench-vendor-orders.ts`); set
// BENCH_DATABASE_URL to also run it on PostgreSQL. A figure to read, not a test.
import type { Insertable, Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { listAdminOrders, parseAdminOrderQuery } from "~/modules/orders/admin-orders.server";
import { parseVendorOrderQuery } from "~/modules/vendors/order-query";
import { vendorFigures, vendorOrderDetail, vendorOrders } from "~/modules/vendors/orders.server";
import { analyze, onEachDatabase, prepareShop, rand, time, type BenchKind } from "./bench-support";

const ORDERS = Number(process.env.BENCH_VENDOR_ORDERS ?? 50_000);
const OTHERS = Math.round(ORDERS / 5);
const CUSTOMERS = 5_000;
const FIRST = ["Aarav", "Vivaan", "Aditya", "Ananya", "Diya", "Ishaan", "Kavya", "Meera", "Rohan", "Saanvi", "Arjun", "Priya", "Neha", "Rahul", "Sneha"];
const LAST = ["Sharma", "Verma", "Iyer", "Nair", "Reddy", "Gupta", "Patel", "Khan", "Banerjee", "Singh", "Mehta", "Rao", "Das", "Joshi", "Kulkarni"];
const STATUSES = ["pending", "processing", "shipped", "delivered", "delivered", "delivered", "cancelled"];

async function generate(db: Kysely<Database>, kind: BenchKind) {
  const r = rand(7);
  const now = Date.now();
  const stamp = new Date(now).toISOString();
  const users: Insertable<Database["user"]>[] = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`;
    users.push({
      id: `c-${i}`,
      name,
      email: `customer${i}@example.in`,
      emailVerified: kind === "postgres" ? false : 0,
      image: null,
      createdAt: kind === "postgres" ? new Date(now) : stamp,
      updatedAt: kind === "postgres" ? new Date(now) : stamp,
      role: "customer",
      banned: null,
      banReason: null,
      banExpires: null,
    });
  }
  for (let i = 0; i < users.length; i += 500) await db.insertInto("user").values(users.slice(i, i + 500)).execute();

  const BATCH = 500;
  const total = ORDERS + OTHERS;
  for (let start = 0; start < total; start += BATCH) {
    const orders: Insertable<Database["orders"]>[] = [];
    const items: Insertable<Database["order_items"]>[] = [];
    const parts: Insertable<Database["order_parts"]>[] = [];
    for (let i = start; i < Math.min(total, start + BATCH); i++) {
      const vendorId = i < ORDERS ? "vendor-1" : i % 2 ? "vendor-2" : "vendor-3";
      const id = `o-${i}`;
      const number = `RC-${String(100_000 + i).padStart(6, "0")}`;
      const userId = `c-${Math.floor(r() * CUSTOMERS)}`;
      const created = new Date(now - r() * 730 * 86_400_000).toISOString();
      const status = STATUSES[Math.floor(r() * STATUSES.length)]!;
      const qty = 1 + Math.floor(r() * 3);
      const price = 99_900 + Math.floor(r() * 15_000_000);
      const amount = price * qty;
      orders.push({
        id,
        number,
        user_id: userId,
        idempotency_key: id,
        status,
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
        ship_state: "Karnataka",
        ship_postal_code: "560001",
        created_at: created,
        updated_at: created,
      });
      items.push({
        id: `i-${i}`,
        order_id: id,
        position: 0,
        product_id: vendorId === "vendor-1" ? "product-logitech-g213-prodigy" : vendorId === "vendor-2" ? "product-samsung-990-pro-2tb" : "product-sony-wh-1000xm5",
        vendor_id: vendorId,
        name: "Bench item",
        unit_price_paise: price,
        quantity: qty,
        line_total_paise: amount,
      });
      parts.push({
        order_id: id,
        vendor_id: vendorId,
        status,
        amount_paise: amount,
        item_count: qty,
        carrier: null,
        tracking_number: null,
        order_number: number,
        customer_user_id: userId,
        order_created_at: created,
        updated_at: created,
      });
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("orders").values(orders).execute();
      await trx.insertInto("order_items").values(items).execute();
      await trx.insertInto("order_parts").values(parts).execute();
    });
  }
}

const VENDOR_QUERIES = [
  "",
  "status=shipped",
  "sort=amount&dir=asc",
  "sort=date&dir=asc&page=1000",
  "status=delivered&sort=amount&dir=desc&page=500",
  "q=RC-1234",
  "q=123456",
  "q=meera",
  "q=customer42",
  "q=iyer&status=pending",
  "q=nobody-matches",
];

async function bench(label: string, db: Kysely<Database>, kind: BenchKind) {
  await prepareShop(db);
  const t0 = performance.now();
  await generate(db, kind);
  await analyze(db, kind);
  console.log(
    `\n${label}: ${ORDERS.toLocaleString("en-IN")} orders for one vendor (+${OTHERS.toLocaleString("en-IN")} for others, ${CUSTOMERS.toLocaleString("en-IN")} customers) generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  console.log("query".padEnd(58), "rows".padStart(7), "p50 ms".padStart(8), "p95 ms".padStart(8));
  const line = (name: string, rows: number, t: { p50: number; p95: number }) =>
    console.log(name.padEnd(58), String(rows).padStart(7), t.p50.toFixed(2).padStart(8), t.p95.toFixed(2).padStart(8));
  for (const qs of VENDOR_QUERIES) {
    const query = parseVendorOrderQuery(new URLSearchParams(qs));
    const page = await vendorOrders(db, "vendor-1", query);
    line(`/vendor/orders?${qs}`, page.total, await time(() => vendorOrders(db, "vendor-1", query)));
  }
  line("vendor order details (expand)", 1, await time(() => vendorOrderDetail(db, "vendor-1", "RC-112345")));
  line("vendor dashboard figures", 1, await time(() => vendorFigures(db, "vendor-1")));
  for (const qs of ["", "status=pending", "q=meera", "page=2000"]) {
    const query = parseAdminOrderQuery(new URLSearchParams(qs));
    const page = await listAdminOrders(db, query);
    line(`/admin/orders?${qs}`, page.total, await time(() => listAdminOrders(db, query)));
  }
}

await onEachDatabase({ dirPrefix: "rc-bench-vendor-orders-", schemaPrefix: "bench_vo_" }, bench);
