import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalog } from "~/seed/seed.server";
import {
  advanceReplacement,
  approveReturn,
  inspectReturn,
  listReturns,
  markPickedUp,
  rejectReturn,
  requestReturn,
  returnableLines,
  withdrawReturn,
  type ReturnActor,
} from "~/modules/returns/returns.server";
import { deliveredOrder as delivered } from "../support/delivered-order";
import { insertUsers } from "../support/fixtures";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

const KEYBOARD = "product-logitech-g213-prodigy"; // vendor-1, ₹3,499, Peripherals
const SSD = "product-samsung-990-pro-2tb"; // vendor-2, ₹16,999, Storage
const GPU_CATEGORY = "Component"; // replacement only

const PLACED = new Date("2026-11-10T06:00:00.000Z");
const DELIVERED = new Date("2026-11-12T06:00:00.000Z");
const DAY = 86_400_000;
const at = (days: number) => new Date(DELIVERED.getTime() + days * DAY);

const SELLER_1: ReturnActor & { role: "vendor" } = { role: "vendor", userId: "u-v1", vendorId: "vendor-1" };
const SELLER_2: ReturnActor & { role: "vendor" } = { role: "vendor", userId: "u-v2", vendorId: "vendor-2" };
const ADMIN: ReturnActor & { role: "admin" } = { role: "admin", userId: "u-admin" };
const PICKUP = { carrier: "Delhivery", trackingNumber: "DLV123456789" };
const SEALED = { sealed: "sealed-by-the-route", masked: "UPI: ad•••@okaxis" };

describe.each(testDatabaseKinds)("returns on %s", (kind) => {
  let t: TestDatabase;

  /** A cash-on-delivery order of `lines`, delivered by every seller on DELIVERED. */
  const deliveredOrder = (userId: string, lines: { productId: string; quantity: number }[]) => delivered(t, { userId, lines, placedAt: PLACED, deliveredAt: DELIVERED });

  const ask = (userId: string, number: string, orderItemId: string, more: Partial<Parameters<typeof requestReturn>[1]> = {}, now = at(1)) =>
    requestReturn(t, { userId, orderNumber: number, orderItemId, quantity: 1, reason: "defective", resolution: "refund", details: "Keys stopped working", serialNumber: null, photos: [], refundTo: SEALED, ...more }, now);

  const stockOf = async (id: string) => Number((await t.db.selectFrom("products").select("stock").where("id", "=", id).executeTakeFirstOrThrow()).stock);
  const statusOf = async (number: string) => (await t.db.selectFrom("returns").select("status").where("number", "=", number).executeTakeFirstOrThrow()).status;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    await insertUsers(t, [
      { id: "u-a", name: "Aditi Rao" },
      { id: "u-b", name: "Bharat Singh" },
      { id: "u-v1", name: "Rohan Mehta", role: "vendor" },
    ]);
    await t.db.updateTable("vendors").set({ owner_user_id: "u-v1" }).where("id", "=", "vendor-1").execute();
  });
  afterAll(async () => t?.destroy());

  it("records when a part was delivered, and offers its items until the window closes", async () => {
    const o = await deliveredOrder("u-a", [{ productId: KEYBOARD, quantity: 2 }]);
    const part = await t.db.selectFrom("order_parts").select("delivered_at").where("order_id", "=", o.id).executeTakeFirstOrThrow();
    expect(part.delivered_at).toBe(DELIVERED.toISOString());
    const [line] = await returnableLines(t.db, o.id, at(1));
    expect(line).toMatchObject({ available: 2, open: true, closesAt: at(7).toISOString(), damageClosesAt: at(2).toISOString() });
    expect(line!.reasons.map((r) => r.value)).toEqual(["damaged", "defective", "wrong_item", "missing_parts", "not_needed"]);
    // After 48 hours, damage in transit is no longer offered; after 7 days nothing is.
    expect((await returnableLines(t.db, o.id, at(3)))[0]!.reasons.map((r) => r.value)).not.toContain("damaged");
    expect((await returnableLines(t.db, o.id, at(8)))[0]).toMatchObject({ open: false, reasons: [] });
  });

  it("walks a refund from request to credit note, restocking the item", async () => {
    const o = await deliveredOrder("u-a", [
      { productId: KEYBOARD, quantity: 2 },
      { productId: SSD, quantity: 1 },
    ]);
    const stock = await stockOf(KEYBOARD);
    const asked = await ask("u-a", o.number, o.itemOf(KEYBOARD));
    expect(asked).toMatchObject({ ok: true, number: `${o.number}-R1` });
    const number = `${o.number}-R1`;
    // ₹3,499 and 18% GST; shipping stays (the order does not all come back).
    const [view] = await listReturns(t.db, { orderId: o.id });
    expect(view).toMatchObject({ status: "requested", refund: { items: 3_499_00, tax: 629_82, shipping: 0, total: 4_128_82, to: SEALED.masked } });

    // Another seller cannot see it; a stale or repeated click changes nothing.
    expect(await approveReturn(t, SELLER_2, { number, from: "requested", pickup: PICKUP }, at(1.5))).toMatchObject({ ok: false, reason: "not_found" });
    expect(await approveReturn(t, SELLER_1, { number, from: "requested", pickup: PICKUP }, at(1.5))).toMatchObject({ ok: true });
    expect(await approveReturn(t, SELLER_1, { number, from: "requested", pickup: PICKUP }, at(1.5))).toMatchObject({ ok: false, reason: "stale" });
    expect(await markPickedUp(t, SELLER_1, { number, from: "approved" }, at(2))).toMatchObject({ ok: true });
    // Too late to withdraw once it is picked up.
    expect(await withdrawReturn(t, { userId: "u-a", number }, at(2))).toMatchObject({ ok: false, reason: "conflict" });
    expect(await inspectReturn(t, SELLER_1, { number, from: "picked_up", accepted: true, restock: true, note: "" }, at(3))).toMatchObject({ ok: true });

    expect(await statusOf(number)).toBe("refunded");
    expect(await stockOf(KEYBOARD)).toBe(stock + 1);
    const [done] = await listReturns(t.db, { orderId: o.id });
    expect(done!.history.map((h) => h.status)).toEqual(["requested", "approved", "picked_up", "received", "refunded"]);
    expect(done!.creditNote).toMatchObject({ number: "CN/2026-27/0001", invoiceNumber: `${o.number}-1`, taxable: 3_499_00, total: 4_128_82 });
    // A manual refund (cash on delivery) waits for the admin to pay it.
    const refund = await t.db.selectFrom("refunds").selectAll().where("return_id", "=", done!.id).executeTakeFirstOrThrow();
    expect(refund).toMatchObject({ method: "manual", status: "requested", amount_paise: 4_128_82, payment_id: null });
    // The customer and the seller hear of every step.
    const mail = await t.db.selectFrom("mail").select(["kind", "to_address"]).where("reference", "=", number).execute();
    expect(mail.filter((m) => m.to_address === "u-a@example.in").map((m) => m.kind).sort()).toEqual(["return-approved", "return-picked_up", "return-refunded", "return-requested"]);
    expect(mail.filter((m) => m.to_address === "u-v1@example.in").map((m) => m.kind).sort()).toEqual(["vendor-return-approved", "vendor-return-picked_up", "vendor-return-refunded", "vendor-return-requested"]);

    // The second unit: the part's GST is refunded exactly; the next credit note follows in the series.
    const second = await ask("u-a", o.number, o.itemOf(KEYBOARD), {}, at(4));
    expect(second).toMatchObject({ ok: true, number: `${o.number}-R2` });
    for (const step of [
      () => approveReturn(t, ADMIN, { number: `${o.number}-R2`, from: "requested", pickup: PICKUP }, at(4)),
      () => markPickedUp(t, SELLER_1, { number: `${o.number}-R2`, from: "approved" }, at(4)),
      () => inspectReturn(t, SELLER_1, { number: `${o.number}-R2`, from: "picked_up", accepted: true, restock: false, note: "" }, at(4)),
    ]) {
      expect(await step()).toMatchObject({ ok: true });
    }
    const notes = await t.db.selectFrom("credit_notes").select(["number", "cgst_paise", "sgst_paise", "igst_paise", "taxable_paise"]).where("vendor_id", "=", "vendor-1").orderBy("sequence").execute();
    expect(notes.map((c) => c.number).slice(-2)).toEqual(["CN/2026-27/0001", "CN/2026-27/0002"]);
    const tax = notes.slice(-2).reduce((s, c) => s + Number(c.cgst_paise) + Number(c.sgst_paise) + Number(c.igst_paise), 0);
    expect(tax).toBe(Math.round(2 * 3_499_00 * 0.18));
    // The administrator's step is recorded as theirs.
    const [r2] = await listReturns(t.db, { orderId: o.id }, { status: "refunded" });
    expect(r2!.history.find((h) => h.status === "approved")).toMatchObject({ actorRole: "admin", note: expect.stringContaining("by an administrator") as unknown as string });
    // Nothing is left to return of that line.
    expect(await ask("u-a", o.number, o.itemOf(KEYBOARD), {}, at(5))).toMatchObject({ ok: false, reason: "conflict" });
  });

  it("refunds shipping when the whole order comes back for the seller's fault", async () => {
    const o = await deliveredOrder("u-b", [{ productId: KEYBOARD, quantity: 1 }]);
    const r = await ask("u-b", o.number, o.itemOf(KEYBOARD), { reason: "wrong_item", photos: ["/uploads/products/x.jpg"] });
    expect(r.ok).toBe(true);
    const [view] = await listReturns(t.db, { orderId: o.id });
    expect(view!.refund).toMatchObject({ items: 3_499_00, tax: 629_82, shipping: 99_00, total: 4_227_82 });
    expect(view!.photos).toEqual(["/uploads/products/x.jpg"]);
  });

  it("refuses what the rules do not allow, and writes nothing", async () => {
    const o = await deliveredOrder("u-a", [{ productId: KEYBOARD, quantity: 1 }]);
    const item = o.itemOf(KEYBOARD);
    const refusals: [Partial<Parameters<typeof requestReturn>[1]>, Date, string][] = [
      [{ quantity: 2 }, at(1), "conflict"],
      [{ quantity: 0 }, at(1), "invalid"],
      [{ reason: "bored" }, at(1), "invalid"],
      [{ reason: "damaged" }, at(1), "invalid"], // no photo
      [{ reason: "damaged", photos: ["/uploads/products/x.jpg"] }, at(3), "conflict"], // after 48 hours
      [{}, at(8), "conflict"], // after 7 days
      [{ resolution: "exchange" }, at(1), "invalid"],
      [{ reason: "not_needed", resolution: "replacement" }, at(1), "invalid"],
      [{ refundTo: null }, at(1), "invalid"], // cash on delivery: where does the refund go?
      [{ details: "  " }, at(1), "invalid"],
      [{ photos: ["a", "b", "c", "d", "e"] }, at(1), "invalid"],
      [{ userId: "u-b" }, at(1), "not_found"], // another customer's order
      [{ orderItemId: "nope" }, at(1), "not_found"],
    ];
    for (const [more, when, reason] of refusals) {
      const r = await ask(more.userId ?? "u-a", o.number, item, more, when);
      expect(r, JSON.stringify(more)).toMatchObject({ ok: false, reason });
    }
    expect(await t.db.selectFrom("returns").select("id").where("order_id", "=", o.id).execute()).toEqual([]);
  });

  it("rejects with a reason, is withdrawn before pickup, and refuses on inspection", async () => {
    const o = await deliveredOrder("u-b", [{ productId: KEYBOARD, quantity: 3 }]);
    const item = o.itemOf(KEYBOARD);
    const [a, b, c] = [1, 2, 3].map((i) => `${o.number}-R${i}`);
    for (let i = 0; i < 3; i++) expect(await ask("u-b", o.number, item)).toMatchObject({ ok: true });

    expect(await rejectReturn(t, SELLER_1, { number: a!, from: "requested", reason: "" })).toMatchObject({ ok: false, reason: "invalid" });
    expect(await rejectReturn(t, SELLER_1, { number: a!, from: "requested", reason: "Physical damage by the customer" })).toMatchObject({ ok: true });
    expect(await withdrawReturn(t, { userId: "u-a", number: b! })).toMatchObject({ ok: false, reason: "not_found" });
    expect(await withdrawReturn(t, { userId: "u-b", number: b! })).toMatchObject({ ok: true });
    expect(await approveReturn(t, SELLER_1, { number: c!, from: "requested", pickup: PICKUP })).toMatchObject({ ok: true });
    expect(await markPickedUp(t, SELLER_1, { number: c!, from: "approved" })).toMatchObject({ ok: true });
    expect(await inspectReturn(t, SELLER_1, { number: c!, from: "picked_up", accepted: false, restock: false, note: "" })).toMatchObject({ ok: false, reason: "invalid" });
    expect(await inspectReturn(t, SELLER_1, { number: c!, from: "picked_up", accepted: false, restock: false, note: "Serial number does not match" })).toMatchObject({ ok: true });
    expect([await statusOf(a!), await statusOf(b!), await statusOf(c!)]).toEqual(["rejected", "withdrawn", "refused"]);
    // Final states stay final; what they held can be asked for again.
    expect(await approveReturn(t, SELLER_1, { number: a!, from: "rejected", pickup: PICKUP })).toMatchObject({ ok: false, reason: "conflict" });
    expect((await returnableLines(t.db, o.id, at(1)))[0]!.available).toBe(3);
    expect(await t.db.selectFrom("refunds").select("id").where("order_id", "=", o.id).execute()).toEqual([]);
  });

  it("replaces a replacement-only item through the part's steps, taking its stock", async () => {
    const gpu = await t.db.selectFrom("products").select(["id", "vendor_id"]).where("category", "=", GPU_CATEGORY).executeTakeFirstOrThrow();
    const seller: ReturnActor & { role: "vendor" } = { role: "vendor", userId: "u-v", vendorId: gpu.vendor_id };
    const o = await deliveredOrder("u-a", [{ productId: gpu.id, quantity: 1 }]);
    const [line] = await returnableLines(t.db, o.id, at(1));
    expect(line!.reasons.map((r) => [r.value, r.resolutions])).toEqual([
      ["damaged", ["replacement"]],
      ["defective", ["replacement"]],
      ["wrong_item", ["replacement"]],
      ["missing_parts", ["replacement"]],
    ]);
    expect(await ask("u-a", o.number, o.itemOf(gpu.id))).toMatchObject({ ok: false, reason: "invalid" }); // a refund is not offered
    expect(await ask("u-a", o.number, o.itemOf(gpu.id), { resolution: "replacement", refundTo: null, serialNumber: "GPU-SN-0042" })).toMatchObject({ ok: true });
    const number = `${o.number}-R1`;
    const stock = await stockOf(gpu.id);
    for (const step of [
      () => approveReturn(t, seller, { number, from: "requested", pickup: PICKUP }),
      () => markPickedUp(t, seller, { number, from: "approved" }),
      () => inspectReturn(t, seller, { number, from: "picked_up", accepted: true, restock: false, note: "Fan broken" }),
      () => advanceReplacement(t, seller, { number, from: "pending" }),
    ]) {
      expect(await step()).toMatchObject({ ok: true });
    }
    expect(await stockOf(gpu.id)).toBe(stock - 1);
    expect(await advanceReplacement(t, seller, { number, from: "processing" })).toMatchObject({ ok: false, reason: "invalid" }); // no tracking
    expect(await advanceReplacement(t, seller, { number, from: "processing", shipment: { carrier: "Ekart", trackingNumber: "EK998877" } })).toMatchObject({ ok: true });
    expect(await statusOf(number)).toBe("replacement_shipped");
    expect(await advanceReplacement(t, seller, { number, from: "shipped" })).toMatchObject({ ok: true });
    const [view] = await listReturns(t.db, { orderId: o.id });
    expect(view).toMatchObject({ status: "closed", serialNumber: "GPU-SN-0042", replacement: { status: "delivered", carrier: "Ekart", trackingNumber: "EK998877" }, refund: { total: 0 }, creditNote: null });
  });

  it("changes a request once when two clicks arrive together", async () => {
    const o = await deliveredOrder("u-b", [{ productId: KEYBOARD, quantity: 1 }]);
    await ask("u-b", o.number, o.itemOf(KEYBOARD));
    const number = `${o.number}-R1`;
    const results = await Promise.all([1, 2, 3].map(() => approveReturn(t, SELLER_1, { number, from: "requested", pickup: PICKUP })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const history = await t.db.selectFrom("return_history").innerJoin("returns", "returns.id", "return_history.return_id").select("return_history.status").where("returns.number", "=", number).execute();
    expect(history.map((h) => h.status)).toEqual(["requested", "approved"]);
  });
});
