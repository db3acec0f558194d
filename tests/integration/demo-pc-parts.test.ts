import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadBuild } from "~/modules/builds/build.server";
import { checkBuild, type Severity } from "~/modules/builds/compatibility";
import { featuredProducts, productsInCategory } from "~/modules/catalog/products.server";
import { demoProducts } from "~/seed/demo-catalog";
import { DEMO_BUILDS, PC_PART_IDS, demoPcParts, type DemoBuildName } from "~/seed/demo-pc-parts";
import { seedDemoCatalog } from "~/seed/seed.server";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

const R7 = "AMD Ryzen 7 7800X3D Desktop Processor";
const Z790 = "MSI PRO Z790-A MAX WIFI LGA 1700 ATX Motherboard";
const NR200P = "Cooler Master MasterBox NR200P Mini-ITX Case";
const P300A = "Phanteks Eclipse P300A Mesh ATX Mid-Tower Case";

/** What each named build must show: its headline and every verdict, as a shopper reads them. */
const EXPECTED: Record<DemoBuildName, { compatible: boolean; headline: string; verdicts: [Severity, string][] }> = {
  am5: { compatible: true, headline: "Compatible", verdicts: [] },
  am4: { compatible: true, headline: "Compatible", verdicts: [] },
  lga1700: { compatible: true, headline: "Compatible", verdicts: [] },
  lga1700Flagship: { compatible: true, headline: "Compatible", verdicts: [] },
  socketClash: {
    compatible: false,
    headline: "1 problem to fix",
    verdicts: [["error", `The ${R7} fits socket AM5; the ${Z790} takes LGA 1700 processors. Choose a motherboard with socket AM5 or a processor for LGA 1700.`]],
  },
  ddr4OnDdr5: {
    compatible: false,
    headline: "1 problem to fix",
    verdicts: [["error", `The Corsair Vengeance LPX 16GB (2 x 8GB) DDR4-3200 Memory Kit is DDR4; the ${Z790} takes DDR5. Choose a DDR5 kit or a DDR4 motherboard.`]],
  },
  cardTooLong: {
    compatible: false,
    headline: "1 problem to fix",
    verdicts: [["error", `The ${NR200P} takes graphics cards up to 330 mm; the XFX Speedster QICK319 AMD Radeon RX 7800 XT 16GB is 335 mm. Choose a card up to 330 mm or a larger case.`]],
  },
  underpowered: {
    compatible: false,
    headline: "1 problem to fix",
    verdicts: [["error", "The build draws about 789 W; the MSI MAG A650GL PCIE5 650W 80 Plus Gold Power Supply gives 650 W. Choose a power supply of at least 1,000 W."]],
  },
  belowRecommended: {
    compatible: true,
    headline: "Compatible, with 1 warning",
    verdicts: [
      [
        "warning",
        "The build draws about 789 W and the MSI MAG A850GL PCIE5 850W 80 Plus Gold Power Supply gives 850 W, below the recommended 1,000 W. Choose a power supply of at least 1,000 W for headroom.",
      ],
    ],
  },
  atxInMiniItx: {
    compatible: false,
    headline: "1 problem to fix",
    verdicts: [["error", `The ${NR200P} takes Mini-ITX motherboards; the MSI MAG B850 TOMAHAWK MAX WIFI AM5 ATX Motherboard is ATX. Choose a Mini-ITX motherboard or a case that takes ATX.`]],
  },
  coolerTooTall: {
    compatible: false,
    headline: "1 problem to fix",
    verdicts: [["error", `The ${P300A} takes CPU coolers up to 160 mm tall; the Noctua NH-D15 CPU Air Cooler is 165 mm. Choose a cooler up to 160 mm or a wider case.`]],
  },
  coolerCloseFit: {
    compatible: true,
    headline: "Compatible",
    verdicts: [["note", `The Noctua NH-U12S CPU Air Cooler is 158 mm tall and the ${P300A} takes up to 160 mm: it fits with 2 mm to spare, close to the side panel.`]],
  },
  noGraphics: {
    compatible: false,
    headline: "1 problem to fix",
    verdicts: [
      [
        "error",
        "The AMD Ryzen 5 5600 Desktop Processor (Wraith Stealth Cooler) has no graphics of its own and the build has no graphics card, so no screen can be connected. Add a graphics card or choose a processor with graphics.",
      ],
    ],
  },
  checkNotRun: {
    compatible: false,
    headline: "1 check not run: the case, NZXT H5 Flow ATX Mid-Tower Case, has no maximum cooler height on file",
    verdicts: [["not-run", "Air cooler height and the case: not checked, the case, NZXT H5 Flow ATX Mid-Tower Case, has no maximum cooler height on file."]],
  },
};

describe.each(testDatabaseKinds)("the demo's PC parts on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    expect(await seedDemoCatalog(t.db)).toBe(true);
  });
  afterAll(async () => t?.destroy());

  it.each(Object.keys(DEMO_BUILDS) as DemoBuildName[])("build %s shows its verdicts", async (name) => {
    const { build, items, missing } = await loadBuild(t.db, DEMO_BUILDS[name].partIds);
    expect(missing).toEqual([]);
    expect(items).toHaveLength(DEMO_BUILDS[name].partIds.length);
    const check = checkBuild(build);
    const expected = EXPECTED[name];
    expect(check.verdicts.map((v) => [v.severity, v.message])).toEqual(expected.verdicts);
    expect(check.headline).toBe(expected.headline);
    expect(check.compatible).toBe(expected.compatible);
  });

  it("works out the flagship's draw as the rules say: about 789 W, 1,000 W recommended", async () => {
    const { build } = await loadBuild(t.db, DEMO_BUILDS.lga1700Flagship.partIds);
    const power = checkBuild(build).power!;
    expect(power.lines.map((l) => l.watts)).toEqual([253, 450, 50, 10, 14, 12]);
    expect(power.draw).toBe(789);
    expect(power.recommended).toBe(1000);
  });

  it("has every working build's figures on file, so its power estimate is shown", async () => {
    for (const name of ["am5", "am4", "lga1700", "lga1700Flagship"] as const) {
      const { build } = await loadBuild(t.db, DEMO_BUILDS[name].partIds);
      expect(checkBuild(build).power, name).not.toBeNull();
    }
  });

  it("leaves the spec's sixteen products their places: none of the parts is featured", async () => {
    const firstFeatured = demoProducts.filter((p) => p.featured).slice(0, 4).map((p) => p.id);
    const firstLaptops = demoProducts.filter((p) => p.category === "Laptop").slice(0, 4).map((p) => p.id);
    expect((await featuredProducts(t.db)).map((p) => p.id)).toEqual(firstFeatured);
    expect((await productsInCategory(t.db, "Laptop")).map((p) => p.id)).toEqual(firstLaptops);
    expect(demoPcParts.filter((p) => p.featured)).toEqual([]);
  });

  it("spreads the parts over the three demo sellers and names each id it exports", async () => {
    expect(new Set(demoPcParts.map((p) => p.vendorId))).toEqual(new Set(["vendor-1", "vendor-2", "vendor-3"]));
    const seeded = new Set([...demoProducts, ...demoPcParts].map((p) => p.id));
    for (const id of Object.values(PC_PART_IDS)) expect(seeded.has(id), id).toBe(true);
    for (const p of demoPcParts) expect(Object.values(PC_PART_IDS) as string[], p.id).toContain(p.id);
  });
});
