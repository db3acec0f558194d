// Order placement benchmark: orders per second on the embedded database, through the same
// placeOrder the checkout action calls (one transaction: re-price, take stock, write order), once
// with synchronous = NORMAL and once with FULL (what the shop runs: decision 012), to show what
// waiting for the disk at every commit costs. Then, with FULL, orders paid by card through the
// offline Razorpay sandbox, as checkout does it: place, create the Razorpay order, pay at the
// sandbox, verify the callback (signature, and the payment fetched back).
// Run through `npm run bench`, or `npx tsx scripts/bench-orders.ts`. A figure to read, not a test.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrateToLatest, openDatabase } from "~/db/db.server";
import { seedDemoCatalog, seedReferenceData } from "~/seed/seed.server";
import { createTableQueue } from "~/modules/jobs/table-queue.server";
import { createOutbox } from "~/modules/jobs/outbox.server";
import { placeOrder } from "~/modules/orders/orders.server";
import { createPayments } from "~/modules/payments/gateway.server";
import { confirmCheckoutPayment, startOnlinePayment } from "~/modules/orders/online-payments.server";
import { createSecretBox } from "~/lib/secret-box.server";
import { savePaymentSettings } from "~/modules/payments/settings.server";
import { DEMO_RAZORPAY } from "~/seed/demo-payments";
import { SANDBOX_CARDS, startRazorpaySandbox, type RazorpaySandbox } from "../sandbox/razorpay/sandbox";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_ORDER_CONCURRENCY ?? 8);

const address = { fullName: "Bench Buyer", phone: "+91 98765 43210", addressLine1: "1 MG Road", addressLine2: null, city: "Bengaluru", state: "Karnataka" as const, postalCode: "560001" };
const lines = [
  { productId: "product-logitech-g213-prodigy", quantity: 1 },
  { productId: "product-samsung-990-pro-2tb", quantity: 2 },
  { productId: "product-sony-wh-1000xm5", quantity: 1 },
];

async function bench(synchronous: "NORMAL" | "FULL", paid: "cod" | "card" = "cod") {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rc-bench-orders-"));
  const database = openDatabase({ sqliteFile: path.join(dir, "shop.db"), synchronous });
  const { db } = database;
  // Each order also queues its mail (customer and sellers) in the same transaction, as in the shop.
  const store = { db, outbox: createOutbox(createTableQueue(db), "http://localhost:3000") };
  await migrateToLatest(db);
  await seedReferenceData(db);
  await seedDemoCatalog(db);
  await db.updateTable("products").set({ stock: 1_000_000 }).execute();
  const stamp = new Date().toISOString();
  await db
    .insertInto("user")
    .values({ id: "bench-user", name: "Bench", email: "bench@example.in", emailVerified: 0, image: null, createdAt: stamp, updatedAt: stamp, role: "customer", banned: null, banReason: null, banExpires: null })
    .execute();
  let sandbox: RazorpaySandbox | null = null;
  let payOne = async (_number: string) => true;
  if (paid === "card") {
    const secrets = createSecretBox(crypto.getRandomValues(new Uint8Array(32)));
    await savePaymentSettings(db, secrets, {
      razorpay: { enabled: true, keyId: DEMO_RAZORPAY.keyId, keySecret: DEMO_RAZORPAY.keySecret, webhookSecret: DEMO_RAZORPAY.webhookSecret },
      cod: { enabled: true },
      stripe: { enabled: false, publishableKey: null },
      bank: { enabled: false, accountName: null, bankName: null, ifsc: null },
    });
    const running = await startRazorpaySandbox({ accounts: [DEMO_RAZORPAY], host: "127.0.0.1", port: 0, webhookUrl: null });
    sandbox = running;
    const payments = createPayments({ db, secrets, sandbox: { url: running.url, keyId: DEMO_RAZORPAY.keyId } });
    payOne = async (number) => {
      const started = await startOnlinePayment(db, payments, "bench-user", number);
      if (!started.ok || started.paid) return false;
      const p = started.pay;
      const answer = await running.pay({
        key_id: p.keyId,
        order_id: p.razorpayOrderId,
        amount: p.amount,
        currency: p.currency,
        method: "card",
        card: { number: SANDBOX_CARDS.success, name: "Bench Buyer", expiry_month: "12", expiry_year: "30", cvv: "123" },
      });
      if ("error" in answer) return false;
      const confirmed = await confirmCheckoutPayment(store, payments, "bench-user", number, {
        paymentId: answer.razorpay_payment_id,
        orderId: answer.razorpay_order_id,
        signature: answer.razorpay_signature,
      });
      return confirmed.ok;
    };
  }

  let next = 0;
  let failed = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < ORDERS) {
        const i = next++;
        const r = await placeOrder(store, { userId: "bench-user", lines, address, paymentMethod: paid, idempotencyKey: `bench-${i}` });
        if (!r.ok || !(await payOne(r.number))) failed++;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const how = paid === "cod" ? "cash on delivery" : "paid by card through the Razorpay sandbox";
  console.log(
    `Order placement (embedded SQLite, synchronous = ${synchronous.padEnd(6)}, 3 lines each, ${CONCURRENCY} concurrent callers, ${how}): ${ORDERS} orders in ${seconds.toFixed(2)} s = ${Math.round(ORDERS / seconds)} orders/s${failed ? `, ${failed} failed` : ""}`,
  );
  await sandbox?.close();
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

await bench("NORMAL");
await bench("FULL");
await bench("FULL", "card");
