import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT_NUMBER_MAX, invoiceNumber } from "~/modules/gst/gst";
import { GSTIN_MESSAGES } from "~/modules/gst/gstin";
import { loadProfile } from "~/modules/identity/accounts.server";
import type { SessionUser } from "~/modules/identity/roles";
import { BUSINESS_MESSAGES } from "~/modules/gst/business-buyer";
import { checkoutPage, checkoutStep } from "~/modules/orders/checkout.server";
import { advanceVendorPart } from "~/modules/orders/fulfilment.server";
import { sellerInvoices } from "~/modules/orders/invoice";
import { getOrderForUser } from "~/modules/orders/orders.server";
import { approveReturn, inspectReturn, listReturns, markPickedUp, requestReturn } from "~/modules/returns/returns.server";
import { seedDemoCatalog } from "~/seed/seed.server";
import { insertUsers } from "../support/fixtures";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

const KEYBOARD = "product-logitech-g213-prodigy"; // vendor-1, Delhi, ₹3,499
const SSD = "product-samsung-990-pro-2tb"; // vendor-2, Maharashtra, ₹16,999
const MAHARASHTRA_GSTIN = "27AAPFU0939F1ZV";
const KARNATAKA_GSTIN = "29AAGCB7383J1Z4";
const MUMBAI = { fullName: "Meera Iyer", phone: "+91 98200 12345", addressLine1: "4th floor, Kalpataru Court", addressLine2: "", city: "Mumbai", state: "Maharashtra", postalCode: "400001" };
const BUYER: SessionUser = { id: "u-biz", email: "u-biz@example.in", name: "Meera Iyer", role: "customer", isAdmin: false };
const LINES = [
  { productId: KEYBOARD, quantity: 1 },
  { productId: SSD, quantity: 1 },
];
const SEALED = { sealed: "sealed-by-the-route", masked: "UPI: me•••@okaxis" };

describe.each(testDatabaseKinds)("a business buyer's GST invoice on %s", (kind) => {
  let t: TestDatabase;
  const noGateway = () => {
    throw new Error("cash on delivery needs no gateway");
  };
  const post = (posted: Record<string, string>) => checkoutStep({ store: t, payments: noGateway }, BUYER, { ...MUMBAI, ...posted }, LINES);
  const place = async (business: Record<string, string>) => {
    const answer = await post({ intent: "place", paymentMethod: "cod", idempotencyKey: crypto.randomUUID(), ...business });
    if (!("redirectTo" in answer)) throw new Error(JSON.stringify(answer.reply));
    return answer.redirectTo.replace("/checkout?placed=", "");
  };

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    await insertUsers(t, [{ id: "u-biz", name: "Meera Iyer" }, { id: "u-v1", name: "Rohan Mehta", role: "vendor" }]);
    await t.db.updateTable("vendors").set({ owner_user_id: "u-v1" }).where("id", "=", "vendor-1").execute();
  });
  afterAll(async () => t?.destroy());

  it("refuses each problem beside its field, the place of supply with its reason", async () => {
    const elsewhere = await post({ intent: "shipping", business: "on", gstin: KARNATAKA_GSTIN, legalName: "" });
    expect(elsewhere).toMatchObject({ status: 400, reply: { step: "shipping", status: "error" } });
    const errors = "reply" in elsewhere && elsewhere.reply.status === "error" ? elsewhere.reply.fieldErrors : {};
    expect(errors.gstin).toMatch(/registered in Karnataka, but the goods go to Maharashtra/);
    expect(errors.gstin).toMatch(/place of supply is where they are delivered/);
    expect(errors.legalName).toBe(BUSINESS_MESSAGES.legalNameMissing);

    for (const [gstin, message] of [
      ["27AAPFU0939F1ZO", GSTIN_MESSAGES.check],
      ["27AAPFU0939", GSTIN_MESSAGES.length],
      ["99AAPFU0939F1ZV", GSTIN_MESSAGES.state],
      ["", BUSINESS_MESSAGES.gstinMissing],
    ] as const) {
      const answer = await post({ intent: "shipping", business: "on", gstin, legalName: "Iyer Design Studio LLP" });
      expect(answer, gstin).toMatchObject({ status: 400, reply: { fieldErrors: { gstin: message } } });
    }
    // Not buying for a business: whatever is in its fields is not asked about.
    expect(await post({ intent: "shipping", gstin: KARNATAKA_GSTIN })).toMatchObject({ reply: { step: "payment", status: "success" } });
  });

  it("places the order with the GSTIN, keeps it in the profile, and every invoice and credit note carries it", async () => {
    const number = await place({ business: "on", gstin: " 27aapfu0939f1zv ", legalName: "Iyer Design Studio LLP" });
    const order = (await getOrderForUser(t.db, BUYER.id, number))!;
    expect(order.business).toEqual({ gstin: MAHARASHTRA_GSTIN, legalName: "Iyer Design Studio LLP" });
    // The figures are a consumer's: GST by the place of supply (Maharashtra), per seller.
    const invoices = sellerInvoices(order.items, order.address.state);
    expect(invoices.map((i) => [i.vendorId, i.kind, i.taxable, i.cgst, i.sgst, i.igst])).toEqual([
      ["vendor-1", "inter", 3_499_00, 0, 0, 629_82],
      ["vendor-2", "intra", 16_999_00, 1_529_91, 1_529_91, 0],
    ]);
    expect(order.tax).toBe(629_82 + 3_059_82);

    // Saved for next time: the checkout starts with the business ticked and filled in.
    expect(await loadProfile(t.db, BUYER)).toMatchObject({ gstin: MAHARASHTRA_GSTIN, businessLegalName: "Iyer Design Studio LLP" });
    const next = await checkoutPage(t.db, () => { throw new Error("no secrets needed"); }, BUYER, new URLSearchParams(), LINES);
    expect(next).toMatchObject({ step: "shipping", defaults: { business: "on", gstin: MAHARASHTRA_GSTIN, legalName: "Iyer Design Studio LLP" } });

    // Delivered, then a unit returned: the seller's credit note carries the buyer's GSTIN.
    for (const vendorId of ["vendor-1", "vendor-2"]) {
      for (const from of ["pending", "processing", "shipped"]) {
        expect(await advanceVendorPart(t, { vendorId, number, from, actorUserId: "u-v", shipment: { carrier: "Blue Dart", trackingNumber: "BD1234567" } })).toMatchObject({ ok: true });
      }
    }
    const itemId = (await t.db.selectFrom("order_items").innerJoin("orders", "orders.id", "order_items.order_id").select("order_items.id").where("orders.number", "=", number).where("order_items.product_id", "=", KEYBOARD).executeTakeFirstOrThrow()).id;
    const asked = await requestReturn(t, { userId: BUYER.id, orderNumber: number, orderItemId: itemId, quantity: 1, reason: "defective", resolution: "refund", details: "Keys stopped working", serialNumber: null, photos: [], refundTo: SEALED });
    expect(asked).toMatchObject({ ok: true });
    const r = `${number}-R1`;
    const seller = { role: "vendor" as const, userId: "u-v1", vendorId: "vendor-1" };
    expect(await approveReturn(t, seller, { number: r, from: "requested", pickup: { carrier: "Delhivery", trackingNumber: "DLV123456789" } })).toMatchObject({ ok: true });
    expect(await markPickedUp(t, seller, { number: r, from: "approved" })).toMatchObject({ ok: true });
    expect(await inspectReturn(t, seller, { number: r, from: "picked_up", accepted: true, restock: true, note: "" })).toMatchObject({ ok: true });
    const [view] = await listReturns(t.db, { orderId: (await t.db.selectFrom("orders").select("id").where("number", "=", number).executeTakeFirstOrThrow()).id });
    expect(view!.creditNote).toMatchObject({ invoiceNumber: invoiceNumber(number, 0), recipientGstin: MAHARASHTRA_GSTIN, kind: "inter", igst: 629_82 });
  });

  it("numbers each seller's invoices within 16 characters, unique in the financial year", async () => {
    const numbers = [await place({ business: "on", gstin: MAHARASHTRA_GSTIN, legalName: "Iyer Design Studio LLP" }), await place({})];
    const all: string[] = [];
    for (const number of numbers) {
      const order = (await getOrderForUser(t.db, BUYER.id, number))!;
      sellerInvoices(order.items, order.address.state).forEach((_, i) => all.push(invoiceNumber(number, i)));
    }
    expect(all).toHaveLength(4);
    for (const n of all) expect(n.length).toBeLessThanOrEqual(DOCUMENT_NUMBER_MAX);
    expect(new Set(all).size).toBe(all.length);
    // A consumer's order stays a consumer's.
    expect((await getOrderForUser(t.db, BUYER.id, numbers[1]!))!.business).toBeNull();
  });
});
