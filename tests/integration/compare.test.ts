import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbContext } from "~/context";
import { seedDemoCatalog } from "~/seed/seed.server";
import { setProductStatus } from "~/modules/catalog/products.server";
import { applyCompareAction, compareActionSchema, compareCookieHeader, loadCompareList, loadComparison, readCompareState } from "~/modules/compare/compare.server";
import { action as compareAction, loader as compareLoader } from "~/routes/compare";
import { loader as shopLoader } from "~/routes/_shop";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

const ASUS = "product-asus-tuf-gaming-a15"; // 16 GB, 2.2 kg, 144 Hz
const MACBOOK = "product-apple-macbook-air-13-m4"; // 16 GB, 1.24 kg, 60 Hz
const LENOVO = "product-lenovo-ideapad-slim-5-14-oled"; // 1.46 kg, 60 Hz
const VICTUS = "product-hp-victus-15-ryzen-5-rtx-4050"; // 2.29 kg, 144 Hz
const DELL = "product-dell-inspiron-15-3530"; // out of stock, still comparable
const LG = "product-lg-ultragear-27gr75q";
const SONY = "product-sony-wh-1000xm5";

/** A Cookie header holding this compare list, as a browser would send it back. */
async function cookieFor(ids: string[], notice: string | null = null): Promise<string> {
  return (await compareCookieHeader({ ids, notice })).split(";")[0]!;
}

function setCookieOf(response: Response | { init?: ResponseInit | null }): string | null {
  const headers = response instanceof Response ? response.headers : new Headers(response.init?.headers);
  return headers.get("Set-Cookie");
}

describe.each(testDatabaseKinds)("compare on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
  });
  afterAll(async () => t?.destroy());

  const act = (ids: string[], form: Record<string, string>) => applyCompareAction(t.db, ids, compareActionSchema.parse(form));

  const context = () => {
    const c = new RouterContextProvider();
    c.set(dbContext, t.db);
    return c;
  };

  it("adds laptops up to four, then refuses a fifth with the shop's message", async () => {
    let ids: string[] = [];
    for (const id of [ASUS, MACBOOK, LENOVO, DELL]) {
      const r = await act(ids, { intent: "add", productId: id });
      expect(r.ok, id).toBe(true);
      ids = r.ids;
    }
    expect(ids).toEqual([ASUS, MACBOOK, LENOVO, DELL]);
    const fifth = await act(ids, { intent: "add", productId: VICTUS });
    expect(fifth).toMatchObject({ ok: false, reason: "conflict", ids });
    expect(fifth.message).toBe("You can compare up to 4 products. Remove one to add another.");
  });

  it("starts a new comparison when a product of another category is added, and says so", async () => {
    const r = await act([ASUS, MACBOOK], { intent: "add", productId: LG });
    expect(r).toMatchObject({ ok: true, ids: [LG], restarted: true });
    expect(r.message).toMatch(/new comparison of Monitor products/);
    expect(r.message).toMatch(/Laptop list was replaced/);
  });

  it("refuses an unknown or unlisted product, and drops such ids from a saved list", async () => {
    expect(await act([ASUS], { intent: "add", productId: "product-nope" })).toMatchObject({ ok: false, reason: "not_found", ids: [ASUS] });
    await setProductStatus(t.db, VICTUS, "archived");
    try {
      expect(await act([ASUS], { intent: "add", productId: VICTUS })).toMatchObject({ ok: false, reason: "not_found" });
      const list = await loadCompareList(t.db, [VICTUS, ASUS, "product-nope", ASUS, MACBOOK]);
      expect(list.ids).toEqual([ASUS, MACBOOK]);
      expect(list.changed).toBe(true);
      expect(list.items.map((i) => i.name)).toEqual(["ASUS TUF Gaming A15 (Ryzen 7 7435HS, RTX 4060)", "Apple MacBook Air 13-inch (M4, 16GB, 256GB)"]);
    } finally {
      await setProductStatus(t.db, VICTUS, "active");
    }
  });

  it("keeps a saved list to one category and four products", async () => {
    const list = await loadCompareList(t.db, [ASUS, LG, MACBOOK, LENOVO, DELL, VICTUS]);
    expect(list).toMatchObject({ ids: [ASUS, MACBOOK, LENOVO, DELL], category: "Laptop", changed: true });
  });

  it("removes and clears", async () => {
    expect((await act([ASUS, MACBOOK], { intent: "remove", productId: ASUS })).ids).toEqual([MACBOOK]);
    expect((await act([ASUS, MACBOOK], { intent: "clear" })).ids).toEqual([]);
  });

  it("compares the demo laptops: every attribute, differences, and the lighter one marked best", async () => {
    const c = await loadComparison(t.db, [ASUS, MACBOOK, LENOVO]);
    expect(c.category).toBe("Laptop");
    expect(c.products.map((p) => p.id)).toEqual([ASUS, MACBOOK, LENOVO]);
    expect(c.notes).toEqual([]);
    const weight = c.rows.find((r) => r.key === "weight")!;
    expect(weight.cells.map((x) => x.value)).toEqual(["2.2 kg", "1.24 kg", "1.46 kg"]);
    expect(weight.cells.map((x) => x.best)).toEqual([false, true, false]);
    expect(weight.differs).toBe(true);
    const ram = c.rows.find((r) => r.key === "ram")!;
    expect(ram.cells.map((x) => x.value)).toEqual(["16 GB", "16 GB", "16 GB"]);
    expect(ram.differs).toBe(false);
    expect(ram.cells.every((x) => !x.best)).toBe(true);
    const refresh = c.rows.find((r) => r.key === "refreshRate")!;
    expect(refresh.cells.map((x) => x.best)).toEqual([true, false, false]);
  });

  it("compares the first category of a mixed address and says what was left out", async () => {
    const c = await loadComparison(t.db, [ASUS, SONY, "product-nope", MACBOOK]);
    expect(c.products.map((p) => p.id)).toEqual([ASUS, MACBOOK]);
    expect(c.notes).toEqual([
      "1 product in this list is no longer available and was left out.",
      "Only products of one category can be compared, so these Laptop products are shown and “Sony WH-1000XM5 Wireless Noise Cancelling Headphones” was left out.",
    ]);
    const five = await loadComparison(t.db, [ASUS, MACBOOK, LENOVO, DELL, VICTUS]);
    expect(five.products).toHaveLength(4);
    expect(five.notes).toEqual(["You can compare up to 4 products, so the first 4 are shown."]);
  });

  it("the route: a plain post redirects back to a local page with the list and a notice; an outside address is refused", async () => {
    const post = (body: Record<string, string>, cookie?: string) =>
      new Request("http://shop.test/compare", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
        body: new URLSearchParams(body),
      });
    const thrown = await compareAction({ request: post({ intent: "add", productId: ASUS, redirectTo: "/products?category=Laptop" }), context: context(), params: {} } as never).catch(
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/products?category=Laptop");
    const saved = await readCompareState(new Request("http://shop.test/", { headers: { Cookie: setCookieOf(response)!.split(";")[0]! } }));
    expect(saved).toEqual({ ids: [ASUS], notice: "Added “ASUS TUF Gaming A15 (Ryzen 7 7435HS, RTX 4060)” to compare." });

    const away = (await compareAction({ request: post({ intent: "clear", redirectTo: "//evil.example/" }), context: context(), params: {} } as never).catch((e: unknown) => e)) as Response;
    expect(away.headers.get("Location")).toBe("/compare");

    const full = await cookieFor([ASUS, MACBOOK, LENOVO, DELL]);
    const refused = (await compareAction({ request: post({ intent: "add", productId: VICTUS }, full), context: context(), params: {} } as never)) as unknown as {
      data: unknown;
      init: ResponseInit | null;
    };
    expect(refused.init?.status).toBe(409);
    expect(refused.data).toMatchObject({ status: "error", formError: "You can compare up to 4 products. Remove one to add another." });

    const bad = (await compareAction({ request: post({ intent: "add" }), context: context(), params: {} } as never)) as unknown as { init: ResponseInit | null };
    expect(bad.init?.status).toBe(400);
  });

  it("the route: opened without ids it goes to the visitor's own list's address; with ids it shows those", async () => {
    const own = (await compareLoader({
      request: new Request("http://shop.test/compare", { headers: { Cookie: await cookieFor([MACBOOK, ASUS]) } }),
      context: context(),
      params: {},
    } as never).catch((e: unknown) => e)) as Response;
    expect(own.status).toBe(302);
    expect(own.headers.get("Location")).toBe(`/compare?ids=${MACBOOK},${ASUS}`);

    const shared = await compareLoader({
      request: new Request(`http://shop.test/compare?ids=${LENOVO},${ASUS}`, { headers: { Cookie: await cookieFor([MACBOOK]) } }),
      context: context(),
      params: {},
    } as never);
    expect(shared.ids).toEqual([LENOVO, ASUS]);

    const empty = await compareLoader({ request: new Request("http://shop.test/compare"), context: context(), params: {} } as never);
    expect(empty.products).toEqual([]);
  });

  it("the layout shows a no-JavaScript notice once and saves a corrected list back; a cookieless visitor gets no cookie", async () => {
    const withNotice = (await shopLoader({
      request: new Request("http://shop.test/products", { headers: { Cookie: await cookieFor([ASUS, "product-nope"], "Added.") } }),
      context: context(),
      params: {},
    } as never)) as unknown as { data: { compare: { ids: string[]; notice: string | null } }; init: ResponseInit | null };
    expect(withNotice.data.compare).toMatchObject({ ids: [ASUS], notice: "Added." });
    const again = await readCompareState(new Request("http://shop.test/", { headers: { Cookie: setCookieOf(withNotice)!.split(";")[0]! } }));
    expect(again).toEqual({ ids: [ASUS], notice: null });

    const cookieless = (await shopLoader({ request: new Request("http://shop.test/products"), context: context(), params: {} } as never)) as unknown as {
      data: { compare: { ids: string[] } };
      init: ResponseInit | null;
    };
    expect(cookieless.data.compare.ids).toEqual([]);
    expect(setCookieOf(cookieless)).toBeNull();
  });
});
