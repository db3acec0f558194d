import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbContext } from "~/context";
import { partFits } from "~/modules/builds/compatibility";
import { loadBuild } from "~/modules/builds/build.server";
import { parseSlotQuery, slotList } from "~/modules/builds/slot-list.server";
import { saveProduct, setProductStatus } from "~/modules/catalog/products.server";
import { PAGE_SIZE } from "~/modules/catalog/search";
import { parseSpecifications } from "~/modules/catalog/specifications";
import { gstOn } from "~/modules/gst/gst";
import { loader as buildLoader } from "~/routes/build";
import { seedDemoCatalog } from "~/seed/seed.server";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

type Part = { id: string; name: string; price: number; vendor?: "vendor-1" | "vendor-2" | "vendor-3"; stock?: number; category?: "Component" | "Storage"; specs: Record<string, string> };

// Parts with their makers' figures (rupees), as sellers enter them.
const PARTS: Part[] = [
  { id: "t-7800x3d", name: "AMD Ryzen 7 7800X3D", price: 33_999, specs: { brand: "AMD", componentType: "Processor", socket: "AM5", ramTypes: "DDR5", power: "120", peakPower: "162", integratedGraphics: "Yes", coolerIncluded: "No" } },
  { id: "t-b650", name: "ASUS TUF Gaming B650-Plus WiFi", price: 18_999, specs: { brand: "ASUS", componentType: "Motherboard", socket: "AM5", ramType: "DDR5", boardFormFactor: "ATX", memorySlots: "4", maxMemory: "192" } },
  { id: "t-b650i", name: "ASUS ROG Strix B650E-I", price: 29_999, vendor: "vendor-2", specs: { brand: "ASUS", componentType: "Motherboard", socket: "AM5", ramType: "DDR5", boardFormFactor: "Mini-ITX", memorySlots: "2", maxMemory: "96" } },
  { id: "t-a620", name: "MSI PRO A620M-E", price: 7_999, vendor: "vendor-3", specs: { brand: "MSI", componentType: "Motherboard", ramType: "DDR5", boardFormFactor: "Micro ATX", memorySlots: "2", maxMemory: "96" } },
  { id: "t-b550", name: "Gigabyte B550 Aorus Elite", price: 12_999, specs: { brand: "Gigabyte", componentType: "Motherboard", socket: "AM4", ramType: "DDR4", boardFormFactor: "ATX", memorySlots: "4", maxMemory: "128" } },
  { id: "t-z790", name: "MSI PRO Z790-P WiFi", price: 19_999, stock: 0, specs: { brand: "MSI", componentType: "Motherboard", socket: "LGA 1700", ramType: "DDR5", boardFormFactor: "ATX", memorySlots: "4", maxMemory: "192" } },
  { id: "t-ddr4", name: "Corsair Vengeance LPX 32 GB DDR4-3200", price: 6_499, specs: { brand: "Corsair", componentType: "Memory", ramType: "DDR4", modules: "2", moduleCapacity: "16", moduleType: "DIMM", registered: "Unbuffered" } },
  { id: "t-sodimm", name: "Crucial 32 GB DDR5-5600 SO-DIMM", price: 7_499, specs: { brand: "Crucial", componentType: "Memory", ramType: "DDR5", modules: "2", moduleCapacity: "16", moduleType: "SO-DIMM", registered: "Unbuffered" } },
  { id: "t-nh-d15", name: "Noctua NH-D15", price: 9_999, specs: { brand: "Noctua", componentType: "CPU Cooler", coolerType: "Air", coolerHeight: "165", coolerSockets: "AM5, AM4, LGA 1700" } },
];
// Enough DDR5 kits for two pages, each Kingston or G.Skill, priced 5,000, 5,100, …
const KITS: Part[] = Array.from({ length: PAGE_SIZE + 3 }, (_, i) => ({
  id: `t-kit-${String(i).padStart(2, "0")}`,
  name: `${i % 2 ? "Kingston Fury" : "G.Skill Flare"} DDR5 kit ${String(i).padStart(2, "0")}`,
  price: 5_000 + i * 100,
  specs: { brand: i % 2 ? "Kingston" : "G.Skill", componentType: "Memory", ramType: "DDR5", modules: "2", moduleCapacity: "16", moduleType: "DIMM", registered: "Unbuffered" },
}));

describe.each(testDatabaseKinds)("the PC builder on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    // The slot lists here are of these parts alone: the demo's own PC parts are taken off sale.
    const demoParts = await t.db.selectFrom("products").select("id").where("category", "in", ["Component", "Storage"]).execute();
    for (const { id } of demoParts) await setProductStatus(t.db, id, "archived");
    for (const p of [...PARTS, ...KITS]) {
      await saveProduct(t.db, {
        id: p.id,
        name: p.name,
        description: `${p.name}.`,
        pricePaise: p.price * 100,
        image: null,
        category: p.category ?? "Component",
        stock: p.stock ?? 10,
        featured: false,
        specifications: p.specs,
        vendorId: p.vendor ?? "vendor-1",
      });
    }
  });
  afterAll(async () => t?.destroy());

  const list = async (qs: string) => {
    const params = new URLSearchParams(qs);
    const { build } = await loadBuild(t.db, params.getAll("part"));
    return { build, list: await slotList(t.db, build, parseSlotQuery(params)!) };
  };
  const names = (l: { parts: { product: { name: string } }[] }) => l.parts.map((p) => p.product.name);

  it("lists the motherboards that fit the processor, and only those until asked for the rest", async () => {
    const { list: fitting } = await list("part=t-7800x3d&slot=motherboard");
    // Cheapest first; the board without a socket on file is not held against the build, but says what it lacks.
    expect(names(fitting)).toEqual(["MSI PRO A620M-E", "ASUS TUF Gaming B650-Plus WiFi", "ASUS ROG Strix B650E-I"]);
    expect(fitting).toMatchObject({ total: 5, fitting: 3, page: 1, pageCount: 1 });
    expect(fitting.parts.every((p) => p.fits)).toBe(true);
    const a620 = fitting.parts[0]!;
    expect(a620.verdicts.map((v) => [v.severity, v.message])).toContainEqual([
      "not-run",
      "Processor socket and motherboard socket: not checked, the motherboard, MSI PRO A620M-E, has no socket on file.",
    ]);
    expect(a620.seller).not.toBe("");
    expect(fitting.parts[1]!.product.stock).toBe(10);
  });

  it("lists the parts that don't fit after those that do, each with the rules' own reason", async () => {
    const { build, list: all } = await list("part=t-7800x3d&slot=motherboard&misfits=1");
    expect(names(all)).toEqual(["MSI PRO A620M-E", "ASUS TUF Gaming B650-Plus WiFi", "ASUS ROG Strix B650E-I", "Gigabyte B550 Aorus Elite", "MSI PRO Z790-P WiFi"]);
    expect(all.parts.map((p) => p.fits)).toEqual([true, true, true, false, false]);
    const b550 = all.parts[3]!;
    const row = await t.db.selectFrom("products").select("specifications").where("id", "=", "t-b550").executeTakeFirstOrThrow();
    const expected = partFits(build, { id: "t-b550", name: b550.product.name, specifications: parseSpecifications(row.specifications) }, "motherboard");
    expect(b550.verdicts).toEqual(expected.verdicts);
    expect(b550.verdicts.filter((v) => v.severity === "error").map((v) => v.message)).toEqual([
      "The AMD Ryzen 7 7800X3D fits socket AM5; the Gigabyte B550 Aorus Elite takes AM4 processors. Choose a motherboard with socket AM5 or a processor for AM4.",
      "The Gigabyte B550 Aorus Elite takes DDR4; the AMD Ryzen 7 7800X3D supports DDR5 only. Choose a DDR5 motherboard.",
    ]);
    expect(all.parts[4]!.product.stock).toBe(0);
  });

  it("finds misfits the build's other parts cause: a DDR4 kit and SO-DIMM memory", async () => {
    const { list: ddr4 } = await list("part=t-ddr4&slot=motherboard");
    expect(names(ddr4)).toEqual(["Gigabyte B550 Aorus Elite"]);
    // SO-DIMM memory fits no desktop board: every one is listed among the misfits, with the reason.
    const { list: sodimm } = await list("part=t-sodimm&slot=motherboard&misfits=1");
    expect(sodimm.fitting).toBe(0);
    expect(sodimm.parts[0]!.verdicts.some((v) => v.rule === "memory-so-dimm" && v.severity === "error")).toBe(true);
    // And memory for an AM5 board: DDR5 DIMMs fit, the DDR4 kit and the SO-DIMM kit don't.
    const { list: kits } = await list("part=t-b650&slot=memory&misfits=1");
    expect(kits.fitting).toBe(KITS.length);
    expect(names(kits).slice(0, 2)).toEqual(["G.Skill Flare DDR5 kit 00", "Kingston Fury DDR5 kit 01"]);
  });

  it("filters and sorts as the catalogue does: brand, price range, key figures, price and name", async () => {
    const { list: asus } = await list("part=t-7800x3d&slot=motherboard&brand=ASUS&sort=price-desc");
    expect(names(asus)).toEqual(["ASUS ROG Strix B650E-I", "ASUS TUF Gaming B650-Plus WiFi"]);
    const { list: cheap } = await list("slot=motherboard&price=0-10000");
    expect(names(cheap)).toEqual(["MSI PRO A620M-E"]);
    const { list: byName } = await list("slot=motherboard&sort=name-asc&socket=AM5");
    expect(names(byName)).toEqual(["ASUS ROG Strix B650E-I", "ASUS TUF Gaming B650-Plus WiFi"]);
    const { list: brands } = await list("slot=memory");
    expect(brands.brands).toEqual(expect.arrayContaining(["Kingston", "G.Skill", "Corsair", "Crucial"]));
    expect(brands.brands.indexOf("G.Skill")).toBeLessThan(brands.brands.indexOf("Corsair"));
  });

  it("pages the list with the catalogue's page size, a page past the end showing the last", async () => {
    const { list: first } = await list("part=t-b650&slot=memory");
    expect(first).toMatchObject({ total: KITS.length + 2, fitting: KITS.length, pageCount: 2 });
    expect(first.parts).toHaveLength(PAGE_SIZE);
    const { list: second } = await list("part=t-b650&slot=memory&page=2");
    expect(names(second)).toEqual(KITS.slice(PAGE_SIZE).map((k) => k.name));
    const { list: past } = await list("part=t-b650&slot=memory&page=9");
    expect(past.page).toBe(2);
    const { list: withMisfits } = await list("part=t-b650&slot=memory&misfits=1&page=2");
    expect(names(withMisfits).slice(-2).sort()).toEqual(["Corsair Vengeance LPX 32 GB DDR4-3200", "Crucial 32 GB DDR5-5600 SO-DIMM"]);
  });

  it("reports ids that name no part, and prices the build with GST as the cart does", async () => {
    const context = new RouterContextProvider();
    context.set(dbContext, t.db);
    const request = new Request("http://shop.test/build?part=t-7800x3d&part=no-such-part&part=t-b650&part=t-kit-00&part=t-kit-00");
    const page = await buildLoader({ request, context, params: {} } as never);
    expect(page.missing).toEqual(["no-such-part"]);
    expect(page.parts.map((p) => [p.slot, p.product.id])).toEqual([
      ["processor", "t-7800x3d"],
      ["motherboard", "t-b650"],
      ["memory", "t-kit-00"],
      ["memory", "t-kit-00"],
    ]);
    const subTotal = (33_999 + 18_999 + 2 * 5_000) * 100;
    // One seller (vendor-1): GST on the seller's goods together, as an order charges it.
    expect(page.totals).toEqual({ subTotal, tax: gstOn(subTotal), total: subTotal + gstOn(subTotal) });
    expect(page.check.verdicts.some((v) => v.rule === "cooler-needed")).toBe(true);
    expect(page.choosing).toBeNull();
  });
});
