import { PostgresAdapter, sql, type Expression, type Kysely, type SqlBool } from "kysely";
import type { Database } from "~/db/schema";
import { ALL_CATEGORIES } from "./categories";
import { BRAND_PARAM, PRICE_PARAM, PRICE_RANGES, hasFilters, priceRangeLabel, type CatalogFilters, type Facet, type FacetValue } from "./filters";
import type { CatalogQuery } from "./search";
import { filterAttributes, formatSpecValue, storedNumber, type SpecAttribute } from "./spec-schema";

type Db = Kysely<Database>;

/** Values a filter lists at most, the most common first (the chosen ones are always listed). */
const MAX_FACET_VALUES = 40;

/** Which filter to leave out: a filter's own counts are what each of its values would show with the others applied. */
type Except = typeof BRAND_PARAM | typeof PRICE_PARAM | string | null;

/**
 * The filters as SQL conditions on a row that has a product id and a price: the products table
 * for the listing, product_specs for counting. OR inside a filter, AND across filters.
 */
function filterConditions(
  db: Db,
  { filters, category }: { filters: CatalogFilters; category: string | null },
  columns: { id: string; price: string },
  except: Except,
  { checkOnly = false } = {},
): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  // SQLite drives a query from an id list it may look up by index, and carries the list over to
  // every table joined on that id: joined to a search, that is a lookup per list entry for each
  // hit. `+id` makes the list a check on each row instead, so the search drives the query.
  const id = checkOnly && !(db.getExecutor().adapter instanceof PostgresAdapter) ? sql`+${sql.ref(columns.id)}` : sql.ref(columns.id);
  const price = sql.ref(columns.price);
  // Within the category when there is one: the fewer ids a filter yields, the less there is to match.
  const having = (attribute: string, values: string[]) => {
    let ids = db
      .selectFrom("product_specs")
      .select("product_specs.product_id")
      .where("product_specs.attribute", "=", attribute)
      .where("product_specs.listed", "=", 1);
    if (category) ids = ids.where("product_specs.category", "=", category);
    return sql<SqlBool>`${id} in (${ids.where("product_specs.value", "in", values)})`;
  };

  if (except !== BRAND_PARAM && filters.brands.length > 0) conditions.push(having("brand", filters.brands));
  if (except !== PRICE_PARAM && filters.prices.length > 0) {
    const ranges = PRICE_RANGES.filter((r) => filters.prices.includes(r.value)).map((r) =>
      r.max === null ? sql<SqlBool>`${price} >= ${r.min * 100}` : sql<SqlBool>`(${price} >= ${r.min * 100} and ${price} < ${r.max * 100})`,
    );
    conditions.push(sql<SqlBool>`(${sql.join(ranges, sql` or `)})`);
  }
  for (const [attribute, values] of Object.entries(filters.attributes)) {
    if (attribute !== except && values.length > 0) conditions.push(having(attribute, values));
  }
  return conditions;
}

/**
 * The listing's conditions for the chosen filters, on the products table. Checked on each row
 * (see filterConditions) when a search drives the query, or a category's price or name index does:
 * the listing reads a category in the order it shows and stops at the page's end.
 */
export function catalogFilterConditions(db: Db, query: Pick<CatalogQuery, "category" | "filters">, { withSearch = false } = {}): Expression<SqlBool>[] {
  const checkOnly = withSearch || query.category !== ALL_CATEGORIES;
  return filterConditions(db, scopeOf(query), { id: "products.id", price: "products.price_paise" }, null, { checkOnly });
}

function scopeOf(query: Pick<CatalogQuery, "category" | "filters">) {
  return { filters: query.filters, category: query.category === ALL_CATEGORIES ? null : query.category };
}

function byNumberOrText(attribute: SpecAttribute | null) {
  return (a: FacetValue, b: FacetValue) => {
    if (attribute?.kind === "number") return Number(a.value) - Number(b.value);
    if (attribute?.kind === "choice") return attribute.options.indexOf(a.value) - attribute.options.indexOf(b.value);
    return a.label.localeCompare(b.label, "en-IN", { sensitivity: "base" });
  };
}

/** The values a filter lists: the counted ones and any chosen one with nothing left to show, in a natural order. */
function facetValues(counted: { value: string; n: number | string | bigint }[], chosen: string[], attribute: SpecAttribute | null): FacetValue[] {
  const label = (value: string) => (attribute ? formatSpecValue(attribute, value) : value);
  const values = counted.map((r) => ({ value: r.value, label: label(r.value), count: Number(r.n), selected: chosen.includes(r.value) }));
  for (const value of chosen) if (!values.some((v) => v.value === value)) values.push({ value, label: label(value), count: 0, selected: true });
  return values
    .filter((v) => attribute?.kind !== "number" || storedNumber(attribute, v.value) !== null)
    .sort(byNumberOrText(attribute));
}

/**
 * Every filter of the page with each value's count: how many products it would show together
 * with the other filters, the category and the search. Brand and attributes read product_specs
 * (category, listing and price are copied there); price ranges read the products table's listing
 * index. A filter with nothing chosen counts over the products the page shows, so all of those
 * share one grouped query; each chosen filter needs its own, without its own choice.
 * `searchIds` is the search's subquery, or null without a search; `shownIds` the page's own
 * products (category, filters and search) as a subquery of ids.
 */
export async function catalogFacets(
  db: Db,
  query: CatalogQuery,
  { searchIds, shownIds }: { searchIds: (() => Expression<unknown>) | null; shownIds: () => Expression<unknown> },
): Promise<Facet[]> {
  const { filters } = query;
  const scope = scopeOf(query);
  const { category } = scope;

  /**
   * Counts of each value of `attributes`, over the products matching every filter but `except`.
   * One chosen filter's own counts read its rows in the category and check each against the other
   * filters (`checkOnly`): a category's rows of one attribute are fewer than the lookups it would
   * take to drive from another filter's ids.
   */
  const countValues = async (attributes: string[], except: Except) => {
    if (attributes.length === 0) return [];
    let qb = db
      .selectFrom("product_specs as s")
      .select(["s.attribute", "s.value", (eb) => eb.fn.countAll<number>().as("n")])
      .where("s.attribute", "in", attributes)
      .where("s.listed", "=", 1);
    if (category) qb = qb.where("s.category", "=", category);
    if (except === null && (hasFilters(filters) || searchIds)) {
      // The page's own products, found the way the listing finds them, then their rows by product.
      return qb.where(sql<SqlBool>`${sql.ref("s.product_id")} in (${shownIds()})`).groupBy(["s.attribute", "s.value"]).execute();
    }
    const checkOnly = Boolean(category) && attributes.length === 1;
    for (const c of filterConditions(db, scope, { id: "s.product_id", price: "s.price_paise" }, except, { checkOnly })) qb = qb.where(c);
    if (searchIds) qb = qb.where(sql<SqlBool>`${sql.ref("s.product_id")} in (${searchIds()})`);
    return qb.groupBy(["s.attribute", "s.value"]).execute();
  };

  const countPrices = async () => {
    let qb = db.selectFrom("products").where("products.listed", "=", 1);
    if (category) qb = qb.where("products.category", "=", category);
    const conditions = filterConditions(db, scope, { id: "products.id", price: "products.price_paise" }, PRICE_PARAM, { checkOnly: Boolean(category) });
    if (conditions.length === 0 && !searchIds) {
      // The whole catalogue or category: one count per range, each a stretch of the listing's price index.
      const base = qb;
      return Promise.all(
        PRICE_RANGES.map(async (r) => {
          let range = base.where("products.price_paise", ">=", r.min * 100);
          if (r.max !== null) range = range.where("products.price_paise", "<", r.max * 100);
          const row = await range.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
          return { value: r.value, n: Number(row?.n ?? 0) };
        }),
      );
    }
    // A filtered few: one pass over them, each product counted in its range.
    for (const c of conditions) qb = qb.where(c);
    if (searchIds) qb = qb.where(sql<SqlBool>`${sql.ref("products.id")} in (${searchIds()})`);
    const row = await qb
      .select(
        PRICE_RANGES.map((r, i) =>
          sql<number>`sum(case when ${sql.ref("products.price_paise")} >= ${r.min * 100}${
            r.max === null ? sql`` : sql` and ${sql.ref("products.price_paise")} < ${r.max * 100}`
          } then 1 else 0 end)`.as(`r${i}`),
        ),
      )
      .executeTakeFirst();
    const counts = (row ?? {}) as Record<string, number | string | null>;
    return PRICE_RANGES.map((r, i) => ({ value: r.value, n: Number(counts[`r${i}`] ?? 0) }));
  };

  const attributes = category ? filterAttributes(category) : [];
  const chosen = (key: string) => (key === BRAND_PARAM ? filters.brands : (filters.attributes[key] ?? []));
  const keys = [BRAND_PARAM, ...attributes.map((a) => a.key)];
  const open = keys.filter((k) => chosen(k).length === 0);
  const [prices, ...counted] = await Promise.all([countPrices(), countValues(open, null), ...keys.filter((k) => !open.includes(k)).map((k) => countValues([k], k))]);
  const rows = counted.flat();
  const valuesOf = (key: string) =>
    rows
      .filter((r) => r.attribute === key)
      .sort((a, b) => Number(b.n) - Number(a.n) || (a.value < b.value ? -1 : 1))
      .slice(0, MAX_FACET_VALUES);

  const facets: Facet[] = [
    { param: BRAND_PARAM, label: "Brand", values: facetValues(valuesOf(BRAND_PARAM), filters.brands, null) },
    {
      param: PRICE_PARAM,
      label: "Price",
      // In order, so the choice reads as a scale; a range with nothing in it only when chosen.
      values: prices
        .map((p) => ({ value: p.value, label: priceRangeLabel(p.value), count: p.n, selected: filters.prices.includes(p.value) }))
        .filter((v) => v.count > 0 || v.selected),
    },
    ...attributes.map((attribute) => ({
      param: attribute.key,
      label: attribute.label,
      values: facetValues(valuesOf(attribute.key), chosen(attribute.key), attribute),
    })),
  ];
  // A filter with nothing to choose between says nothing; a chosen one always stays.
  return facets.filter((f) => f.values.some((v) => v.selected) || f.values.filter((v) => v.count > 0).length > 0);
}
