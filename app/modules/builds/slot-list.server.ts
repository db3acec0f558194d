/**
 * The builder's list of parts for one slot (`/build?part=…&slot=motherboard`): the slot's listed
 * parts that fit the build first, found by query (fit-needs.ts turns the rules' errors into tests
 * on each part's indexed figures in product_specs), with the catalogue's filters, sorts and page
 * size; then the rules themselves (compatibility.ts, partFits) run on the page shown, for each
 * part's reasons, warnings, notes and checks not run.
 */
import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import type { Database } from "~/db/schema";
import { parseCatalogQuery } from "~/modules/catalog/catalog-query";
import type { ProductCategory } from "~/modules/catalog/categories";
import { catalogFilterConditions } from "~/modules/catalog/facets.server";
import type { CatalogFilters } from "~/modules/catalog/filters";
import { summaryColumns, toSummary, visibleProducts, type ProductSummary } from "~/modules/catalog/products.server";
import { PAGE_SIZE, type CatalogSort } from "~/modules/catalog/search";
import { parseSpecifications } from "~/modules/catalog/specifications";
import { SLOTS, partFits, type Build, type Slot, type Verdict } from "./compatibility";
import { MISFITS_PARAM, SLOT_PARAM } from "./builder-links";
import { fitNeeds, type FitNeed, type FitTest } from "./fit-needs";

type Db = Kysely<Database>;

/** Where a slot's parts are in the catalogue: a category and the values of one of its attributes (slotOf, read backwards). */
export const SLOT_PARTS: Record<Slot, { category: ProductCategory; attribute: string; values: readonly string[] }> = {
  processor: { category: "Component", attribute: "componentType", values: ["Processor"] },
  motherboard: { category: "Component", attribute: "componentType", values: ["Motherboard"] },
  memory: { category: "Component", attribute: "componentType", values: ["Memory"] },
  graphics: { category: "Component", attribute: "componentType", values: ["Graphics Card"] },
  storage: { category: "Storage", attribute: "storageKind", values: ["Internal SSD", "Internal HDD"] },
  case: { category: "Component", attribute: "componentType", values: ["PC Case"] },
  cooler: { category: "Component", attribute: "componentType", values: ["CPU Cooler"] },
  psu: { category: "Component", attribute: "componentType", values: ["Power Supply"] },
};


export interface SlotQuery {
  slot: Slot;
  sort: CatalogSort;
  page: number;
  /** Brand and price range, and the category's attributes, as the catalogue reads them (catalog-query.ts). */
  filters: CatalogFilters;
  misfits: boolean;
}

export function isSlot(value: string | null): value is Slot {
  return SLOTS.includes(value as Slot);
}

/** The slot list asked for, or null (the builder shows the build). Like the catalogue's, it never fails. */
export function parseSlotQuery(params: URLSearchParams): SlotQuery | null {
  const slot = params.get(SLOT_PARAM);
  if (!isSlot(slot)) return null;
  const asCatalogue = new URLSearchParams(params);
  asCatalogue.set("category", SLOT_PARTS[slot].category);
  asCatalogue.delete("q");
  const { sort, page, filters } = parseCatalogQuery(asCatalogue);
  return { slot, sort, page, filters, misfits: params.get(MISFITS_PARAM) === "1" };
}

export interface SlotPart {
  product: ProductSummary;
  seller: string;
  fits: boolean;
  /** What the rules say about the part in this build: errors (the reasons it does not fit), warnings, notes and checks not run. */
  verdicts: Verdict[];
}

export interface SlotList {
  parts: SlotPart[];
  /** The slot's parts passing the filters. */
  total: number;
  /** Of them, those that fit. */
  fitting: number;
  page: number;
  pageCount: number;
  /** The brands of the slot's parts, the most common first, for the filter. */
  brands: string[];
}

/** A figure of the row's product, from product_specs (one indexed lookup). */
const figure = (key: string) => sql<string>`(select s.value from product_specs as s where s.product_id = products.id and s.attribute = ${key})`;
const number = (key: string) => sql<number>`cast(${figure(key)} as numeric)`;
const padded = (key: string) => sql<string>`(', ' || ${figure(key)} || ', ')`;

function testSql(test: FitTest): Expression<SqlBool> {
  switch (test.is) {
    case "equal":
      return sql<SqlBool>`${figure(test.key)} = ${test.value}`;
    case "not":
      return sql<SqlBool>`${figure(test.key)} <> ${test.value}`;
    case "among":
      return test.values.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`${figure(test.key)} in (${sql.join(test.values)})`;
    case "lists":
      // Lists are stored "AM5, AM4" (spec-schema.ts): a whole item between separators.
      return sql<SqlBool>`${padded(test.key)} like ${`%, ${test.value}, %`}`;
    case "at-most":
      return sql<SqlBool>`${number(test.key)} <= ${sql.lit(test.value)}`;
    case "at-least":
      return sql<SqlBool>`${number(test.key)} >= ${sql.lit(test.value)}`;
    case "product-at-most":
      return sql<SqlBool>`${number(test.keys[0])} * ${number(test.keys[1])} <= ${sql.lit(test.value)}`;
    case "draw-at-most":
      // Peak package power, else TDP × 1.35 rounded (compatibility.ts, estimatePower): round(x) ≤ n exactly when x < n + 0.5.
      return sql<SqlBool>`coalesce(${number("peakPower")} < ${sql.lit(test.value + 0.5)}, ${number("power")} * ${sql.lit(1.35)} < ${sql.lit(test.value + 0.5)}, 1 = 1)`;
    case "drive-not": {
      const m2 = sql<SqlBool>`(${figure("interface")} like '%NVMe%' or (${figure("interface")} = 'SATA' and ${figure("formFactor")} like 'M.2%'))`;
      const cable = sql<SqlBool>`(${figure("interface")} = 'SATA' and ${figure("formFactor")} in ('2.5-inch', '3.5-inch'))`;
      return sql<SqlBool>`not ${test.kind === "m2" ? m2 : cable}`;
    }
    case "either":
      return sql<SqlBool>`(${sql.join(test.tests.map(testSql), sql` or `)})`;
    case "never":
      return sql<SqlBool>`1 = 0`;
  }
}

/** A need as SQL: a figure it reads missing (the rule is not run), or every test holding. */
function needSql(need: FitNeed): Expression<SqlBool> {
  const tests = sql.join(need.tests.map(testSql), sql` and `);
  if (need.requires.length === 0) return sql<SqlBool>`(${tests})`;
  const missing = need.requires.map((key) => sql`${figure(key)} is null`);
  return sql<SqlBool>`(${sql.join(missing, sql` or `)} or (${tests}))`;
}

/** Whether the row's part fits the build, as 1 or 0. */
function fitsSql(needs: readonly FitNeed[]) {
  if (needs.length === 0) return sql<number>`1`;
  return sql<number>`(case when ${sql.join(needs.map(needSql), sql` and `)} then 1 else 0 end)`;
}

/** The slot's listed parts passing the filters. */
function slotParts(db: Db, query: SlotQuery) {
  const { category, attribute, values } = SLOT_PARTS[query.slot];
  let qb = visibleProducts(db)
    .where("products.category", "=", category)
    .where(
      "products.id",
      "in",
      db
        .selectFrom("product_specs")
        .select("product_specs.product_id")
        .where("product_specs.attribute", "=", attribute)
        .where("product_specs.listed", "=", 1)
        .where("product_specs.category", "=", category)
        .where("product_specs.value", "in", [...values]),
    );
  for (const condition of catalogFilterConditions(db, { category, filters: query.filters })) qb = qb.where(condition);
  return qb;
}

export async function slotList(db: Db, build: Build, query: SlotQuery): Promise<SlotList> {
  const fits = fitsSql(fitNeeds(build, query.slot));
  const [counts, brands] = await Promise.all([
    slotParts(db, query)
      .select([(eb) => eb.fn.countAll<number>().as("total"), sql<number>`coalesce(sum(${fits}), 0)`.as("fitting")])
      .executeTakeFirst(),
    slotBrands(db, query.slot),
  ]);
  const total = Number(counts?.total ?? 0);
  const fitting = Number(counts?.fitting ?? 0);
  const shown = query.misfits ? total : fitting;
  const pageCount = Math.max(1, Math.ceil(shown / PAGE_SIZE));
  const page = Math.min(query.page, pageCount);

  let ids = slotParts(db, query).select("products.id");
  ids = query.misfits ? ids.orderBy(sql`${fits}`, "desc") : ids.where(sql<SqlBool>`${fits} = 1`);
  const desc = query.sort === "price-desc" || query.sort === "name-desc";
  const direction = desc ? "desc" : "asc";
  if (query.sort === "rating") ids = ids.orderBy("products.rating_score", "desc").orderBy("products.rating_count", "desc").orderBy("products.id", "asc");
  else if (query.sort === "name-asc" || query.sort === "name-desc") ids = ids.orderBy("products.name_key", direction).orderBy("products.id", direction);
  else ids = ids.orderBy("products.price_paise", direction).orderBy("products.id", direction);
  const pageIds = (await ids.limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE).execute()).map((r) => r.id);

  const rows = pageIds.length
    ? await db
        .selectFrom("products")
        .innerJoin("vendors", "vendors.id", "products.vendor_id")
        .select([...summaryColumns, "products.specifications", "vendors.name as seller"])
        .where("products.id", "in", pageIds)
        .execute()
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const parts = pageIds.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const product = toSummary(row);
    const fit = partFits(build, { id, name: product.name, specifications: parseSpecifications(row.specifications) }, query.slot);
    return [{ product, seller: row.seller, fits: fit.fits, verdicts: fit.verdicts }];
  });
  return { parts, total, fitting, page, pageCount, brands };
}

const MAX_BRANDS = 12;

/** The brands of a slot's listed parts, the most common first. */
async function slotBrands(db: Db, slot: Slot): Promise<string[]> {
  const { category, attribute, values } = SLOT_PARTS[slot];
  const rows = await db
    .selectFrom("product_specs as b")
    .innerJoin("product_specs as k", "k.product_id", "b.product_id")
    .select(["b.value", (eb) => eb.fn.countAll<number>().as("n")])
    .where("k.attribute", "=", attribute)
    .where("k.listed", "=", 1)
    .where("k.category", "=", category)
    .where("k.value", "in", [...values])
    .where("b.attribute", "=", "brand")
    .groupBy("b.value")
    .orderBy("n", "desc")
    .orderBy("b.value")
    .limit(MAX_BRANDS)
    .execute();
  return rows.map((r) => r.value);
}

/** The sellers of the build's parts, by product id: the builder names each part's seller. */
export async function sellersOf(db: Db, productIds: readonly string[]): Promise<Map<string, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("products")
    .innerJoin("vendors", "vendors.id", "products.vendor_id")
    .select(["products.id", "vendors.name"])
    .where("products.id", "in", [...new Set(productIds)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
