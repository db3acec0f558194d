import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EWAY_BILL_MESSAGES } from "~/modules/gst/eway-bill";
import { invoiceNumber } from "~/modules/gst/gst";
import { advanceVendorPart } from "~/modules/orders/fulfilment.server";
import { orderInvoices } from "~/modules/orders/invoice";
import { getOrderForUser, placeOrder } from "~/modules/orders/orders.server";
import { vendorOrderDetail } from "~/modules/vendors/orders.server";
import { seedDemoCatalog } from "~/seed/seed.server";
import { insertUsers, shippingAddress } from "../support/fixtures";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

const LAPTOP = "product-asus-tuf-gaming-a15"; // vendor-1 (Delhi, dispatches from 110019), ₹82,990
const KEYBOARD = "product-logitech-g213-prodigy"; // vendor-1, ₹3,499
const SHIPMENT = { carrier: "Blue Dart", trackingNumber: "BD1234567" };
const MAHARASHTRA_GSTIN = "27AAPFU0939F1ZV";
const MUMBAI = { ...shippingAddress, city: "Mumbai", state: "Maharashtra" as const, postalCode: "400001" };
const PLACED = new Date("2026-11-28T20:00:00.000Z"); // 29 Nov in India

describe.each(testDatabaseKinds)("the e-way bill on %s", (kind) => {
  let t: TestDatabase;
  let n = 0;
  /** A cash-on-delivery order of `lines`, its vendor-1 part moved to Processing: next comes Shipped. */
  const readyToShip = async (lines: { productId: string; quantity: number }[], business: { gstin: string; legalName: string } | null = null, address = shippingAddress) => {
    const r = await placeOrder(t, { userId: "u-a", lines, address, paymentMethod: "cod", idempotencyKey: `ewb-${++n}`, business }, PLACED);
    if (!r.ok) throw new Error(r.message);
    expect(await advanceVendorPart(t, { vendorId: "vendor-1", number: r.number, from: "pending", actorUserId: "u-v1" })).toMatchObject({ ok: true });
    return r.number;
  };
  const ship = (number: string, ewayBillNumber?: string) =>
    advanceVendorPart(t, { vendorId: "vendor-1", number, from: "processing", actorUserId: "u-v1", shipment: SHIPMENT, ewayBillNumber });
  /** Sets the keyboard's price (its taxable value): one of it is worth that and its 18% GST. */
  const priceKeyboardAt = async (taxable: number) => t.db.updateTable("products").set({ price_paise: taxable }).where("id", "=", KEYBOARD).execute();

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    await insertUsers(t, [{ id: "u-a", name: "Aditi Rao" }, { id: "u-v1", name: "Rohan Mehta", role: "vendor" }]);
  });
  afterAll(async () => t?.destroy());

  it("is not asked of a part worth exactly ₹50,000.00 with tax", async () => {
    await priceKeyboardAt(4_237_288); // + ₹7,627.12 GST = ₹50,000.00
    const number = await readyToShip([{ productId: KEYBOARD, quantity: 1 }]);
    expect((await vendorOrderDetail(t.db, "vendor-1", number))?.ewayBill).toBeNull();
    expect(await ship(number)).toMatchObject({ ok: true });
    const order = (await getOrderForUser(t.db, "u-a", number))!;
    expect(order.shipments).toEqual([expect.objectContaining({ status: "shipped", ewayBillNumber: null })]);
    expect(orderInvoices(order)[0]).toMatchObject({ total: 5_000_000, ewayBillNumber: null });
  });

  it("is asked of a part worth ₹50,000.01: refused without one and with a bad one, kept when it is 12 digits", async () => {
    await priceKeyboardAt(4_237_289); // + ₹7,627.12 GST = ₹50,000.01
    const number = await readyToShip([{ productId: KEYBOARD, quantity: 1 }]);
    const detail = await vendorOrderDetail(t.db, "vendor-1", number);
    expect(detail?.ewayBill).toEqual({
      partA: {
        supplierGstin: "07AAHCV4821K1Z2",
        dispatchPin: "110019",
        recipientGstin: "URP",
        deliveryPin: "201301",
        documentNumber: `${number}-1`,
        documentDate: "29/11/2026",
        value: 5_000_001,
        hsnCodes: expect.any(Array),
        reason: "Supply",
      },
      number: null,
    });

    expect(await ship(number)).toEqual({ ok: false, reason: "invalid", message: EWAY_BILL_MESSAGES.missing, fieldErrors: { ewayBillNumber: EWAY_BILL_MESSAGES.missing } });
    for (const bad of ["12345678901", "1234567890123", "12345678901X"]) {
      expect(await ship(number, bad), bad).toEqual({ ok: false, reason: "invalid", message: EWAY_BILL_MESSAGES.format, fieldErrors: { ewayBillNumber: EWAY_BILL_MESSAGES.format } });
    }
    // Refused: nothing moved.
    expect((await vendorOrderDetail(t.db, "vendor-1", number))?.status).toBe("processing");

    expect(await ship(number, "1512 3456 7890")).toMatchObject({ ok: true });
    expect((await vendorOrderDetail(t.db, "vendor-1", number))?.ewayBill?.number).toBe("151234567890");
    const order = (await getOrderForUser(t.db, "u-a", number))!;
    expect(order.shipments).toEqual([expect.objectContaining({ status: "shipped", ewayBillNumber: "151234567890" })]);
    expect(orderInvoices(order)).toEqual([expect.objectContaining({ vendorId: "vendor-1", total: 5_000_001, ewayBillNumber: "151234567890" })]);
  });

  it("fills in Part A with a business buyer's GSTIN, the seller's own invoice number and the goods' HSN codes", async () => {
    const number = await readyToShip(
      [
        { productId: "product-samsung-990-pro-2tb", quantity: 1 },
        { productId: LAPTOP, quantity: 1 },
      ],
      { gstin: MAHARASHTRA_GSTIN, legalName: "Joshi Workstations LLP" },
      MUMBAI,
    );
    const detail = await vendorOrderDetail(t.db, "vendor-1", number);
    // The document is the seller's own tax invoice, numbered as the customer's order page numbers it.
    const invoices = orderInvoices((await getOrderForUser(t.db, "u-a", number))!);
    expect(invoices).toHaveLength(2);
    const own = invoices.findIndex((i) => i.vendorId === "vendor-1");
    const hsn = await t.db.selectFrom("products").select("hsn_code").where("id", "=", LAPTOP).executeTakeFirstOrThrow();
    expect(detail?.ewayBill?.partA).toMatchObject({
      recipientGstin: MAHARASHTRA_GSTIN,
      deliveryPin: "400001",
      documentNumber: invoiceNumber(number, own),
      value: 8_299_000 + 1_493_820,
      hsnCodes: hsn.hsn_code ? [hsn.hsn_code] : [],
    });
    // vendor-2's part is worth less than ₹50,000: no e-way bill for it.
    expect((await vendorOrderDetail(t.db, "vendor-2", number))?.ewayBill).toBeNull();
  });
});
