import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbContext, userContext } from "~/context";
import { BUSINESS_MESSAGES } from "~/modules/gst/business-buyer";
import { GSTIN_MESSAGES } from "~/modules/gst/gstin";
import { loadProfile } from "~/modules/identity/accounts.server";
import { MESSAGES } from "~/modules/identity/messages";
import type { SessionUser } from "~/modules/identity/roles";
import { checkoutPage, checkoutStep } from "~/modules/orders/checkout.server";
import { getOrderForUser } from "~/modules/orders/orders.server";
import { action as profileAction, loader as profileLoader } from "~/routes/profile";
import { seedDemoCatalog } from "~/seed/seed.server";
import { insertUsers } from "../support/fixtures";
import { createTestDatabase, testDatabaseKinds, TEST_BASE_URL, type TestDatabase } from "../support/test-db";

// The profile's business details for GST invoices (docs/product-rules.md, "Business buyers"): set,
// changed and removed through the profile's action, checked as checkout checks them, and read by
// the next checkout; an order already placed keeps the GSTIN it was issued with.

const MAHARASHTRA_GSTIN = "27AAPFU0939F1ZV";
const KARNATAKA_GSTIN = "29AAGCB7383J1Z4";
const BUYER: SessionUser = { id: "u-prof-biz", email: "u-prof-biz@example.in", name: "Kavya Rao", role: "customer", isAdmin: false };
const LINES = [{ productId: "product-logitech-g213-prodigy", quantity: 1 }];
const MUMBAI = { fullName: "Kavya Rao", phone: "+91 98200 12345", addressLine1: "4th floor, Kalpataru Court", addressLine2: "", city: "Mumbai", state: "Maharashtra", postalCode: "400001" };

type Args = { request: Request; context: RouterContextProvider; params: Record<string, string> };
type Reply = { status: "success"; message: string; intent: string } | { status: "error"; formError?: string; fieldErrors: Record<string, string>; values: Record<string, string>; intent: string };

describe.each(testDatabaseKinds)("the profile's business details on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    await insertUsers(t, [{ id: BUYER.id, name: BUYER.name, email: BUYER.email }]);
  });
  afterAll(async () => t?.destroy());

  const context = (user: SessionUser | null = BUYER) => {
    const c = new RouterContextProvider();
    c.set(dbContext, t.db);
    c.set(userContext, user);
    return c;
  };
  /** Posts the business form; answers the reply and its status, or the redirect of a plain (no-JavaScript) post. */
  const post = async (fields: Record<string, string>, user: SessionUser | null = BUYER): Promise<{ status: number; reply?: Reply; location?: string | null }> => {
    const body = new FormData();
    for (const [k, v] of Object.entries({ intent: "business", ...fields })) body.set(k, v);
    const args: Args = { request: new Request(`${TEST_BASE_URL}/profile`, { method: "POST", body }), context: context(user), params: {} };
    try {
      const r = (await (profileAction as unknown as (a: Args) => Promise<unknown>)(args)) as { data: Reply; init?: { status?: number } | null };
      return { status: r.init?.status ?? 200, reply: r.data };
    } catch (e) {
      if (e instanceof Response) return { status: e.status, location: e.headers.get("Location") };
      throw e;
    }
  };
  const saved = async () => {
    const p = await loadProfile(t.db, BUYER);
    return { gstin: p.gstin, legalName: p.businessLegalName };
  };
  const checkoutDefaults = async () => {
    const page = await checkoutPage(t.db, () => { throw new Error("no secrets needed"); }, BUYER, new URLSearchParams(), LINES);
    if (!("defaults" in page) || !page.defaults) throw new Error(JSON.stringify(page));
    return { business: page.defaults.business, gstin: page.defaults.gstin, legalName: page.defaults.legalName };
  };

  it("saves a GSTIN and legal name, normalised, and the next checkout starts with them", async () => {
    expect(await saved()).toEqual({ gstin: "", legalName: "" });
    expect(await checkoutDefaults()).toEqual({ business: "", gstin: "", legalName: "" });

    const answer = await post({ gstin: " 27aapfu0939f1zv ", legalName: "  Rao Design Studio LLP " });
    expect(answer).toEqual({ status: 200, reply: { intent: "business", status: "success", message: MESSAGES.businessSaved } });
    expect(await saved()).toEqual({ gstin: MAHARASHTRA_GSTIN, legalName: "Rao Design Studio LLP" });
    expect(await checkoutDefaults()).toEqual({ business: "on", gstin: MAHARASHTRA_GSTIN, legalName: "Rao Design Studio LLP" });

    // The profile page shows them.
    const page = (await (profileLoader as unknown as (a: Args) => Promise<{ profile: { gstin: string; businessLegalName: string } }>)({ request: new Request(`${TEST_BASE_URL}/profile`), context: context(), params: {} })).profile;
    expect(page).toMatchObject({ gstin: MAHARASHTRA_GSTIN, businessLegalName: "Rao Design Studio LLP" });

    // Saving the name and address leaves them as they are.
    const body = new FormData();
    for (const [k, v] of Object.entries({ intent: "profile", name: BUYER.name, email: BUYER.email, streetAddress: "12 MG Road", city: "Mumbai", stateVal: "Maharashtra", zipCode: "400001" })) body.set(k, v);
    await (profileAction as unknown as (a: Args) => Promise<unknown>)({ request: new Request(`${TEST_BASE_URL}/profile`, { method: "POST", body }), context: context(), params: {} });
    expect(await saved()).toEqual({ gstin: MAHARASHTRA_GSTIN, legalName: "Rao Design Studio LLP" });
  });

  it("refuses each problem beside its field, as checkout does, and keeps what was saved", async () => {
    const before = await saved();
    const broken = await post({ gstin: "27AAPFU0939F1ZO", legalName: "Rao Design Studio LLP" });
    expect(broken).toMatchObject({ status: 400, reply: { intent: "business", status: "error", fieldErrors: { gstin: GSTIN_MESSAGES.check }, values: { gstin: "27AAPFU0939F1ZO" } } });
    expect(broken.reply?.status === "error" && broken.reply.fieldErrors.legalName).toBeFalsy();

    for (const [fields, field, message] of [
      [{ gstin: "27AAPFU0939", legalName: "Rao Design Studio LLP" }, "gstin", GSTIN_MESSAGES.length],
      [{ gstin: "99AAPFU0939F1ZV", legalName: "Rao Design Studio LLP" }, "gstin", GSTIN_MESSAGES.state],
      [{ gstin: "27AAPFU0939F1Z", legalName: "Rao Design Studio LLP" }, "gstin", GSTIN_MESSAGES.length],
      [{ gstin: "", legalName: "Rao Design Studio LLP" }, "gstin", BUSINESS_MESSAGES.gstinMissing],
      [{ gstin: MAHARASHTRA_GSTIN, legalName: "  " }, "legalName", BUSINESS_MESSAGES.legalNameMissing],
      [{ gstin: MAHARASHTRA_GSTIN, legalName: "L".repeat(151) }, "legalName", BUSINESS_MESSAGES.legalNameLong],
    ] as const) {
      expect(await post(fields), JSON.stringify(fields)).toMatchObject({ status: 400, reply: { status: "error", formError: message, fieldErrors: { [field]: message } } });
    }
    expect(await saved()).toEqual(before);
  });

  it("changes them (any state: no delivery address is chosen yet), and an order already placed keeps its GSTIN", async () => {
    const placed = await checkoutStep(
      { store: t, payments: () => { throw new Error("cash on delivery needs no gateway"); } },
      BUYER,
      { ...MUMBAI, intent: "place", paymentMethod: "cod", idempotencyKey: crypto.randomUUID(), business: "on", gstin: MAHARASHTRA_GSTIN, legalName: "Rao Design Studio LLP" },
      LINES,
    );
    if (!("redirectTo" in placed)) throw new Error(JSON.stringify(placed.reply));
    const number = placed.redirectTo.replace("/checkout?placed=", "");

    expect(await post({ gstin: KARNATAKA_GSTIN, legalName: "Rao Systems Private Limited" })).toMatchObject({ status: 200, reply: { status: "success", message: MESSAGES.businessSaved } });
    expect(await saved()).toEqual({ gstin: KARNATAKA_GSTIN, legalName: "Rao Systems Private Limited" });
    expect(await checkoutDefaults()).toEqual({ business: "on", gstin: KARNATAKA_GSTIN, legalName: "Rao Systems Private Limited" });
    expect((await getOrderForUser(t.db, BUYER.id, number))!.business).toEqual({ gstin: MAHARASHTRA_GSTIN, legalName: "Rao Design Studio LLP" });
    // At checkout the Karnataka GSTIN still has to match where the goods go.
    const toMumbai = await checkoutStep({ store: t, payments: () => { throw new Error("no gateway"); } }, BUYER, { ...MUMBAI, intent: "shipping", business: "on", gstin: KARNATAKA_GSTIN, legalName: "Rao Systems Private Limited" }, LINES);
    expect(toMumbai).toMatchObject({ status: 400, reply: { fieldErrors: { gstin: expect.stringMatching(/registered in Karnataka, but the goods go to Maharashtra/) } } });
  });

  it("a plain post comes back to the page with the outcome in its address", async () => {
    expect(await post({ gstin: MAHARASHTRA_GSTIN, legalName: "Rao Design Studio LLP", redirectTo: "https://elsewhere.example/" })).toEqual({ status: 302, location: "/profile?business=saved#business-heading" });
    expect(await saved()).toEqual({ gstin: MAHARASHTRA_GSTIN, legalName: "Rao Design Studio LLP" });
    // A refusal is not redirected: the page shows it with what was typed.
    expect(await post({ gstin: "27AAPFU0939F1ZO", legalName: "Rao Design Studio LLP", redirectTo: "/profile?business=saved" })).toMatchObject({ status: 400, reply: { fieldErrors: { gstin: GSTIN_MESSAGES.check } } });
  });

  it("removes them with both fields empty or with Remove, and checkout then asks afresh", async () => {
    expect(await post({ gstin: "", legalName: "" })).toEqual({ status: 200, reply: { intent: "business", status: "success", message: MESSAGES.businessRemoved } });
    expect(await saved()).toEqual({ gstin: "", legalName: "" });
    expect(await checkoutDefaults()).toEqual({ business: "", gstin: "", legalName: "" });

    await post({ gstin: MAHARASHTRA_GSTIN, legalName: "Rao Design Studio LLP" });
    // Remove wins over whatever is in the fields.
    expect(await post({ gstin: "27AAPFU0939F1ZO", legalName: "Rao Design Studio LLP", remove: "on", redirectTo: "/profile?business=saved" })).toEqual({ status: 302, location: "/profile?business=removed#business-heading" });
    expect(await saved()).toEqual({ gstin: "", legalName: "" });
  });

  it("refuses a signed-out post", async () => {
    expect(await post({ gstin: MAHARASHTRA_GSTIN, legalName: "Rao Design Studio LLP" }, null)).toMatchObject({ status: 401, reply: { intent: "business", status: "error", formError: MESSAGES.profileSignedOut } });
  });
});
