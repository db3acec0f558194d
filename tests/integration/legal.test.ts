import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbContext, outboxContext, userContext } from "~/context";
import { forgetLegalDetails, legalDetails, saveLegalDetails } from "~/modules/content/legal.server";
import { LEGAL_MESSAGES } from "~/modules/content/legal";
import { SELLER_PAGE_SIZE } from "~/modules/catalog/sellers.server";
import { seedDemoCatalog } from "~/seed/seed.server";
import { action as adminLegalAction, loader as adminLegalLoader } from "~/routes/admin/legal";
import { headers as sellerHeaders, loader as sellerLoader } from "~/routes/seller";
import { loader as shopLoader } from "~/routes/_shop";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { insertUsers } from "../support/fixtures";
import { createTestDatabase, testDatabaseKinds, TEST_BASE_URL, type TestDatabase } from "../support/test-db";

const DEMO = {
  legalName: "RC Computers Private Limited",
  cin: "U52390UP2015PTC071234",
  registeredOffice: "B-42, Sector 63, Noida, Uttar Pradesh 201301, India",
  gstin: "09AABCR1234K1ZF",
  officerName: "Anjali Verma",
  officerDesignation: "Grievance Officer",
  officerEmail: "grievance@rccomputers.in",
  officerPhone: "+91 1204567891",
};

type Args = { request: Request; context: RouterContextProvider; params: Record<string, string> };

describe.each(testDatabaseKinds)("legal details and sellers' pages on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    await insertUsers(t, [{ id: "admin-1" }]);
    await t.db
      .insertInto("vendors")
      .values({ id: "vendor-pending", name: "Pending Traders", gstin: null, phone: "+91 98765 43210", address: "1 Main Road", city: "Pune", state: "Maharashtra", status: "pending", owner_user_id: null, created_at: new Date().toISOString(), dispatch_pin: null })
      .execute();
  });
  afterAll(async () => t?.destroy());

  const context = (admin = false) => {
    const c = new RouterContextProvider();
    c.set(dbContext, t.db);
    c.set(outboxContext, t.outbox);
    c.set(userContext, admin ? { id: "admin-1", email: "a@example.in", name: "Anita Admin", role: "customer", isAdmin: true } : null);
    return c;
  };
  const call = async (fn: unknown, args: Args): Promise<unknown> => {
    try {
      return await (fn as (a: Args) => Promise<unknown>)(args);
    } catch (e) {
      if (e instanceof Response) return e;
      // data() thrown by a loader: a status and its data.
      if (e && typeof e === "object" && "init" in e) return e;
      throw e;
    }
  };
  const get = (path: string) => new Request(`${TEST_BASE_URL}${path}`);
  const post = (path: string, fields: Record<string, string>) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    return new Request(`${TEST_BASE_URL}${path}`, { method: "POST", body });
  };

  it("starts with the demo legal details", async () => {
    forgetLegalDetails(t.db);
    const d = await legalDetails(t.db);
    expect(d).toEqual({
      legalName: DEMO.legalName,
      cin: DEMO.cin,
      registeredOffice: DEMO.registeredOffice,
      gstin: DEMO.gstin,
      grievanceOfficer: { name: DEMO.officerName, designation: DEMO.officerDesignation, email: DEMO.officerEmail, phone: DEMO.officerPhone },
    });
  });

  it("refuses each wrong field with its own message and saves nothing", async () => {
    const r = await saveLegalDetails(t.db, { ...DEMO, cin: "U123", officerEmail: "not-an-email", legalName: "" }, "admin-1");
    expect(r).toMatchObject({ ok: false, reason: "invalid", fieldErrors: { cin: LEGAL_MESSAGES.cin, officerEmail: LEGAL_MESSAGES.officerEmail, legalName: LEGAL_MESSAGES.legalName } });
    if (!r.ok) expect(Object.keys(r.fieldErrors).sort()).toEqual(["cin", "legalName", "officerEmail"]);
    const reply = (await call(adminLegalAction, { request: post("/admin/legal", { ...DEMO, gstin: "09AABCR1234K1ZA" }), context: context(true), params: {} })) as { data: { fieldErrors: Record<string, string>; values: Record<string, string> }; init: { status: number } };
    expect(reply.init.status).toBe(400);
    expect(reply.data.fieldErrors).toEqual({ gstin: "This GSTIN's last character does not match; please check it for typing mistakes" });
    expect(reply.data.values.gstin).toBe("09AABCR1234K1ZA");
    expect((await legalDetails(t.db)).gstin).toBe(DEMO.gstin);
  });

  it("lets only the admin read and save the form", async () => {
    const refused = await call(adminLegalLoader, { request: get("/admin/legal"), context: context(false), params: {} });
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(302);
    const page = (await call(adminLegalLoader, { request: get("/admin/legal"), context: context(true), params: {} })) as { data: { current: Record<string, string> } };
    expect(page.data.current).toEqual(DEMO);
  });

  it("shows a save in the footer's data at once: the kept copy is forgotten", async () => {
    const before = (await call(shopLoader, { request: get("/"), context: context(), params: {} })) as { data: { legal: { legalName: string } } };
    expect(before.data.legal.legalName).toBe(DEMO.legalName);
    const saved = await call(adminLegalAction, { request: post("/admin/legal", { ...DEMO, legalName: "RC Computers India Private Limited", officerName: "Rakesh Gupta" }), context: context(true), params: {} });
    expect(saved).toBeInstanceOf(Response);
    expect((saved as Response).headers.get("Location")).toBe("/admin/legal");
    const after = (await call(shopLoader, { request: get("/"), context: context(), params: {} })) as { data: { legal: { legalName: string; grievanceOfficer: { name: string } } } };
    expect(after.data.legal.legalName).toBe("RC Computers India Private Limited");
    expect(after.data.legal.grievanceOfficer.name).toBe("Rakesh Gupta");
    const row = await t.db.selectFrom("legal_details").select(["legal_name", "updated_by"]).where("id", "=", 1).executeTakeFirstOrThrow();
    expect(row).toEqual({ legal_name: "RC Computers India Private Limited", updated_by: "admin-1" });
  });

  it("reads the details from memory until they are forgotten", async () => {
    await legalDetails(t.db);
    // A change that does not go through saveLegalDetails (another process) shows once the copy is forgotten.
    await t.db.updateTable("legal_details").set({ legal_name: "Changed Elsewhere Private Limited" }).where("id", "=", 1).execute();
    expect((await legalDetails(t.db)).legalName).toBe("RC Computers India Private Limited");
    expect((await legalDetails(t.db, Date.now() + 61_000)).legalName).toBe("Changed Elsewhere Private Limited");
    forgetLegalDetails(t.db);
    expect((await legalDetails(t.db)).legalName).toBe("Changed Elsewhere Private Limited");
  });

  it("shows an approved seller's page with its details and products, shared by caches", async () => {
    const page = (await call(sellerLoader, { request: get("/sellers/vendor-1"), context: context(), params: { id: "vendor-1" } })) as {
      seller: { name: string; address: string; city: string; phone: string; gstin: string };
      since: string;
      products: { id: string }[];
      total: number;
      pageCount: number;
    };
    expect(page.seller).toMatchObject({ name: "Vardhan Infotech Distributors Pvt. Ltd.", city: "New Delhi", phone: "+91 11 4162 7730", gstin: "07AAHCV4821K1Z2" });
    expect(page.since).toMatch(/^[A-Z][a-z]+ \d{4}$/);
    const listed = await t.db.selectFrom("products").select("id").where("vendor_id", "=", "vendor-1").where("listed", "=", 1).execute();
    expect(page.total).toBe(listed.length);
    expect(page.products.map((p) => p.id).sort()).toEqual(listed.map((p) => p.id).sort().slice(0, SELLER_PAGE_SIZE));
    expect(page.pageCount).toBe(1);
    const h = new Headers((sellerHeaders as () => HeadersInit)());
    expect(h.get("Cache-Control")).toMatch(/^public, /);
  });

  it("has no page for a pending or unknown seller: 404", async () => {
    for (const id of ["vendor-pending", "vendor-nobody"]) {
      const r = (await call(sellerLoader, { request: get(`/sellers/${id}`), context: context(), params: { id } })) as { init: { status: number } };
      expect(r.init.status, id).toBe(404);
    }
  });

  it("lists approved sellers' pages in the sitemap", async () => {
    const r = (await sitemapLoader({ request: get("/sitemap.xml"), context: context(), params: {} } as never)) as Response;
    const xml = await r.text();
    expect(xml).toContain(`${TEST_BASE_URL}/sellers/vendor-1</loc>`);
    expect(xml).not.toContain("vendor-pending");
    expect(xml).toContain(`${TEST_BASE_URL}/ranking</loc>`);
  });
});
