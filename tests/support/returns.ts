import fs from "node:fs";
import path from "node:path";
import { createSecretBox, decodeSecretsKey, SECRETS_KEY_FILE } from "~/lib/secret-box.server";
import { sealRefundDestination } from "~/modules/payments/refund-destination.server";
import { withE2eDatabase } from "./db";

/**
 * Return requests for the admin Returns browser tests (tests/e2e/admin-returns.spec.ts), written
 * straight into the e2e database: a customer of its own (no password: it never signs in), a cash
 * on delivery order of one demo keyboard delivered by its seller, and the customer's request for a
 * refund, asked `hoursAgo` hours ago, its refund destination sealed with the server's own key as
 * the shop seals it. Each call makes rows of its own, tagged; nothing of the demo changes.
 */

const KEYBOARD = { id: "product-logitech-g213-prodigy", name: "Logitech G213 Prodigy Gaming Keyboard", vendorId: "vendor-1", pricePaise: 3_499_00 } as const;

export interface ReturnFixture {
  tag: string;
  orderNumber: string;
  returnNumber: string;
  customerName: string;
  upiId: string;
  refundPaise: number;
}

function serverBox() {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: run browser tests through playwright.config.ts");
  const key = decodeSecretsKey(fs.readFileSync(path.join(dir, SECRETS_KEY_FILE), "utf8"));
  if (!key) throw new Error("the e2e server's secrets key cannot be read");
  return createSecretBox(key);
}

export function insertReturnRequest({ hoursAgo = 72 }: { hoursAgo?: number } = {}): ReturnFixture {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
  const now = Date.now();
  const iso = (hours: number) => new Date(now - hours * 3_600_000).toISOString();
  const placed = iso(hoursAgo + 96);
  const delivered = iso(hoursAgo + 24);
  const asked = iso(hoursAgo);
  const userId = `ret-${tag}`;
  const customerName = `Returning Customer ${tag}`;
  const orderId = crypto.randomUUID();
  const orderNumber = `RC-E2E-${tag}`;
  const returnNumber = `${orderNumber}-R1`;
  const itemId = crypto.randomUUID();
  const upiId = `refund.${tag.toLowerCase()}@okaxis`;
  const refundTo = sealRefundDestination(serverBox(), { kind: "upi", upiId });
  // One keyboard: ₹3,499 with 18% GST; free shipping at this price (orders/totals.ts).
  const tax = 629_82;
  const total = KEYBOARD.pricePaise + tax;

  withE2eDatabase((db) => {
    db.exec("BEGIN IMMEDIATE");
    try {
      db.prepare(
        `INSERT INTO "user" (id, name, email, emailVerified, image, createdAt, updatedAt, role, banned, banReason, banExpires)
         VALUES (?, ?, ?, 1, NULL, ?, ?, 'customer', NULL, NULL, NULL)`,
      ).run(userId, customerName, `${userId.toLowerCase()}@returns.example.in`, placed, placed);
      db.prepare(
        `INSERT INTO orders (id, number, user_id, idempotency_key, status, sub_total_paise, shipping_paise, tax_paise, total_paise, payment_method,
           ship_full_name, ship_phone, ship_line1, ship_line2, ship_city, ship_state, ship_postal_code, created_at, updated_at,
           stock_released, payment_status, razorpay_order_id, razorpay_payment_id, payment_error, paid_at)
         VALUES (?, ?, ?, ?, 'delivered', ?, 0, ?, ?, 'cod', ?, '9876543210', '12 MG Road', NULL, 'New Delhi', 'Delhi', '110001', ?, ?, 0, 'cod', NULL, NULL, NULL, NULL)`,
      ).run(orderId, orderNumber, userId, `e2e-return-${tag}`, KEYBOARD.pricePaise, tax, total, customerName, placed, delivered);
      db.prepare(
        `INSERT INTO order_items (id, order_id, position, product_id, vendor_id, name, unit_price_paise, quantity, line_total_paise)
         VALUES (?, ?, 0, ?, ?, ?, ?, 1, ?)`,
      ).run(itemId, orderId, KEYBOARD.id, KEYBOARD.vendorId, KEYBOARD.name, KEYBOARD.pricePaise, KEYBOARD.pricePaise);
      db.prepare(
        `INSERT INTO order_parts (order_id, vendor_id, status, amount_paise, item_count, carrier, tracking_number, order_number, customer_user_id, order_created_at, updated_at, delivered_at)
         VALUES (?, ?, 'delivered', ?, 1, 'Blue Dart', 'BD1234567', ?, ?, ?, ?, ?)`,
      ).run(orderId, KEYBOARD.vendorId, KEYBOARD.pricePaise, orderNumber, userId, placed, delivered, delivered);
      const returnId = crypto.randomUUID();
      db.prepare(
        `INSERT INTO returns (id, number, order_id, order_number, vendor_id, customer_user_id, order_item_id, product_id, product_name, unit_price_paise, quantity,
           reason, resolution, details, serial_number, status, refund_items_paise, refund_tax_paise, refund_shipping_paise, refund_total_paise,
           refund_to_sealed, refund_to_masked, pickup_carrier, pickup_reference, decision_note, replacement_status, replacement_carrier, replacement_tracking,
           answered_at, restock, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 'defective', 'refund', ?, NULL, 'requested', ?, ?, 0, ?, ?, ?, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, ?, ?)`,
      ).run(
        returnId,
        returnNumber,
        orderId,
        orderNumber,
        KEYBOARD.vendorId,
        userId,
        itemId,
        KEYBOARD.id,
        KEYBOARD.name,
        KEYBOARD.pricePaise,
        `Half the keys stopped working (${tag}).`,
        KEYBOARD.pricePaise,
        tax,
        total,
        refundTo.sealed,
        refundTo.masked,
        asked,
        asked,
      );
      db.prepare(`INSERT INTO return_history (id, return_id, status, note, actor_user_id, actor_role, created_at) VALUES (?, ?, 'requested', NULL, ?, 'customer', ?)`).run(
        crypto.randomUUID(),
        returnId,
        userId,
        asked,
      );
      db.exec("COMMIT");
    } catch (e) {
      db.exec("ROLLBACK");
      throw e;
    }
  });
  return { tag, orderNumber, returnNumber, customerName, upiId, refundPaise: total };
}

export function storedReturn(number: string): { status: string; history: { status: string; note: string | null; actorRole: string }[]; refunds: { status: string; method: string; utr: string | null }[] } {
  return withE2eDatabase((db) => {
    const r = db.prepare("SELECT id, status FROM returns WHERE number = ?").get(number) as { id: string; status: string } | undefined;
    if (!r) throw new Error(`no return ${number}`);
    const history = db.prepare("SELECT status, note, actor_role AS actorRole FROM return_history WHERE return_id = ? ORDER BY created_at").all(r.id) as unknown as {
      status: string;
      note: string | null;
      actorRole: string;
    }[];
    const refunds = db.prepare("SELECT status, method, utr FROM refunds WHERE return_id = ? ORDER BY created_at").all(r.id) as unknown as { status: string; method: string; utr: string | null }[];
    return { status: r.status, history, refunds };
  });
}

export function categoryRule(category: string): string {
  return withE2eDatabase((db) => (db.prepare("SELECT return_rule FROM categories WHERE name = ?").get(category) as { return_rule: string }).return_rule);
}

export function setCategoryRule(category: string, rule: string): void {
  withE2eDatabase((db) => db.prepare("UPDATE categories SET return_rule = ? WHERE name = ?").run(rule, category));
}
