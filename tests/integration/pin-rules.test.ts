import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbContext, outboxContext, userContext } from "~/context";
import { cartCookieHeader } from "~/modules/cart/cart.server";
import { addPinRule, codLimit, importPinRules, listPinRules, removePinRule, setCodLimit, verdictForPin } from "~/modules/delivery/pin-rules.server";
import { placeOrder } from "~/modules/orders/orders.server";
import { seedDemoCatalog, seedDemoPinRules } from "~/seed/seed.server";
import { action as adminDeliveryAction } from "~/routes/admin/delivery";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import { loader as pinCodeLoader } from "~/routes/pin-codes.$pin";
import { action as profileAction, loader as profileLoader } from "~/routes/profile";
import { enableEveryPaymentMethod } from "../support/payments";
import { insertUsers, shippingAddress } from "../support/fixtures";
import { createTestDatabase, testDatabaseKinds, TEST_BASE_URL, type TestDatabase } from "../support/test-db";

const KEYBOARD = "product-logitech-g213-prodigy"; // ₹3,499
const LAPTOP = "product-asus-tuf-gaming-a15"; // ₹82,990

const ITANAGAR = { ...shippingAddress, city: "Lohit", state: "Arunachal Pradesh", postalCode: "792001" };

type Reply = { data: Record<string, unknown> & { fieldErrors?: Record<string, string>; formError?: string; csvErrors?: string[] }; init: { status?: number } | null };

describe.each(testDatabaseKinds)("PIN rules on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    await enableEveryPaymentMethod(t.db);
    await insertUsers(t, [{ id: "buyer" }, { id: "admin-1" }]);
  });
  afterAll(async () => t?.destroy());

  const context = (user: "buyer" | "admin" | null = "buyer") => {
    const c = new RouterContextProvider();
    c.set(dbContext, t.db);
    c.set(outboxContext, t.outbox);
    c.set(
      userContext,
      user === null ? null : user === "admin" ? { id: "admin-1", email: "a@example.in", name: "Anita Admin", role: "customer", isAdmin: true } : { id: "buyer", email: "buyer@example.in", name: "Priya", role: "customer", isAdmin: false },
    );
    return c;
  };
  const post = async (path: string, fields: Record<string, string | File>, headers: Record<string, string> = {}) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    return new Request(`${TEST_BASE_URL}${path}`, { method: "POST", body, headers });
  };
  type Action = (args: { request: Request; context: RouterContextProvider; params: Record<string, string> }) => Promise<unknown>;
  const run = async (action: unknown, request: Request, user: "buyer" | "admin" | null = "buyer"): Promise<Reply | Response> => {
    try {
      return (await (action as Action)({ request, context: context(user), params: {} })) as Reply;
    } catch (e) {
      if (e instanceof Response) return e;
      throw e;
    }
  };
  const reply = (r: Reply | Response): Reply => {
    if (r instanceof Response) throw new Error(`expected a reply, got a ${r.status} to ${r.headers.get("Location")}`);
    return r;
  };

  it("adds, changes and removes rules, refusing a malformed one", async () => {
    expect(await addPinRule(t.db, { prefix: "7441", kind: "not_serviceable" }, "admin-1")).toMatchObject({ ok: true });
    expect(await addPinRule(t.db, { prefix: "7441", kind: "prepaid_only" }, "admin-1")).toMatchObject({ ok: true });
    expect((await listPinRules(t.db)).filter((r) => r.prefix === "7441").map((r) => r.kind)).toEqual(["prepaid_only"]);
    for (const prefix of ["", "1234567", "74x"]) {
      expect(await addPinRule(t.db, { prefix, kind: "prepaid_only" }, null), prefix).toMatchObject({ ok: false, reason: "invalid", fieldErrors: { prefix: "Please enter 1 to 6 digits: a whole PIN code or its first digits" } });
    }
    expect(await addPinRule(t.db, { prefix: "74", kind: "closed" }, null)).toMatchObject({ ok: false, fieldErrors: { kind: "Please choose what the rule does" } });
    expect(await removePinRule(t.db, "7441")).toMatchObject({ ok: true });
    expect(await removePinRule(t.db, "7441")).toMatchObject({ ok: false, reason: "not_found" });
    expect(await listPinRules(t.db)).toEqual([]);
  });

  it("uploads a CSV whole, or nothing of it when a line is bad", async () => {
    const bad = await importPinRules(t.db, "pin,kind\n110,prepaid_only\n11x,prepaid_only\n1100,not_serviceable\n1100,nothing\n", "admin-1");
    expect(bad).toMatchObject({ ok: false, reason: "invalid", message: "Nothing was added: 2 lines need fixing." });
    if (!bad.ok) expect(bad.errors).toEqual(['Line 3: "11x" is not 1 to 6 digits', 'Line 5: the kind must be not_serviceable or prepaid_only, not "nothing"']);
    expect(await listPinRules(t.db)).toEqual([]);
    const many = ["pin,kind", ...Array.from({ length: 1200 }, (_, i) => `${600000 + i},not_serviceable`)].join("\n");
    expect(await importPinRules(t.db, many, "admin-1")).toMatchObject({ ok: true, count: 1200, message: "1,200 rules added from the file." });
    expect(await listPinRules(t.db)).toHaveLength(1200);
    expect((await verdictForPin(t.db, "600001")).kind).toBe("not_served");
    await t.db.deleteFrom("pin_rules").execute();
  });

  it("sets and clears the cash-on-delivery limit in rupees", async () => {
    expect(await codLimit(t.db)).toBeNull();
    expect(await setCodLimit(t.db, "50,000", "admin-1")).toEqual({ ok: true, message: "Cash on delivery is now limited to orders of ₹50,000 or less." });
    expect(await codLimit(t.db)).toBe(50_000_00);
    expect(await setCodLimit(t.db, "12.5", "admin-1")).toMatchObject({ ok: false, fieldErrors: { codLimit: expect.stringMatching(/whole rupees/) } });
    expect(await codLimit(t.db)).toBe(50_000_00);
    expect((await verdictForPin(t.db, "110001", 60_000_00)).kind).toBe("cod_unavailable");
    expect(await setCodLimit(t.db, "", "admin-1")).toEqual({ ok: true, message: "Cash on delivery now has no order-value limit." });
    expect(await codLimit(t.db)).toBeNull();
  });

  it("drives the admin page: a rule, a CSV upload with its bad lines, the limit", async () => {
    const added = await run(adminDeliveryAction, await post("/admin/delivery", { intent: "add", prefix: "7440", kind: "not_serviceable" }), "admin");
    expect(added).toBeInstanceOf(Response);
    expect((added as Response).headers.get("Location")).toBe("/admin/delivery");
    const refused = reply(await run(adminDeliveryAction, await post("/admin/delivery", { intent: "add", prefix: "74a", kind: "not_serviceable" }), "admin"));
    expect(refused.init?.status).toBe(400);
    expect(refused.data.fieldErrors).toEqual({ prefix: "Please enter 1 to 6 digits: a whole PIN code or its first digits" });
    const csv = new File(["pin,kind\n560,prepaid_only\n56O,prepaid_only\n"], "rules.csv", { type: "text/csv" });
    const upload = reply(await run(adminDeliveryAction, await post("/admin/delivery", { intent: "upload", csv }), "admin"));
    expect(upload.init?.status).toBe(400);
    expect(upload.data.csvErrors).toEqual(['Line 3: "56O" is not 1 to 6 digits']);
    expect((await listPinRules(t.db)).map((r) => r.prefix)).toEqual(["7440"]);
    const limit = await run(adminDeliveryAction, await post("/admin/delivery", { intent: "codLimit", codLimit: "75000" }), "admin");
    expect(limit).toBeInstanceOf(Response);
    expect(await codLimit(t.db)).toBe(75_000_00);
    const removed = await run(adminDeliveryAction, await post("/admin/delivery", { intent: "remove", prefix: "7440" }), "admin");
    expect(removed).toBeInstanceOf(Response);
    await setCodLimit(t.db, "", null);
    expect(await listPinRules(t.db)).toEqual([]);
    // Not an administrator: sent to sign in, nothing changed.
    const stranger = await run(adminDeliveryAction, await post("/admin/delivery", { intent: "add", prefix: "1", kind: "not_serviceable" }), "buyer");
    expect(stranger).toBeInstanceOf(Response);
    expect(await listPinRules(t.db)).toEqual([]);
  });

  it("answers GET /pin-codes/:pin with the place and the rules, or 404 with the message", async () => {
    await seedDemoPinRules(t.db);
    const get = async (pin: string) => (await (pinCodeLoader as (a: unknown) => Promise<Response>)({ request: new Request(`${TEST_BASE_URL}/pin-codes/${pin}`), context: context(null), params: { pin } }));
    const itanagar = await get("792001");
    expect(itanagar.status).toBe(200);
    expect(itanagar.headers.get("Cache-Control")).toMatch(/^public, /);
    expect(await itanagar.json()).toEqual({
      pin: "792001",
      state: "Arunachal Pradesh",
      district: "Lohit",
      city: "Lohit",
      serviceable: true,
      cashOnDelivery: false,
      message: "Cash on delivery is not available for PIN code 792001",
    });
    expect(await (await get("400001")).json()).toEqual({ pin: "400001", state: "Maharashtra", district: "Mumbai", city: "Mumbai", serviceable: true, cashOnDelivery: true });
    for (const pin of ["999999", "12ab"]) {
      const r = await get(pin);
      expect(r.status).toBe(404);
      expect(await r.json()).toEqual({ error: `PIN code ${pin} does not exist. Please check it.` });
    }
  });

  it("refuses cash on delivery to a prepaid-only PIN and above the limit when placing, whatever was posted", async () => {
    const cod = await placeOrder(t, { userId: "buyer", lines: [{ productId: KEYBOARD, quantity: 1 }], address: ITANAGAR, paymentMethod: "cod", idempotencyKey: "pin-1" });
    expect(cod).toEqual({ ok: false, reason: "cod_unavailable", message: "Cash on delivery is not available for PIN code 792001" });
    expect(await placeOrder(t, { userId: "buyer", lines: [{ productId: KEYBOARD, quantity: 1 }], address: ITANAGAR, paymentMethod: "card", idempotencyKey: "pin-2" })).toMatchObject({ ok: true });
    // The same order asked for again with cash on delivery is refused too.
    expect(await placeOrder(t, { userId: "buyer", lines: [{ productId: KEYBOARD, quantity: 1 }], address: ITANAGAR, paymentMethod: "cod", idempotencyKey: "pin-2" })).toMatchObject({
      ok: false,
      reason: "cod_unavailable",
    });
    await setCodLimit(t.db, "50000", null);
    try {
      expect(await placeOrder(t, { userId: "buyer", lines: [{ productId: LAPTOP, quantity: 1 }], address: shippingAddress, paymentMethod: "cod", idempotencyKey: "pin-3" })).toEqual({
        ok: false,
        reason: "cod_unavailable",
        message: "Cash on delivery is not available for orders above ₹50,000",
      });
      expect(await placeOrder(t, { userId: "buyer", lines: [{ productId: KEYBOARD, quantity: 1 }], address: shippingAddress, paymentMethod: "cod", idempotencyKey: "pin-4" })).toMatchObject({ ok: true });
    } finally {
      await setCodLimit(t.db, "", null);
    }
    await addPinRule(t.db, { prefix: "2013", kind: "not_serviceable" }, null);
    try {
      expect(await placeOrder(t, { userId: "buyer", lines: [{ productId: KEYBOARD, quantity: 1 }], address: shippingAddress, paymentMethod: "card", idempotencyKey: "pin-5" })).toEqual({
        ok: false,
        reason: "not_served",
        message: "We do not deliver to PIN code 201301 yet",
      });
    } finally {
      await removePinRule(t.db, "2013");
    }
  });

  it("checkout refuses a PIN that does not exist, is in another state, or is not served, on the PIN field", async () => {
    const cookie = (await cartCookieHeader([{ productId: KEYBOARD, quantity: 1 }])).split(";")[0]!;
    const address = { fullName: "Priya Sharma", phone: "+91 98765 43210", addressLine1: "C-14", addressLine2: "", city: "Noida", state: "Uttar Pradesh", postalCode: "201301" };
    const shipping = async (more: Record<string, string>) => reply(await run(checkoutAction, await post("/checkout", { intent: "shipping", ...address, ...more }, { Cookie: cookie })));
    const wrongState = await shipping({ state: "Karnataka", postalCode: "110001" });
    expect(wrongState.init?.status).toBe(400);
    expect(wrongState.data).toMatchObject({ step: "shipping", fieldErrors: { postalCode: "PIN code 110001 is in Delhi, not Karnataka" } });
    expect((await shipping({ postalCode: "999999" })).data.fieldErrors).toEqual({ postalCode: "PIN code 999999 does not exist. Please check it." });
    // The old messages for an empty or malformed PIN stay.
    expect((await shipping({ postalCode: "12345" })).data.fieldErrors).toEqual({ postalCode: "Please enter a valid 6-digit PIN code" });
    expect((await shipping({ postalCode: "" })).data.fieldErrors).toEqual({ postalCode: "Please enter the PIN code" });
    await addPinRule(t.db, { prefix: "201301", kind: "not_serviceable" }, null);
    try {
      expect((await shipping({})).data.fieldErrors).toEqual({ postalCode: "We do not deliver to PIN code 201301 yet" });
    } finally {
      await removePinRule(t.db, "201301");
    }
    const ok = await shipping({});
    expect(ok.data).toMatchObject({ step: "payment", status: "success" });
    expect(ok.data.codUnavailable).toBeUndefined();

    // Arunachal Pradesh, prepaid only: the payment step says so, and a posted COD order is refused with the same words.
    const arunachal = { city: "Lohit", state: "Arunachal Pradesh", postalCode: "792001" };
    const toPayment = await shipping(arunachal);
    expect(toPayment.data).toMatchObject({ step: "payment", codUnavailable: "Cash on delivery is not available for PIN code 792001" });
    const placed = reply(
      await run(checkoutAction, await post("/checkout", { intent: "place", ...address, ...arunachal, paymentMethod: "cod", idempotencyKey: crypto.randomUUID() }, { Cookie: cookie })),
    );
    expect(placed.init?.status).toBe(409);
    expect(placed.data).toMatchObject({ step: "payment", fieldErrors: { paymentMethod: "Cash on delivery is not available for PIN code 792001" } });
  });

  it("the profile refuses a PIN that does not exist or is in another state, and saves a right one", async () => {
    const profile = { intent: "profile", name: "Priya", email: "buyer@example.in", streetAddress: "C-14", city: "Bengaluru", stateVal: "Karnataka" };
    const wrong = reply(await run(profileAction, await post("/profile", { ...profile, zipCode: "110001" })));
    expect(wrong.init?.status).toBe(400);
    expect(wrong.data).toMatchObject({ formError: "PIN code 110001 is in Delhi, not Karnataka", fieldErrors: { zipCode: "PIN code 110001 is in Delhi, not Karnataka" }, values: { zipCode: "110001" } });
    expect(reply(await run(profileAction, await post("/profile", { ...profile, zipCode: "999999" }))).data.fieldErrors).toEqual({ zipCode: "PIN code 999999 does not exist. Please check it." });
    expect(reply(await run(profileAction, await post("/profile", { ...profile, zipCode: "12345" }))).data.fieldErrors).toEqual({ zipCode: "Please enter a valid 6-digit PIN code" });
    const saved = reply(await run(profileAction, await post("/profile", { ...profile, zipCode: "560001" })));
    expect(saved.data).toMatchObject({ status: "success" });
  });

  it("keeps a saved address whose PIN no longer passes, and flags it on the PIN field when next used", async () => {
    await t.db
      .insertInto("customer_profiles")
      .values({ user_id: "admin-1", street_address: "12, MG Road", city: "Bengaluru", state: "Karnataka", postal_code: "110001", updated_at: new Date().toISOString() })
      .execute();
    const cookie = (await cartCookieHeader([{ productId: KEYBOARD, quantity: 1 }])).split(";")[0]!;
    const c = context("admin");
    type Loader = (args: { request: Request; context: RouterContextProvider; params: Record<string, string> }) => Promise<Record<string, unknown>>;
    const checkout = await (checkoutLoader as unknown as Loader)({ request: new Request(`${TEST_BASE_URL}/checkout`, { headers: { Cookie: cookie } }), context: c, params: {} });
    expect(checkout).toMatchObject({ step: "shipping", defaults: { state: "Karnataka", postalCode: "110001" }, defaultErrors: { postalCode: "PIN code 110001 is in Delhi, not Karnataka" } });
    const profile = await (profileLoader as unknown as Loader)({ request: new Request(`${TEST_BASE_URL}/profile`), context: c, params: {} });
    expect(profile).toMatchObject({ profile: { zipCode: "110001", stateVal: "Karnataka" }, savedErrors: { zipCode: "PIN code 110001 is in Delhi, not Karnataka" } });
    // Nothing was changed or deleted.
    expect(await t.db.selectFrom("customer_profiles").select(["state", "postal_code"]).where("user_id", "=", "admin-1").executeTakeFirst()).toEqual({ state: "Karnataka", postal_code: "110001" });
  });
});
