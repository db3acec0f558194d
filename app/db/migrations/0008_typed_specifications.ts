import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen: a migration never imports app code. This is the specification schema as it was when
// typed specifications arrived (app/modules/catalog/spec-schema.ts), reduced to what mapping needs.

type Reader = { number: Record<string, number> } | { options: readonly string[] } | "text" | "boolean";

const GB = { number: { gb: 1, tb: 1000 } };
const INCH = { number: { in: 1, inch: 1, inches: 1, '"': 1 } };
const HZ = { number: { hz: 1 } };
const KG = { number: { kg: 1, g: 0.001 } };
const W = { number: { w: 1 } };
const MS = { number: { ms: 1 } };
const MBS = { number: { "mb/s": 1 } };
const HOURS = { number: { hours: 1, hrs: 1, h: 1 } };
const MHZ = { number: { mhz: 1, ghz: 1000 } };
const COUNT = { number: {} };
const OS = { options: ["Windows 11 Home", "Windows 11 Pro", "macOS", "ChromeOS", "Linux", "No Operating System"] };
const PANEL = { options: ["IPS", "VA", "TN", "OLED", "Mini LED"] };
const CONNECTIVITY = { options: ["Wired", "Wireless", "Bluetooth", "Wireless and Bluetooth", "Wired and Wireless"] };

interface Attr {
  key: string;
  read: Reader;
  /** Free-text keys the same thing was commonly written under before. */
  aliases?: string[];
}

const brand: Attr = { key: "brand", read: "text" };
const computer: Attr[] = [
  brand,
  { key: "processor", read: "text", aliases: ["cpu"] },
  { key: "ram", read: GB, aliases: ["ramSize", "memorySize", "RAM"] },
  { key: "storage", read: GB, aliases: ["storageCapacity", "ssd"] },
  { key: "graphicsCard", read: "text", aliases: ["gpu", "graphics"] },
  { key: "operatingSystem", read: OS, aliases: ["os"] },
];
const SCHEMA: Record<string, Attr[]> = {
  Laptop: [
    ...computer,
    { key: "screenSize", read: INCH, aliases: ["displaySize"] },
    { key: "refreshRate", read: HZ },
    { key: "weight", read: KG },
    { key: "batteryLife", read: HOURS },
  ],
  Desktop: [...computer, { key: "screenSize", read: INCH, aliases: ["displaySize"] }, { key: "powerSupply", read: W }],
  Monitor: [
    brand,
    { key: "screenSize", read: INCH, aliases: ["displaySize"] },
    { key: "panelType", read: PANEL },
    { key: "refreshRate", read: HZ },
    { key: "responseTime", read: MS },
    { key: "speakers", read: "boolean" },
  ],
  Component: [
    brand,
    { key: "chipset", read: "text", aliases: ["gpuChipset"] },
    { key: "memory", read: GB },
    { key: "cores", read: COUNT },
    { key: "boostClock", read: MHZ },
    { key: "socket", read: "text" },
    { key: "power", read: W, aliases: ["tdp"] },
  ],
  Peripherals: [brand, { key: "connectivity", read: CONNECTIVITY }, { key: "weight", read: KG }],
  Storage: [
    brand,
    { key: "storage", read: GB, aliases: ["storageCapacity", "capacity"] },
    { key: "readSpeed", read: MBS },
    { key: "writeSpeed", read: MBS },
  ],
  Audio: [brand, { key: "connectivity", read: CONNECTIVITY }, { key: "batteryLife", read: HOURS }, { key: "weight", read: KG }],
};

/** The stored form of a free-text value, or null when it does not read cleanly as the attribute. */
function readValue(read: Reader, raw: string): string | null {
  const text = raw.trim().replace(/\s+/g, " ");
  if (text === "") return null;
  if (read === "text") return text.length <= 120 ? text : null;
  if (read === "boolean") return /^yes$/i.test(text) ? "Yes" : /^no$/i.test(text) ? "No" : null;
  if ("options" in read) return read.options.find((o) => o.toLowerCase() === text.toLowerCase()) ?? null;
  const m = /^(\d+(?:\.\d+)?)\s*-?\s*([a-z/"]*)$/i.exec(text.replace(/(\d),(?=\d)/g, "$1"));
  if (!m) return null;
  const unit = (m[2] ?? "").toLowerCase();
  const factor = unit === "" ? 1 : read.number[unit];
  return factor === undefined ? null : String(Number((Number(m[1]) * factor).toFixed(3)));
}

/**
 * Maps a product's free-text specifications onto its category's typed attributes where a value
 * reads cleanly ("16GB" under ramSize becomes ram "16"); everything else stays as it was.
 */
export function mapSpecifications(category: string, specs: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = { ...specs };
  for (const attr of SCHEMA[category] ?? []) {
    for (const from of [attr.key, ...(attr.aliases ?? [])]) {
      const raw = specs[from];
      if (raw === undefined) continue;
      const value = readValue(attr.read, raw);
      if (value === null) continue;
      if (from !== attr.key && out[attr.key] !== undefined) continue;
      delete out[from];
      out[attr.key] = value;
      break;
    }
  }
  return out;
}

function parse(json: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === "string"));
  } catch {
    return {};
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const bytewiseText = db.getExecutor().adapter instanceof PostgresAdapter ? sql`text collate "C"` : sql`text`;

  // One row per typed attribute a product has a valid value for: what catalogue filters count and
  // match. The product's category, listing and price are copied here (kept by the catalogue
  // module) so counting a filter's values reads one index, never the products table.
  await db.schema
    .createTable("product_specs")
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("attribute", "text", (c) => c.notNull())
    .addColumn("value", bytewiseText, (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("listed", "integer", (c) => c.notNull())
    .addColumn("price_paise", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("product_specs_pk", ["product_id", "attribute"])
    .execute();
  await db.schema
    .createIndex("product_specs_category_facet")
    .on("product_specs")
    .columns(["attribute", "listed", "category", "value", "product_id", "price_paise"])
    .execute();
  await db.schema.createIndex("product_specs_facet").on("product_specs").columns(["attribute", "listed", "value", "product_id", "price_paise"]).execute();
  // A product's rows, covering what counting reads, for queries driven from a filter's ids.
  await db.schema
    .createIndex("product_specs_product")
    .on("product_specs")
    .columns(["product_id", "attribute", "listed", "category", "value", "price_paise"])
    .execute();

  const products = await db.selectFrom("products").select(["id", "category", "specifications"]).execute();
  for (const p of products as { id: string; category: string; specifications: string }[]) {
    const before = parse(p.specifications);
    const after = mapSpecifications(p.category, before);
    if (JSON.stringify(after) !== JSON.stringify(before)) {
      await db.updateTable("products").set({ specifications: JSON.stringify(after) }).where("id", "=", p.id).execute();
    }
  }
  // product_specs itself is filled by the application at start-up (indexSpecifications), with the
  // schema's full checks, for every product: see app/modules/catalog/spec-index.server.ts.
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("product_specs").execute();
}
