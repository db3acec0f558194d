import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbContext } from "~/context";
import { PIN_FORMAT_MESSAGE, pinUnknownMessage } from "~/modules/addresses/pin-codes";
import { estimateDelivery } from "~/modules/delivery/estimate.server";
import { addPinRule, removePinRule, setCodLimit } from "~/modules/delivery/pin-rules.server";
import { codLimitMessage, notServedMessage, prepaidOnlyMessage } from "~/modules/delivery/serviceability";
import { loader as estimateLoader } from "~/routes/delivery.estimate";
import { seedDemoCatalog } from "~/seed/seed.server";
import { enableEveryPaymentMethod } from "../support/payments";
import { createTestDatabase, testDatabaseKinds, TEST_BASE_URL, type TestDatabase } from "../support/test-db";

const LAPTOP = "product-asus-tuf-gaming-a15"; // vendor-1 (dispatches from 110019, Delhi), ₹82,990
// Friday 27 Nov 2026, 10:00 in India: before the demo sellers' 14:00 cut-off.
const NOW = new Date("2026-11-27T04:30:00.000Z");

describe.each(testDatabaseKinds)("delivery estimates on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    await enableEveryPaymentMethod(t.db);
  });
  afterAll(async () => t?.destroy());

  const estimate = (pin: string, more: { vendorIds?: string[]; cashOnDelivery?: boolean; orderValue?: number } = {}) =>
    estimateDelivery(t.db, { pin, vendorIds: more.vendorIds ?? ["vendor-1"], cashOnDelivery: more.cashOnDelivery ?? true, orderValue: more.orderValue, now: NOW });

  it("promises metro to metro sooner than to a town elsewhere, with the time left before the cut-off", async () => {
    // Starts Friday, dispatched Saturday; metro to metro 2-3 business days (Sunday skipped), elsewhere 3-5.
    expect(await estimate("400001")).toEqual({
      pin: "400001",
      place: "Mumbai, Maharashtra",
      problem: null,
      cashOnDelivery: { available: true },
      sellers: [{ vendorId: "vendor-1", vendorName: "Vardhan Infotech Distributors Pvt. Ltd.", arrives: "Delivery Tue 1 – Wed 2 Dec", orderWithin: "Order within 4 hrs" }],
    });
    expect((await estimate("792001")).sellers[0]).toMatchObject({ arrives: "Delivery Wed 2 – Fri 4 Dec" });
  });

  it("gives one line per seller, and the general promise's place to a seller with no dispatch PIN", async () => {
    await t.db.updateTable("vendors").set({ dispatch_pin: null }).where("id", "=", "vendor-3").execute();
    const both = await estimate("560001", { vendorIds: ["vendor-3", "vendor-2", "vendor-3"] });
    expect(both.sellers.map((s) => [s.vendorId, s.arrives])).toEqual([
      ["vendor-3", null],
      ["vendor-2", "Delivery Tue 1 – Wed 2 Dec"],
    ]);
  });

  it("says why it cannot deliver: a malformed PIN, one that does not exist, one not served", async () => {
    expect(await estimate("0123")).toMatchObject({ place: null, problem: PIN_FORMAT_MESSAGE, sellers: [] });
    expect(await estimate("999999")).toMatchObject({ place: null, problem: pinUnknownMessage("999999"), sellers: [] });
    expect(await addPinRule(t.db, { prefix: "7441", kind: "not_serviceable" }, "admin-1")).toMatchObject({ ok: true });
    expect(await estimate("744101")).toMatchObject({ place: "South Andaman, Andaman and Nicobar Islands", problem: notServedMessage("744101"), cashOnDelivery: null, sellers: [] });
    await removePinRule(t.db, "7441");
  });

  it("says where cash on delivery is not taken: a prepaid-only PIN, an order above the limit, a shop that takes none", async () => {
    expect(await addPinRule(t.db, { prefix: "792", kind: "prepaid_only" }, "admin-1")).toMatchObject({ ok: true });
    expect((await estimate("792001")).cashOnDelivery).toEqual({ available: false, reason: prepaidOnlyMessage("792001") });
    expect(await setCodLimit(t.db, "50000", "admin-1")).toMatchObject({ ok: true });
    expect((await estimate("400001", { orderValue: 97_928_20 })).cashOnDelivery).toEqual({ available: false, reason: codLimitMessage(50_000_00) });
    expect((await estimate("400001", { orderValue: 40_000_00 })).cashOnDelivery).toEqual({ available: true });
    expect((await estimate("400001", { cashOnDelivery: false })).cashOnDelivery).toBeNull();
    await setCodLimit(t.db, "", "admin-1");
  });

  it("answers GET /delivery/estimate for a product as shareable JSON, and 404 for no product", async () => {
    const get = (query: string) =>
      (estimateLoader as (a: unknown) => Promise<Response>)({
        request: new Request(`${TEST_BASE_URL}/delivery/estimate?${query}`),
        context: contextWith(t),
        params: {},
      });
    const answer = await get(`product=${LAPTOP}&pin=792001`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toMatch(/^public, /);
    const body = await answer.json();
    expect(body).toMatchObject({ pin: "792001", place: "Lohit, Arunachal Pradesh", cashOnDelivery: { available: false, reason: prepaidOnlyMessage("792001") } });
    expect(body.sellers).toHaveLength(1);
    expect(body.sellers[0].arrives).toMatch(/^Delivery \w{3} \d{1,2}/);
    expect((await get("product=no-such-thing&pin=400001")).status).toBe(404);
    // The cash-on-delivery limit counts the product as an order of one: ₹82,990 and GST is above ₹50,000.
    await setCodLimit(t.db, "50000", "admin-1");
    expect((await (await get(`product=${LAPTOP}&pin=400001`)).json()).cashOnDelivery).toEqual({ available: false, reason: codLimitMessage(50_000_00) });
    await setCodLimit(t.db, "", "admin-1");
  });
});

function contextWith(t: TestDatabase): RouterContextProvider {
  const c = new RouterContextProvider();
  c.set(dbContext, t.db);
  return c;
}
