// The PC builder's slot lists at 100,000 products: every generated product a PC part (12,500 a
// slot, the worst case for a slot's list), with figures drawn from real parts', and each slot's
// list timed for a build that narrows it (the parts that fit, found by query; fit-needs.ts), the
// misfits after them, a filter and a sort. Run through `npm run bench` (or
// `npx tsx scripts/bench-builder.ts`). Set BENCH_DATABASE_URL to also run it on PostgreSQL.
// Prints a table; a benchmark to read, not a test.
import type { Insertable, Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { loadBuild } from "~/modules/builds/build.server";
import { SLOTS, type Slot } from "~/modules/builds/compatibility";
import { parseSlotQuery, slotList } from "~/modules/builds/slot-list.server";
import { indexProductSpecs, indexRows } from "~/modules/catalog/spec-index.server";
import { analyze, onEachDatabase, prepareShop, rand, time, type BenchKind } from "./bench-support";

const COUNT = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const BRANDS = ["ASUS", "MSI", "Gigabyte", "ASRock", "Corsair", "Kingston", "G.Skill", "Crucial", "Samsung", "WD", "Noctua", "Deepcool", "Cooler Master", "NZXT", "Lian Li", "AMD", "Intel", "Zotac"];

/** Each slot's figures, with values real parts have; a few left out, as sellers leave them. */
const FIGURES: Record<Slot, Record<string, readonly string[]>> = {
  processor: {
    componentType: ["Processor"],
    socket: ["AM5", "AM4", "LGA 1700", "LGA 1851"],
    ramTypes: ["DDR5", "DDR4", "DDR5, DDR4"],
    power: ["65", "105", "120", "125"],
    peakPower: ["88", "142", "162", "181", "253"],
    processorFamily: ["Ryzen 5000", "Ryzen 7000", "Ryzen 9000", "Core 13th Gen", "Core 14th Gen"],
    integratedGraphics: ["Yes", "No"],
    coolerIncluded: ["Yes", "No"],
  },
  motherboard: {
    componentType: ["Motherboard"],
    socket: ["AM5", "AM4", "LGA 1700", "LGA 1851"],
    ramType: ["DDR5", "DDR4"],
    boardFormFactor: ["ATX", "Micro ATX", "Mini-ITX", "EATX"],
    memorySlots: ["2", "4"],
    maxMemory: ["64", "96", "128", "192"],
    maxMemorySpeed: ["5600", "6400", "7200", "8000"],
    m2Slots: ["1", "2", "3", "4"],
    sataPorts: ["2", "4", "6"],
    biosFlashback: ["Yes", "No"],
    minimumBios: ["None", "Ryzen 9000: 3.08", "Core 14th Gen: 7D98v1A"],
  },
  memory: {
    componentType: ["Memory"],
    ramType: ["DDR5", "DDR4"],
    memorySpeed: ["3200", "3600", "5600", "6000", "6400"],
    modules: ["1", "2", "2", "4"],
    moduleCapacity: ["8", "16", "16", "32"],
    moduleType: ["DIMM", "DIMM", "DIMM", "SO-DIMM"],
    registered: ["Unbuffered", "Unbuffered", "Unbuffered", "Registered"],
  },
  graphics: {
    componentType: ["Graphics Card"],
    power: ["115", "200", "263", "320", "450"],
    cardLength: ["200", "242", "267", "304", "336", "357"],
    card8Pin: ["0", "1", "2", "3"],
    card12v2x6: ["0", "0", "1"],
    minimumPsu: ["550", "650", "750", "850", "1000"],
  },
  storage: { storageKind: ["Internal SSD", "Internal HDD"], interface: ["PCIe 4.0 NVMe", "PCIe 3.0 NVMe", "SATA"], formFactor: ["M.2 2280", "2.5-inch", "3.5-inch"] },
  case: {
    componentType: ["PC Case"],
    caseBoardFormFactors: ["EATX, ATX, Micro ATX, Mini-ITX", "ATX, Micro ATX, Mini-ITX", "Micro ATX, Mini-ITX", "Mini-ITX"],
    maxCardLength: ["320", "330", "365", "400", "420"],
    maxCoolerHeight: ["155", "160", "165", "170", "185"],
    casePsuFormFactors: ["ATX", "SFX", "ATX, SFX"],
    radiatorMounts: ["Front: 360; Top: 280", "Top: 240", "Front: 280", "None"],
    bays35: ["0", "1", "2"],
    caseFans: ["0", "2", "3"],
  },
  cooler: {
    componentType: ["CPU Cooler"],
    coolerType: ["Air", "Air", "Liquid"],
    coolerHeight: ["125", "155", "158", "165"],
    coolerSockets: ["AM5, AM4", "AM5, AM4, LGA 1700", "AM5, AM4, LGA 1851, LGA 1700", "LGA 1700"],
    radiatorSize: ["240", "280", "360"],
    coolerFans: ["1", "2", "3"],
  },
  psu: { componentType: ["Power Supply"], wattage: ["450", "550", "650", "750", "850", "1000", "1200"], psuFormFactor: ["ATX", "SFX"], psu8Pin: ["2", "3", "4", "6"], psu12v2x6: ["0", "1"] },
};

async function generate(db: Kysely<Database>, count: number) {
  const r = rand(35);
  const pick = <T,>(a: readonly T[]) => a[Math.floor(r() * a.length)]!;
  const stamp = new Date().toISOString();
  const BATCH = 500;
  for (let start = 0; start < count; start += BATCH) {
    const products: Insertable<Database["products"]>[] = [];
    const specs: Insertable<Database["product_specs"]>[] = [];
    const figures: Insertable<Database["part_figures"]>[] = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const slot = SLOTS[i % SLOTS.length]!;
      const category = slot === "storage" ? "Storage" : "Component";
      const brand = pick(BRANDS);
      const specifications: Record<string, string> = { brand };
      for (const [key, values] of Object.entries(FIGURES[slot])) if (key === "componentType" || key === "storageKind" || r() > 0.05) specifications[key] = pick(values);
      const name = `${brand} ${slot} ${100 + Math.floor(r() * 9000)}`;
      const id = `build-bench-${i}`;
      const pricePaise = 99_900 + Math.floor(r() * 10_000_000);
      products.push({
        id,
        name,
        name_key: name.toLowerCase(),
        description: `${name}, a part for benchmarking.`,
        price_paise: pricePaise,
        image_url: null,
        category,
        stock: Math.floor(r() * 50),
        featured: 0,
        specifications: JSON.stringify(specifications),
        vendor_id: pick(["vendor-1", "vendor-2", "vendor-3"]),
        status: "active",
        listed: 1,
        created_at: stamp,
        updated_at: stamp,
      });
      // The rows the shop writes for a saved product (indexProductSpecs), written in batches.
      const rows = indexRows({ id, category, specifications, listed: 1, price_paise: pricePaise });
      specs.push(...rows.specs);
      if (rows.figures) figures.push(rows.figures);
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("products").values(products).execute();
      for (let j = 0; j < specs.length; j += 1000) await trx.insertInto("product_specs").values(specs.slice(j, j + 1000)).execute();
      // At most 500 rows of 37 columns: within both databases' limits on a statement's parameters.
      if (figures.length > 0) await trx.insertInto("part_figures").values(figures).execute();
    });
  }
}

/** A part of the shopper's build, with every figure its slot has (the first value of each, unless given). */
async function insertPart(db: Kysely<Database>, slot: Slot, figures: Record<string, string>): Promise<string> {
  const id = `build-bench-${slot}`;
  const category = slot === "storage" ? "Storage" : "Component";
  const specifications: Record<string, string> = { brand: "ASUS" };
  for (const [key, values] of Object.entries(FIGURES[slot])) specifications[key] = figures[key] ?? values[0]!;
  const stamp = new Date().toISOString();
  const name = `Chosen ${slot}`;
  await db
    .insertInto("products")
    .values({ id, name, name_key: name.toLowerCase(), description: name, price_paise: 1_000_000, image_url: null, category, stock: 5, featured: 0, specifications: JSON.stringify(specifications), vendor_id: "vendor-1", status: "active", listed: 1, created_at: stamp, updated_at: stamp })
    .execute();
  await indexProductSpecs(db, id);
  return id;
}

async function bench(label: string, db: Kysely<Database>, kind: BenchKind) {
  await prepareShop(db);
  const t0 = performance.now();
  await generate(db, COUNT);
  const cpu = await insertPart(db, "processor", { socket: "AM5", ramTypes: "DDR5", peakPower: "162" });
  const board = await insertPart(db, "motherboard", { socket: "AM5", ramType: "DDR5", boardFormFactor: "ATX", memorySlots: "4", maxMemory: "192", m2Slots: "2", sataPorts: "4" });
  const kit = await insertPart(db, "memory", { ramType: "DDR5", memorySpeed: "6000", modules: "2", moduleCapacity: "16" });
  const card = await insertPart(db, "graphics", { power: "263", cardLength: "304", card8Pin: "2", card12v2x6: "0" });
  const drive = await insertPart(db, "storage", { storageKind: "Internal SSD", interface: "PCIe 4.0 NVMe", formFactor: "M.2 2280" });
  const box = await insertPart(db, "case", { maxCardLength: "365", maxCoolerHeight: "165", casePsuFormFactors: "ATX", bays35: "2" });
  const cooler = await insertPart(db, "cooler", { coolerType: "Air", coolerHeight: "158", coolerSockets: "AM5, AM4" });
  await analyze(db, kind);
  console.log(`\n${label}: generated ${COUNT.toLocaleString("en-IN")} PC parts (and a build of 7) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const parts = (...ids: string[]) => ids.map((id) => `part=${id}`).join("&");
  const full = parts(cpu, board, kit, card, drive, box, cooler);

  const lists = [
    `slot=processor`,
    `${parts(board)}&slot=processor`,
    `${parts(cpu)}&slot=motherboard`,
    `${parts(cpu, kit, box)}&slot=motherboard`,
    `${parts(cpu, kit, box)}&slot=motherboard&misfits=1&page=40`,
    `${parts(cpu, kit, box)}&slot=motherboard&brand=ASUS&brand=MSI&sort=name-asc`,
    `${parts(cpu, board)}&slot=memory`,
    `${full}&slot=graphics`,
    `${full}&slot=storage`,
    `${parts(board, card, cooler)}&slot=case`,
    `${parts(cpu, box)}&slot=cooler`,
    `${full}&slot=psu`,
    `${full}&slot=psu&price=10000-25000&sort=price-desc`,
  ];
  // Beside the wall-clock times, the CPU time the process spent (SQLite runs in it): what a list
  // costs on a core of its own, on a machine too busy for the wall clock to say.
  console.log("builder slot list (the page's parts and counts)".padEnd(64), "fit".padStart(7), "of".padStart(7), "p50 ms".padStart(8), "p95 ms".padStart(8), "CPU p50".padStart(8), "CPU p95".padStart(8));
  for (const qs of lists) {
    const params = new URLSearchParams(qs);
    const run = async () => {
      const { build } = await loadBuild(db, params.getAll("part"));
      return slotList(db, build, parseSlotQuery(params)!);
    };
    const first = await run();
    const { p50, p95 } = await time(run);
    const cpu: number[] = [];
    for (let i = 0; i < 20; i++) {
      const before = process.cpuUsage();
      await run();
      const used = process.cpuUsage(before);
      cpu.push((used.user + used.system) / 1000);
    }
    cpu.sort((a, b) => a - b);
    const shown = qs.replace(/build-bench-\d+/g, (id) => id.replace("build-bench-", "#")).replace(/part=/g, "");
    console.log(shown.slice(0, 63).padEnd(64), String(first.fitting).padStart(7), String(first.total).padStart(7), p50.toFixed(2).padStart(8), p95.toFixed(2).padStart(8), cpu[9]!.toFixed(2).padStart(8), cpu[18]!.toFixed(2).padStart(8));
  }
}

await onEachDatabase({ dirPrefix: "rc-bench-builder-", schemaPrefix: "bench_builder_", keepDir: process.env.BENCH_KEEP_DIR }, bench);
