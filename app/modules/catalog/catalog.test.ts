import { describe, expect, it } from "vitest";
import { parseCategory } from "./categories";
import { parseCatalogQuery } from "./catalog-query";
import { NO_FILTERS, priceRangeLabel, toggleFilter } from "./filters";
import { catalogHref } from "./search";
import { specificationLabel, parseSpecifications } from "./specifications";
import { clampQuantity, maxOrderQuantity, stockText } from "./stock";

describe("parseCatalogQuery", () => {
  it("defaults to All, no search, price-asc, page 1", () => {
    expect(parseCatalogQuery(new URLSearchParams())).toEqual({ category: "All", q: "", sort: "price-asc", page: 1, filters: NO_FILTERS });
  });
  it("reads known values and forgives letter case in categories", () => {
    const q = parseCatalogQuery(new URLSearchParams("category=laptop&q=  asus  rog &sort=name-desc&page=3"));
    expect(q).toEqual({ category: "Laptop", q: "asus rog", sort: "name-desc", page: 3, filters: NO_FILTERS });
  });
  it("ranks by relevance when searching without a sort, and sorts when one is chosen", () => {
    expect(parseCatalogQuery(new URLSearchParams("q=ssd")).sort).toBe("relevance");
    expect(parseCatalogQuery(new URLSearchParams("q=ssd&sort=relevance")).sort).toBe("relevance");
    expect(parseCatalogQuery(new URLSearchParams("q=ssd&sort=price-asc")).sort).toBe("price-asc");
    expect(parseCatalogQuery(new URLSearchParams("sort=relevance")).sort).toBe("price-asc");
  });
  it("turns garbage into defaults instead of failing", () => {
    const q = parseCatalogQuery(new URLSearchParams("category=Toasters&sort=random&page=-4"));
    expect(q).toEqual({ category: "All", q: "", sort: "price-asc", page: 1, filters: NO_FILTERS });
    expect(parseCatalogQuery(new URLSearchParams("page=abc")).page).toBe(1);
    expect(parseCatalogQuery(new URLSearchParams("page=1e9")).page).toBe(1);
  });
  it("cuts very long searches and strips control characters", () => {
    const q = parseCatalogQuery(new URLSearchParams({ q: "x".repeat(5000) + "\u0000" }));
    expect(q.q.length).toBe(100);
    expect(parseCatalogQuery(new URLSearchParams({ q: "a\u0000b" })).q).toBe("a b");
  });
});

describe("catalogHref", () => {
  it("leaves defaults out", () => {
    expect(catalogHref({ category: "All", sort: "price-asc", q: "" })).toBe("/products");
    expect(catalogHref({ category: "Audio", sort: "name-asc", q: "sony wh" })).toBe(
      "/products?category=Audio&q=sony+wh&sort=name-asc",
    );
  });
  it("with a search, leaves relevance out and keeps price-asc", () => {
    expect(catalogHref({ q: "ssd", sort: "relevance" })).toBe("/products?q=ssd");
    expect(catalogHref({ q: "ssd", sort: "price-asc" })).toBe("/products?q=ssd&sort=price-asc");
    // The search chip removed: back to the default sort, not "relevance" without a search.
    expect(catalogHref({ category: "Laptop", q: "", sort: "relevance" })).toBe("/products?category=Laptop");
  });
});

describe("filters in the URL", () => {
  it("reads repeated parameters, trimmed and distinct, at most 20 values of 120 characters", () => {
    const f = parseCatalogQuery(new URLSearchParams(`brand=HP&brand=%20HP%20&brand=&brand=${"x".repeat(121)}&price=0-10000&price=nope&category=Laptop&ram=16&ram=16.0&ram=8`)).filters;
    expect(f).toEqual({ brands: ["HP"], prices: ["0-10000"], attributes: { ram: ["16", "8"] } });
    const many = new URLSearchParams(Array.from({ length: 30 }, (_, i) => ["brand", `B${i}`]));
    expect(parseCatalogQuery(many).filters.brands).toHaveLength(20);
  });

  it("writes them in one stable order, so one choice has one URL", () => {
    const filters = { brands: ["HP", "ASUS"], prices: ["50000-75000" as const, "0-10000" as const], attributes: { ram: ["32", "16"], processorBrand: ["AMD"] } };
    expect(catalogHref({ category: "Laptop", q: "gaming", sort: "price-desc", page: 2, filters })).toBe(
      "/products?category=Laptop&q=gaming&brand=ASUS&brand=HP&price=0-10000&price=50000-75000&processorBrand=AMD&ram=16&ram=32&sort=price-desc&page=2",
    );
    expect(toggleFilter(filters, "brand", "HP").brands).toEqual(["ASUS"]);
    expect(toggleFilter(filters, "ram", "8").attributes.ram).toEqual(["32", "16", "8"]);
    expect(toggleFilter(filters, "price", "0-10000").prices).toEqual(["50000-75000"]);
  });

  it("names price ranges in rupees, the Indian way", () => {
    expect(priceRangeLabel("0-10000")).toBe("Under ₹10,000");
    expect(priceRangeLabel("75000-100000")).toBe("₹75,000 to ₹1,00,000");
    expect(priceRangeLabel("150000-")).toBe("₹1,50,000 and above");
  });
});

describe("categories", () => {
  it("maps unknown and empty to All", () => {
    expect(parseCategory(undefined)).toBe("All");
    expect(parseCategory("")).toBe("All");
    expect(parseCategory("PERIPHERALS")).toBe("Peripherals");
  });
});

describe("specifications", () => {
  it("shows keys as readable spaced words", () => {
    expect(specificationLabel("graphicsCard")).toBe("Graphics Card");
    expect(specificationLabel("ramSize")).toBe("Ram Size");
    expect(specificationLabel("processor")).toBe("Processor");
    expect(specificationLabel("usb_c_ports")).toBe("Usb C Ports");
    expect(specificationLabel("displayHDRLevel")).toBe("Display HDR Level");
  });
  it("survives broken stored JSON", () => {
    expect(parseSpecifications("not json")).toEqual({});
    expect(parseSpecifications("[1,2]")).toEqual({});
    expect(parseSpecifications('{"a":"b","n":4,"o":{}}')).toEqual({ a: "b", n: "4" });
  });
});

describe("stock", () => {
  it("says Out of Stock at zero, otherwise how many are available", () => {
    expect(stockText(0)).toBe("Out of Stock");
    expect(stockText(7)).toBe("In Stock (7 available)");
  });
  it("falls back to 10 when stock is unknown", () => {
    expect(maxOrderQuantity(undefined)).toBe(10);
    expect(maxOrderQuantity(3)).toBe(3);
  });
  it("clamps quantities between 1 and the maximum", () => {
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(-3, 5)).toBe(1);
    expect(clampQuantity(99, 5)).toBe(5);
    expect(clampQuantity("abc", 5)).toBe(1);
    expect(clampQuantity("3", 5)).toBe(3);
  });
});
