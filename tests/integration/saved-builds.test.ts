import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbContext, userContext } from "~/context";
import { SAVED_BUILD_MESSAGES, defaultBuildName } from "~/modules/builds/saved-build";
import { builderHref } from "~/modules/builds/selection";
import type { SavedBuild } from "~/modules/builds/saved-builds.server";
import { saveProduct, type ProductInput } from "~/modules/catalog/products.server";
import { NO_DECLARATIONS } from "~/modules/catalog/declarations";
import { priceWithGst } from "~/modules/gst/gst";
import type { SessionUser } from "~/modules/identity/roles";
import { action as saveAction, loader as listLoader } from "~/routes/builds";
import { loader as buildLoader } from "~/routes/builds.$id";
import { action as deleteAction } from "~/routes/builds.$id.delete";
import { loader as savedQuoteLoader } from "~/routes/builds.$id.quote";
import { loader as quoteLoader } from "~/routes/build.quote";
import { seedDemoCatalog } from "~/seed/seed.server";
import { insertUsers } from "../support/fixtures";
import { createTestDatabase, testDatabaseKinds, TEST_BASE_URL, type TestDatabase } from "../support/test-db";

// Saving a PC build, opening it by its address, the account's list and the quote
// (docs/product-rules.md, "PC builds"), through the routes' own loaders and actions.

const OWNER: SessionUser = { id: "u-builds-owner", email: "builds-owner@example.in", name: "Anil Mehta", role: "customer", isAdmin: false };
const OTHER: SessionUser = { id: "u-builds-other", email: "builds-other@example.in", name: "Sunita Rao", role: "customer", isAdmin: false };

const component = (id: string, name: string, pricePaise: number, vendorId: string, specifications: Record<string, string>, hsnCode: string | null = null): ProductInput => ({
  id,
  name,
  description: `${name}, a PC part.`,
  pricePaise,
  image: null,
  category: "Component",
  stock: 10,
  featured: false,
  specifications,
  vendorId,
  declarations: { ...NO_DECLARATIONS, hsnCode },
});

const CPU = component("sb-ryzen-7800x3d", "AMD Ryzen 7 7800X3D", 36_999_00, "vendor-1", {
  componentType: "Processor",
  socket: "AM5",
  processorFamily: "Ryzen 7000",
  ramTypes: "DDR5",
  power: "120",
  peakPower: "162",
  integratedGraphics: "Yes",
  coolerIncluded: "No",
}, "85423100");
const BOARD = component("sb-z790", "MSI PRO Z790-P WiFi", 21_499_00, "vendor-2", {
  componentType: "Motherboard",
  socket: "LGA 1700",
  boardFormFactor: "ATX",
  ramType: "DDR5",
  memorySlots: "4",
  maxMemory: "192",
  maxMemorySpeed: "7200",
  m2Slots: "4",
  sataPorts: "6",
  biosFlashback: "Yes",
  minimumBios: "None",
});
const KIT = component("sb-ddr5-kit", "Kingston FURY Beast 32 GB DDR5-6000", 9_499_00, "vendor-1", {
  componentType: "Memory",
  ramType: "DDR5",
  memorySpeed: "6000",
  modules: "2",
  moduleCapacity: "16",
  memoryFormFactor: "DIMM",
  registered: "No",
});
/** A product that is no PC part: a build cannot hold it. */
const NOT_A_PART = "product-sony-wh-1000xm5";

type Args = { request: Request; context: RouterContextProvider; params: Record<string, string> };
type Call = (a: Args) => Promise<unknown>;
type Refusal = { status: "error"; formError?: string; fieldErrors: Record<string, string>; values: Record<string, string>; parts: string[] };

describe.each(testDatabaseKinds)("saved builds on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    for (const p of [CPU, BOARD, KIT]) await saveProduct(t.db, p);
    await insertUsers(t, [OWNER, OTHER].map((u) => ({ id: u.id, name: u.name, email: u.email })));
  });
  afterAll(async () => t?.destroy());

  const context = (user: SessionUser | null) => {
    const c = new RouterContextProvider();
    c.set(dbContext, t.db);
    c.set(userContext, user);
    return c;
  };
  /** Runs a loader or action; a thrown Response (a redirect, a 404) is answered, not thrown. */
  const run = async (fn: unknown, url: string, user: SessionUser | null, params: Record<string, string> = {}, body?: [string, string][]) => {
    const init: RequestInit = { method: body ? "POST" : "GET" };
    if (body) {
      const form = new FormData();
      for (const [k, v] of body) form.append(k, v);
      init.body = form;
    }
    try {
      const r = (await (fn as Call)({ request: new Request(`${TEST_BASE_URL}${url}`, init), context: context(user), params })) as { data?: unknown; init?: { status?: number } | null } | Record<string, unknown>;
      if (r && typeof r === "object" && "data" in r && "init" in r) return { status: (r.init as { status?: number } | null)?.status ?? 200, body: r.data, location: null };
      return { status: 200, body: r, location: null };
    } catch (e) {
      if (e instanceof Response) return { status: e.status, body: null, location: e.headers.get("Location") };
      if (e && typeof e === "object" && "type" in e && (e as { type: string }).type === "DataWithResponseInit") {
        const d = e as unknown as { data: unknown; init: { status?: number } | null };
        return { status: d.init?.status ?? 500, body: d.data, location: null };
      }
      throw e;
    }
  };
  const save = (parts: string[], user: SessionUser | null, name?: string) =>
    run(saveAction, "/builds", user, {}, [...parts.map((p): [string, string] => ["part", p]), ...(name === undefined ? [] : [["name", name] as [string, string]])]);
  const idOf = (location: string | null) => {
    expect(location).toMatch(/^\/builds\/[A-Za-z0-9_-]{22}$/);
    return location!.slice("/builds/".length);
  };
  const open = async (id: string) => {
    const r = await run(buildLoader, `/builds/${id}`, null, { id });
    return r.body as { build: Omit<SavedBuild, "userId"> };
  };

  it("saves a build signed in, owned by the customer, and opens it by its address for anyone", async () => {
    const r = await save([CPU.id, BOARD.id, KIT.id, KIT.id], OWNER, "  Gaming rig  ");
    expect(r.status).toBe(302);
    const id = idOf(r.location);
    const row = await t.db.selectFrom("builds").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: OWNER.id, name: "Gaming rig" });

    // Opened by someone signed out: the same page, no owner on it.
    const { build } = await open(id);
    expect(build.name).toBe("Gaming rig");
    expect("userId" in build).toBe(false);
    expect(build.parts.map((p) => [p.name, p.savedPricePaise, p.today?.pricePaise])).toEqual([
      [CPU.name, CPU.pricePaise, CPU.pricePaise],
      [BOARD.name, BOARD.pricePaise, BOARD.pricePaise],
      [KIT.name, KIT.pricePaise, KIT.pricePaise],
      [KIT.name, KIT.pricePaise, KIT.pricePaise],
    ]);
    // Today's build is checked: an AM5 processor on an LGA 1700 board, both sockets named.
    const errors = build.check.verdicts.filter((v) => v.severity === "error").map((v) => v.message);
    expect(errors.some((m) => m.includes("AM5") && m.includes("LGA 1700"))).toBe(true);
    expect(build.check.compatible).toBe(false);
    // Copy and edit: the builder's address with the same parts, the kit twice.
    expect(builderHref(build.partIdsToday)).toBe(`/build?part=${CPU.id}&part=${BOARD.id}&part=${KIT.id}&part=${KIT.id}`);
  });

  it("saves a build signed out, owned by no one, under today's default name", async () => {
    const r = await save([CPU.id], null, "");
    const id = idOf(r.location);
    const row = await t.db.selectFrom("builds").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.user_id).toBeNull();
    expect(row.name).toBe(defaultBuildName(new Date(row.created_at)));
    expect(row.name).toMatch(/^PC build, \d{2} [A-Z][a-z]{2} \d{4}$/);
  });

  it("gives every build an address of its own that cannot be guessed from the last", async () => {
    const a = idOf((await save([CPU.id], null)).location);
    const b = idOf((await save([CPU.id], null)).location);
    expect(a).not.toBe(b);
  });

  it("refuses an empty build, unknown parts and a bad name, each with its message, saving nothing", async () => {
    const before = await t.db.selectFrom("builds").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    const empty = await save([], OWNER, "Nothing");
    expect(empty.status).toBe(400);
    expect((empty.body as Refusal).formError).toBe(SAVED_BUILD_MESSAGES.empty);

    const unknown = await save([CPU.id, "no-such-part", NOT_A_PART], OWNER);
    expect(unknown.status).toBe(400);
    expect((unknown.body as Refusal).formError).toBe(SAVED_BUILD_MESSAGES.unknownParts(2));
    expect((unknown.body as Refusal).parts).toEqual([CPU.id, "no-such-part", NOT_A_PART]);

    const long = await save([CPU.id], OWNER, "x".repeat(81));
    expect(long.status).toBe(400);
    expect((long.body as Refusal).fieldErrors.name).toBe(SAVED_BUILD_MESSAGES.nameTooLong);
    const control = await save([CPU.id], OWNER, "two\nlines");
    expect((control.body as Refusal).fieldErrors.name).toBe(SAVED_BUILD_MESSAGES.nameInvalid);

    const after = await t.db.selectFrom("builds").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("answers 404 for an address that names no build", async () => {
    const r = await run(buildLoader, "/builds/nothing-here", null, { id: "nothing-here" });
    expect(r.status).toBe(404);
    expect((await run(savedQuoteLoader, "/builds/nothing-here/quote", null, { id: "nothing-here" })).status).toBe(404);
  });

  it("keeps the prices of the day it was saved, with today's beside them, and says when a part is gone", async () => {
    const cpu = { ...CPU, id: "sb-price-cpu" };
    const kit = { ...KIT, id: "sb-price-kit" };
    await saveProduct(t.db, cpu);
    await saveProduct(t.db, kit);
    const id = idOf((await save([cpu.id, kit.id], null, "Price watch")).location);
    await saveProduct(t.db, { ...cpu, pricePaise: 33_999_00 });
    await t.db.updateTable("products").set({ listed: 0 }).where("id", "=", kit.id).execute();

    const { build } = await open(id);
    expect(build.parts.map((p) => ({ name: p.name, saved: p.savedPricePaise, today: p.today?.pricePaise ?? "no longer sold" }))).toEqual([
      { name: cpu.name, saved: 36_999_00, today: 33_999_00 },
      { name: kit.name, saved: 9_499_00, today: "no longer sold" },
    ]);
    expect(build.totalThen).toBe(priceWithGst(36_999_00) + priceWithGst(9_499_00));
    expect(build.totalNow).toBe(priceWithGst(33_999_00));
    expect(build.partIdsToday).toEqual([cpu.id]);
  });

  it("lists a customer's own builds, newest first, and only the owner may delete one", async () => {
    const older = idOf((await save([BOARD.id], OWNER, "Older")).location);
    await new Promise((r) => setTimeout(r, 5));
    const newer = idOf((await save([CPU.id, KIT.id], OWNER, "Newer")).location);
    idOf((await save([CPU.id], OTHER, "Someone else's")).location);

    const list = (await run(listLoader, "/builds", OWNER)).body as { builds: { id: string; name: string; parts: { name: string }[]; totalThen: number }[] };
    const mine = list.builds.filter((b) => b.id === older || b.id === newer);
    expect(mine.map((b) => b.name)).toEqual(["Newer", "Older"]);
    expect(list.builds.some((b) => b.name === "Someone else's")).toBe(false);
    expect(mine[0]).toMatchObject({ parts: [{ name: CPU.name }, { name: KIT.name }], totalThen: priceWithGst(CPU.pricePaise) + priceWithGst(KIT.pricePaise) });

    // Signed out, the list is not shown (the page asks to sign in).
    expect(((await run(listLoader, "/builds", null)).body as { builds: unknown }).builds).toBeNull();

    // Someone else cannot delete it: it looks like no build at all, and it stays.
    const refused = await run(deleteAction, `/builds/${newer}/delete`, OTHER, { id: newer }, []);
    expect(refused.status).toBe(404);
    expect(await t.db.selectFrom("builds").select("id").where("id", "=", newer).executeTakeFirst()).toBeDefined();
    // Signed out, deleting asks to sign in.
    const signedOut = await run(deleteAction, `/builds/${newer}/delete`, null, { id: newer }, []);
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).toMatch(/^\/login\?redirectTo=/);

    // The owner can; its parts go with it, and the address answers 404.
    const done = await run(deleteAction, `/builds/${newer}/delete`, OWNER, { id: newer }, []);
    expect(done).toMatchObject({ status: 302, location: "/builds" });
    expect(await t.db.selectFrom("build_parts").select("build_id").where("build_id", "=", newer).execute()).toEqual([]);
    expect((await run(buildLoader, `/builds/${newer}`, null, { id: newer })).status).toBe(404);
  });

  it("quotes a build by seller with HSN and GST, its total the sum of the parts' prices with GST", async () => {
    const parts = [CPU.id, BOARD.id, KIT.id, KIT.id];
    const r = await run(quoteLoader, `/build/quote?${parts.map((p) => `part=${p}`).join("&")}`, null);
    const q = r.body as {
      quote: { sellers: { sellerName: string; gstin: string | null; lines: { name: string; hsnCode: string | null; quantity: number; lineTotal: number }[]; taxable: number; gst: number; total: number }[]; missing: number };
      totals: { subTotal: number; shipping: number; tax: number; total: number };
    };
    expect(q.quote.missing).toBe(0);
    expect(q.quote.sellers.map((s) => s.lines.map((l) => [l.name, l.quantity, l.hsnCode]))).toEqual([
      [
        [CPU.name, 1, "85423100"],
        [KIT.name, 2, null],
      ],
      [[BOARD.name, 1, null]],
    ]);
    expect(q.quote.sellers.every((s) => s.gstin)).toBe(true);
    const withGst = priceWithGst(CPU.pricePaise) + priceWithGst(BOARD.pricePaise) + 2 * priceWithGst(KIT.pricePaise);
    expect(q.totals.shipping).toBe(0);
    expect(q.totals.total).toBe(withGst);
    expect(q.quote.sellers.reduce((s, x) => s + x.total, 0)).toBe(withGst);
    expect(q.totals.tax).toBe(q.quote.sellers.reduce((s, x) => s + x.gst, 0));

    // A saved build's quote is the same parts at today's prices.
    const id = idOf((await save(parts, null, "Quoted")).location);
    const saved = (await run(savedQuoteLoader, `/builds/${id}/quote`, null, { id })).body as { name: string; totals: { total: number }; quote: { missing: number } };
    expect(saved).toMatchObject({ name: "Quoted", totals: { total: withGst }, quote: { missing: 0 } });
  });
});
