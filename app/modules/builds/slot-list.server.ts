/**
 * The builder's list of parts for one slot (`/build?part=…&slot=motherboard`): the slot's listed
 * parts that fit the build first, found by query (fit-needs.ts turns the rules' errors into tests
 * on each part's figures, a column each in part_figures), with the catalogue's filters, sorts and page
 * size; then the rules themselves (compatibility.ts, partFits) run on the page shown, for each
 * part's reasons, warnings, notes and checks not run.
 */
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import type { Database } from "~/db/schema";
import { parseCatalogQuery } from "~/modules/catalog/catalog-query";
import { matchFilterConditions } from "~/modules/catalog/facets.server";
import type { CatalogFilters } from "~/modules/catalog/filters";
import { summaryColumns, toSummary, type ProductSummary } from "~/modules/catalog/products.server";
import { PAGE_SIZE, type CatalogSort } from "~/modules/catalog/search";
import { parseSpecifications } from "~/modules/catalog/specifications";
import { SLOTS, partFits, type Build, type Slot, type Verdict } from "./compatibility";
import { MISFITS_PARAM, SLOT_PARAM } from "./builder-links";
import { figuresRead, fitNeeds, type FitNeed, type FitTest } from "./fit-needs";
import { SLOT_PARTS, partFigureColumn } from "./part-figures";

type Db = Kysely<Database>;

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

/** Each figure a statement reads, as the candidates' column (part_figures': a number's is numeric). */
type Columns = (key: string) => RawBuilder<unknown>;

function testSql(test: FitTest, column: Columns): Expression<SqlBool> {
  switch (test.is) {
    case "equal":
      return sql<SqlBool>`${column(test.key)} = ${test.value}`;
    case "not":
      return sql<SqlBool>`${column(test.key)} <> ${test.value}`;
    case "among":
      return test.values.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`${column(test.key)} in (${sql.join(test.values)})`;
    case "lists":
      // Lists are stored "AM5, AM4" (spec-schema.ts): a whole item between separators.
      return sql<SqlBool>`(', ' || ${column(test.key)} || ', ') like ${`%, ${test.value}, %`}`;
    case "at-most":
      return sql<SqlBool>`${column(test.key)} <= ${sql.lit(test.value)}`;
    case "at-least":
      return sql<SqlBool>`${column(test.key)} >= ${sql.lit(test.value)}`;
    case "product-at-most":
      return sql<SqlBool>`${column(test.keys[0])} * ${column(test.keys[1])} <= ${sql.lit(test.value)}`;
    case "draw-at-most":
      // Peak package power, else TDP × 1.35 rounded (compatibility.ts, estimatePower): round(x) ≤ n exactly when x < n + 0.5.
      return sql<SqlBool>`coalesce(${column("peakPower")} < ${sql.lit(test.value + 0.5)}, ${column("power")} * ${sql.lit(1.35)} < ${sql.lit(test.value + 0.5)}, 1 = 1)`;
    case "drive-not": {
      const [iface, form] = [column("interface"), column("formFactor")];
      const m2 = sql<SqlBool>`(${iface} like '%NVMe%' or (${iface} = 'SATA' and ${form} like 'M.2%'))`;
      const cable = sql<SqlBool>`(${iface} = 'SATA' and ${form} in ('2.5-inch', '3.5-inch'))`;
      return sql<SqlBool>`not ${test.kind === "m2" ? m2 : cable}`;
    }
    case "either":
      return sql<SqlBool>`(${sql.join(
        test.tests.map((t) => testSql(t, column)),
        sql` or `,
      )})`;
    case "never":
      return sql<SqlBool>`1 = 0`;
  }
}

/** Whether the candidate fits the build, as 1 or 0: for each need, a figure it reads missing (the rule is not run) or every test holding. */
function fitsSql(needs: readonly FitNeed[], column: Columns) {
  if (needs.length === 0) return sql<number>`1`;
  const each = needs.map((need) => {
    const tests = sql.join(
      need.tests.map((t) => testSql(t, column)),
      sql` and `,
    );
    if (need.requires.length === 0) return sql<SqlBool>`(${tests})`;
    return sql<SqlBool>`(${sql.join(
      need.requires.map((key) => sql`${column(key)} is null`),
      sql` or `,
    )} or (${tests}))`;
  });
  return sql<number>`(case when ${sql.join(each, sql` and `)} then 1 else 0 end)`;
}

type Row = { kind: "page" | "brand" | "count"; value: string | null; n: number | string; m: number | string | null };

/**
 * The slot's list in one statement. Its candidates (c) are the slot's listed parts passing the
 * filters but brand, read from part_figures with their price, brand and each figure the needs
 * read; the page, the counts and the brands are read from them.
 */
export async function slotList(db: Db, build: Build, query: SlotQuery): Promise<SlotList> {
  const needs = fitNeeds(build, query.slot);
  const figures = figuresRead(needs).map(partFigureColumn);
  const column: Columns = (key) => sql.ref(`c.${partFigureColumn(key)}`);
  const { category } = SLOT_PARTS[query.slot];
  const byName = query.sort === "name-asc" || query.sort === "name-desc";
  const byRating = query.sort === "rating";
  const conditions = matchFilterConditions(db, { category, filters: { ...query.filters, brands: [] } }, { id: "t.product_id", price: "t.price_paise" });
  const candidates = sql`select t.product_id as id, t.price_paise as price, t.brand as brand
      ${sql.join(
        figures.map((f) => sql`, ${sql.ref(`t.${f}`)}`),
        sql``,
      )}
    from part_figures as t
    where t.slot = ${query.slot} and t.listed = 1
      ${sql.join(
        conditions.map((c) => sql` and ${c}`),
        sql``,
      )}`;
  const brandFilter = query.filters.brands.length > 0 ? sql`where c.brand in (${sql.join(query.filters.brands)})` : sql``;
  const desc = query.sort === "price-desc" || query.sort === "name-desc";
  const direction = desc ? sql`desc` : sql`asc`;
  // The order, on the rows the page is cut from (`s`) or of the page (`pg`, which carries the same columns).
  const orderOn = (t: string) => {
    const col = (name: string) => sql.ref(`${t}.${name}`);
    const sort = byRating
      ? sql`${col("score")} desc, ${col("reviews")} desc, ${col("id")} asc`
      : byName
        ? sql`${col("name")} ${direction}, ${col("id")} ${direction}`
        : sql`${col("price")} ${direction}, ${col("id")} ${direction}`;
    return query.misfits ? sql`${col("fit")} desc, ${sort}` : sort;
  };
  // A sort by name or rating reads the product of each part the page may show, not of every candidate.
  const product = (col: string) => sql`(select p.${sql.ref(col)} from products as p where p.id = f.id)`;
  const sortColumns = byRating ? sql`, ${product("rating_score")} as score, ${product("rating_count")} as reviews` : byName ? sql`, ${product("name_key")} as name` : sql``;
  const pageColumns = sql.raw(byRating ? ", s.score, s.reviews" : byName ? ", s.name" : "");
  // A slot's rows lie together in part_figures (migration 0028), in price order on SQLite: reading
  // them again for the page, the counts and the brands costs less than copying them once (at
  // 12,500 a slot, SQLite 10 ms of CPU against 22 ms; PostgreSQL 17 ms against 40 ms), and a page
  // by price on SQLite stops at its last row.
  // The page is cut in order, then numbered: only its own rows are sorted twice.
  const statement = (page: number) => sql<Row>`with c as not materialized (${candidates}),
      f as not materialized (select c.*, ${fitsSql(needs, column)} as fit from c ${brandFilter})
    select 'page' as kind, pg.id as value, row_number() over (order by ${orderOn("pg")}) as n, pg.fit as m from (
      select s.id, s.fit, s.price${pageColumns} from (
        select f.id, f.fit, f.price${sortColumns} from f ${query.misfits ? sql`` : sql`where f.fit = 1`}
      ) as s
      order by ${orderOn("s")} limit ${sql.lit(PAGE_SIZE)} offset ${sql.lit((page - 1) * PAGE_SIZE)}
    ) as pg
    union all select 'count' as kind, null as value, count(*) as n, coalesce(sum(f.fit), 0) as m from f
    union all select 'brand' as kind, c.brand as value, count(*) as n, null as m from c where c.brand is not null group by c.brand`;

  let rows = (await statement(query.page).execute(db)).rows;
  const counted = rows.find((r) => r.kind === "count");
  const total = Number(counted?.n ?? 0);
  const fitting = Number(counted?.m ?? 0);
  const pageCount = Math.max(1, Math.ceil((query.misfits ? total : fitting) / PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  // A page past the end shows the last page.
  if (page !== query.page) rows = (await statement(page).execute(db)).rows;

  const pageIds = rows
    .filter((r) => r.kind === "page")
    .sort((a, b) => Number(a.n) - Number(b.n))
    .map((r) => r.value!);
  const brands = rows
    .filter((r) => r.kind === "brand")
    .sort((a, b) => Number(b.n) - Number(a.n) || (a.value! < b.value! ? -1 : 1))
    .slice(0, MAX_BRANDS)
    .map((r) => r.value!);
  const details = pageIds.length
    ? await db
        .selectFrom("products")
        .innerJoin("vendors", "vendors.id", "products.vendor_id")
        .select([...summaryColumns, "products.specifications", "vendors.name as seller"])
        .where("products.id", "in", pageIds)
        .execute()
    : [];
  const byId = new Map(details.map((r) => [r.id, r]));
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
