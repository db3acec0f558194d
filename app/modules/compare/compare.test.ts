import { describe, expect, it } from "vitest";
import {
  COMPARE_MESSAGES,
  MAX_COMPARE,
  addToComparison,
  compareHref,
  idsFromParam,
  removeFromComparison,
  resolveCompareList,
  type CompareProduct,
} from "./compare";
import { compareCookie, compareCookieHeader, parseCompareState, readCompareState } from "./compare.server";

const laptop = (n: number): CompareProduct => ({ id: `laptop-${n}`, name: `Laptop ${n}`, category: "Laptop" });
const monitor: CompareProduct = { id: "monitor-1", name: "Monitor 1", category: "Monitor" };
const catalogue = new Map<string, CompareProduct>([...[1, 2, 3, 4, 5].map((n) => [`laptop-${n}`, laptop(n)] as const), [monitor.id, monitor]]);

describe("the compare cookie", () => {
  it("keeps valid ids in order, each once, trimmed", () => {
    expect(parseCompareState({ ids: ["a", " b ", "a", "c"] })).toEqual({ ids: ["a", "b", "c"], notice: null });
  });

  it("drops what is no id: numbers, objects, empty and overlong strings", () => {
    expect(parseCompareState({ ids: [1, null, { id: "x" }, "", "   ", "y".repeat(201), "ok"] }).ids).toEqual(["ok"]);
  });

  it("turns anything that is not a list into an empty one, never an error", () => {
    for (const value of [null, undefined, "laptop-1", 42, [], { ids: "laptop-1" }, { notice: 5 }]) {
      expect(parseCompareState(value), JSON.stringify(value)).toEqual({ ids: [], notice: null });
    }
  });

  it("keeps a notice of at most 300 characters, and drops a longer one", () => {
    expect(parseCompareState({ ids: [], notice: "Added." }).notice).toBe("Added.");
    expect(parseCompareState({ ids: ["a"], notice: "x".repeat(301) })).toEqual({ ids: ["a"], notice: null });
  });

  it("never holds a long list however long the cookie's list is", () => {
    const ids = Array.from({ length: 100 }, (_, i) => `p-${i}`);
    expect(parseCompareState({ ids }).ids).toHaveLength(MAX_COMPARE * 2);
  });

  it("reads back what it wrote, and reads a tampered or missing cookie as an empty list", async () => {
    const header = await compareCookieHeader({ ids: ["laptop-1", "laptop-2"], notice: null });
    const cookie = header.split(";")[0]!;
    expect(await readCompareState(new Request("http://shop.test/", { headers: { Cookie: cookie } }))).toEqual({ ids: ["laptop-1", "laptop-2"], notice: null });
    expect(await readCompareState(new Request("http://shop.test/", { headers: { Cookie: "compare=%%%not-base64" } }))).toEqual({ ids: [], notice: null });
    expect(await readCompareState(new Request("http://shop.test/"))).toEqual({ ids: [], notice: null });
  });

  it("removes itself when the list is empty and there is nothing to say", async () => {
    const header = await compareCookieHeader({ ids: [], notice: null });
    expect(header).toMatch(/Max-Age=0/);
    expect(await compareCookie.parse(header.split(";")[0]!)).toEqual({ ids: [] });
  });
});

describe("resolving the list against the catalogue", () => {
  it("drops unknown and unlisted ids and duplicates, and says the list changed", () => {
    const r = resolveCompareList(["laptop-1", "gone", "laptop-2", "laptop-1"], catalogue);
    expect(r.ids).toEqual(["laptop-1", "laptop-2"]);
    expect(r.changed).toBe(true);
    expect(resolveCompareList(["laptop-1", "laptop-2"], catalogue).changed).toBe(false);
  });

  it("keeps only the first product's category", () => {
    expect(resolveCompareList(["laptop-1", "monitor-1", "laptop-2"], catalogue).ids).toEqual(["laptop-1", "laptop-2"]);
    expect(resolveCompareList(["gone", "monitor-1", "laptop-1"], catalogue).ids).toEqual(["monitor-1"]);
  });

  it("keeps at most 4", () => {
    expect(resolveCompareList(["laptop-1", "laptop-2", "laptop-3", "laptop-4", "laptop-5"], catalogue).ids).toEqual(["laptop-1", "laptop-2", "laptop-3", "laptop-4"]);
  });
});

describe("adding and removing", () => {
  it("adds a product of the list's category at the end", () => {
    const r = addToComparison([laptop(1)], laptop(2));
    expect(r).toEqual({ ok: true, ids: ["laptop-1", "laptop-2"], message: "Added “Laptop 2” to compare.", restarted: false });
  });

  it("refuses a fifth product with the shop's message and keeps the four", () => {
    const four = [1, 2, 3, 4].map(laptop);
    const r = addToComparison(four, laptop(5));
    expect(r).toMatchObject({ ok: false, reason: "conflict", ids: ["laptop-1", "laptop-2", "laptop-3", "laptop-4"] });
    expect(r.message).toBe("You can compare up to 4 products. Remove one to add another.");
  });

  it("starts a new comparison with a product of another category, and says so", () => {
    const four = [1, 2, 3, 4].map(laptop);
    const r = addToComparison(four, monitor);
    expect(r).toMatchObject({ ok: true, ids: ["monitor-1"], restarted: true });
    expect(r.message).toBe(COMPARE_MESSAGES.restarted("Monitor 1", "Monitor", "Laptop"));
    expect(r.message).toMatch(/new comparison of Monitor products/);
  });

  it("keeps a product already in the list once", () => {
    expect(addToComparison([laptop(1)], laptop(1))).toMatchObject({ ok: true, ids: ["laptop-1"] });
  });

  it("refuses a product the shop does not sell", () => {
    expect(addToComparison([laptop(1)], null)).toMatchObject({ ok: false, reason: "not_found", ids: ["laptop-1"] });
  });

  it("removes a product; removing one not listed changes nothing", () => {
    expect(removeFromComparison([laptop(1), laptop(2)], "laptop-1")).toMatchObject({ ids: ["laptop-2"], message: "Removed “Laptop 1” from compare." });
    expect(removeFromComparison([laptop(1)], "laptop-9").ids).toEqual(["laptop-1"]);
  });
});

describe("the compare page's address", () => {
  it("lists the products, and reads back the same list", () => {
    const href = compareHref(["laptop-1", "laptop-2"]);
    expect(href).toBe("/compare?ids=laptop-1,laptop-2");
    expect(idsFromParam(new URL(href, "http://shop.test").searchParams.get("ids"))).toEqual(["laptop-1", "laptop-2"]);
    expect(compareHref([])).toBe("/compare");
  });

  it("ignores empty parts and repeats", () => {
    expect(idsFromParam(" a,,b , a,")).toEqual(["a", "b"]);
    expect(idsFromParam(null)).toEqual([]);
  });
});
