import { PostgresAdapter, sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import type { Database } from "~/db/schema";
import { ALL_CATEGORIES } from "./categories";
import {
  BRAND_PARAM,
  FOUR_STARS_AND_ABOVE_SCORE,
  FOUR_STARS_LABEL,
  FOUR_STARS_VALUE,
  PRICE_PARAM,
  PRICE_RANGES,
  RATING_PARAM,
  hasFilters,
  priceRangeLabel,
  type CatalogFilters,
  type Facet,
  type FacetValue,
} from "./filters";
import type { CatalogQuery } from "./search";
import { pageOfMatches, type Matches, type MatchesPage } from "./search-index.server";
import { visibleProducts } from "./products.server";
import { filterAttributes, formatSpecValue, storedNumber, type SpecAttribute } from "./spec-schema";

type Db = Kysely<Database>;

/** Values a filter lists at most, the most common first (the chosen ones are always listed). */
const MAX_FACET_VALUES = 40;

/** Which filter to leave out: a filter's own counts are what each of its values would show with the others applied. */
type Except = typeof BRAND_PARAM | typeof PRICE_PARAM | typeof RATING_PARAM | string | null;

/**
 * The listed products rated "4★ & above", as a list of ids (read from the rating index, migration
 * 0020): the rating is on the product row only, so product_specs and a search's matches look it up.
 */
function fourStarIds(db: Db) {
  return db.selectFrom("products as rated").select("rated.id").where("rated.listed", "=", 1).where("rated.rating_score", ">=", FOUR_STARS_AND_ABOVE_SCORE);
}

/**
 * The filters as SQL conditions on a row that has a product id and a price: the products table
 * for the listing, product_specs for counting. OR inside a filter, AND across filters. A row that
 * has the rating too (`columns.rating`: the products table) is checked on it; others look their
 * id up among the rated (fourStarIds).
 */
function filterConditions(
  db: Db,
  { filters, category }: { filters: CatalogFilters; category: string | null },
  columns: { id: string; price: string; rating?: string },
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
  if (except !== RATING_PARAM && filters.fourStars) {
    conditions.push(columns.rating ? sql<SqlBool>`${sql.ref(columns.rating)} >= ${FOUR_STARS_AND_ABOVE_SCORE}` : sql<SqlBool>`${id} in (${fourStarIds(db)})`);
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
  return filterConditions(db, scopeOf(query), { id: "products.id", price: "products.price_paise", rating: "products.rating_score" }, null, { checkOnly });
}

/** The chosen filters as conditions on a search's matches (searchMatches), already in the category. */
export function matchFilterConditions(db: Db, query: Pick<CatalogQuery, "category" | "filters">, columns: { id: string; price: string }): Expression<SqlBool>[] {
  return filterConditions(db, scopeOf(query), columns, null, { checkOnly: true });
}

function scopeOf(query: Pick<CatalogQuery, "category" | "filters">) {
  return { filters: query.filters, category: query.category === ALL_CATEGORIES ? null : query.category };
}

// localeCompare with a locale and options builds a collator on every call (most of this module's
// time on /products); one collator compares the same way.
const byLabel = new Intl.Collator("en-IN", { sensitivity: "base" });

function byNumberOrText(attribute: SpecAttribute | null) {
  return (a: FacetValue, b: FacetValue) => {
    if (attribute?.kind === "number") return Number(a.value) - Number(b.value);
    if (attribute?.kind === "choice") return attribute.options.indexOf(a.value) - attribute.options.indexOf(b.value);
    return byLabel.compare(a.label, b.label);
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

type CountRow = { attribute: string; value: string; n: number | string | bigint };

function priceIn(price: Expression<number>, chosen: readonly string[]): Expression<SqlBool> {
  const ranges = PRICE_RANGES.filter((r) => chosen.includes(r.value)).map((r) =>
    r.max === null ? sql<SqlBool>`${price} >= ${sql.lit(r.min * 100)}` : sql<SqlBool>`(${price} >= ${sql.lit(r.min * 100)} and ${price} < ${sql.lit(r.max * 100)})`,
  );
  return ranges.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`(${sql.join(ranges, sql` or `)})`;
}

/** The price range a price falls in (the ranges cover every price from 0 up). */
function priceRangeOf(price: Expression<number>): RawBuilder<string> {
  const whens = PRICE_RANGES.filter((r) => r.max !== null).map((r) => sql`when ${price} < ${sql.lit(r.max! * 100)} then ${sql.lit(r.value)}`);
  return sql<string>`(case ${sql.join(whens, sql` `)} else ${sql.lit(PRICE_RANGES[PRICE_RANGES.length - 1]!.value)} end)`;
}

const PRICE_ROW = "@price";
const PAGE_ROW = "@page";

/**
 * The page's counts from one reading of its candidates (m), in one statement. Each candidate gets
 * a bit mask of the chosen filters it passes: a bit per chosen attribute, and one for price (set
 * too when no price range is chosen). A product passing all of them is on the page; the price
 * ranges and the open filters count those (a range counts them whatever their price).
 *
 * With a search, the candidates are its matches in the category, and a chosen filter's values
 * count the matches passing every other filter (each looked up by product). Without one, the
 * candidates are the products holding a chosen value of some attribute filter, which is all the
 * page and the price ranges need; each chosen filter's own counts are a statement apart
 * (countValues), reading the filter's rows in the category, for the products passing the others
 * may hold none of its chosen values.
 */
async function maskedCounts(
  db: Db,
  { filters, category }: { filters: CatalogFilters; category: string | null },
  { matches, chosen, open, page }: { matches: Matches | null; chosen: { key: string; values: string[] }[]; open: string[]; page: MatchesPage | null },
): Promise<CountRow[]> {
  const priceBit = 1 << chosen.length;
  const all = (priceBit << 1) - 1;
  const bitOf = (i: number) => 1 << i;
  // A search's matches carry each product's brand; other attributes are looked up by product.
  const fromMatches = (key: string) => matches !== null && key === BRAND_PARAM;
  let candidates: RawBuilder<unknown>;
  if (matches) {
    const passes = chosen.map((c, i) => {
      const held = fromMatches(c.key)
        ? sql<SqlBool>`f.brand in (${sql.join(c.values)})`
        : sql<SqlBool>`exists (select 1 from product_specs x where x.product_id = f.product_id and x.attribute = ${c.key} and x.value in (${sql.join(c.values)}))`;
      return sql`(case when ${held} then ${sql.lit(bitOf(i))} else 0 end)`;
    });
    candidates = sql`select f.product_id, f.score, f.price, f.brand,
        ${sql.join([sql`(case when ${priceIn(sql.ref("f.price"), filters.prices)} then ${sql.lit(priceBit)} else 0 end)`, ...passes], sql` + `)} as mask
      from ${matches} as f${filters.fourStars ? sql` where f.product_id in (${fourStarIds(db)})` : sql``}`;
  } else {
    // Each chosen value's rows, read from the facet index (one stretch per filter), summed per product.
    const held = chosen.map(
      (c, i) =>
        sql`select s.product_id, s.price_paise as price, ${sql.lit(bitOf(i))} as bit from product_specs as s
          where s.attribute = ${c.key} and s.listed = 1${category ? sql` and s.category = ${category}` : sql``} and s.value in (${sql.join(c.values)})`,
    );
    candidates = sql`select h.product_id, h.price, h.held + (case when ${priceIn(sql.ref("h.price"), filters.prices)} then ${sql.lit(priceBit)} else 0 end) as mask
      from (select c.product_id, max(c.price) as price, sum(c.bit) as held from (${sql.join(held, sql` union all `)}) as c group by c.product_id) as h${
        filters.fourStars ? sql` where h.product_id in (${fourStarIds(db)})` : sql``
      }`;
  }
  /** The counts of one attribute's values (or several, looked up) over the candidates passing `passing`. */
  const countOver = (keys: string[], passing: RawBuilder<SqlBool>) =>
    keys.length === 1 && fromMatches(keys[0]!)
      ? sql`select ${sql.lit(BRAND_PARAM)} as attribute, m.brand as value, count(*) as n from m
          where m.brand is not null and ${passing} group by m.brand`
      : sql`select s.attribute, s.value, count(*) as n from m cross join product_specs as s
          where s.product_id = m.product_id and s.attribute in (${sql.join(keys)}) and ${passing} group by s.attribute, s.value`;
  const branches = [
    sql`select ${sql.lit(PRICE_ROW)} as attribute, ${priceRangeOf(sql.ref("m.price"))} as value, count(*) as n
      from m where (m.mask | ${sql.lit(priceBit)}) = ${sql.lit(all)} group by ${priceRangeOf(sql.ref("m.price"))}`,
  ];
  const passingAll = sql<SqlBool>`m.mask = ${sql.lit(all)}`;
  if (open.some(fromMatches)) branches.push(countOver([BRAND_PARAM], passingAll));
  const looked = open.filter((key) => !fromMatches(key));
  if (looked.length > 0) branches.push(countOver(looked, passingAll));
  if (matches) {
    for (const [i, c] of chosen.entries()) branches.push(countOver([c.key], sql<SqlBool>`(m.mask | ${sql.lit(bitOf(i))}) = ${sql.lit(all)}`));
  }
  if (matches && page) {
    // The page's ids, as rows of their own: (PAGE_ROW, id, position).
    branches.push(sql`select ${sql.lit(PAGE_ROW)} as attribute, p.value, p.n from (${pageOfMatches("m", passingAll, page)}) as p`);
  }
  // CROSS JOIN keeps SQLite reading the tables in the order written (it would otherwise, for one,
  // scan product_specs whole and look each row up in m); PostgreSQL plans it as any other join.
  const result = await sql<CountRow>`with m as materialized (${candidates}) ${sql.join(branches, sql` union all `)}`.execute(db);
  return result.rows;
}

/**
 * Every filter of the page with each value's count: how many products it would show together
 * with the other filters, the category and the search; and the page's total. Brand and
 * attributes read product_specs (category, listing and price are copied there). With a search or
 * a chosen attribute, one statement counts everything (maskedCounts). Otherwise (the whole
 * catalogue or a category, perhaps a price range) the attributes count the page's own products in
 * one grouped query, and the price ranges read the listing's price index.
 * `shownIds` is the page's own products as a subquery of ids, without a search.
 */
export async function catalogFacets(
  db: Db,
  query: CatalogQuery,
  { matches, shownIds, page = null }: { matches: Matches | null; shownIds: () => Expression<unknown>; page?: MatchesPage | null },
): Promise<{ facets: Facet[]; total: number; pageIds: string[] | null }> {
  const { filters } = query;
  const scope = scopeOf(query);
  const { category } = scope;

  /**
   * Counts of each value of `attributes`, over the products matching every filter but `except`.
   * One chosen filter's own counts read its rows in the category and check each against the other
   * filters (`checkOnly`): a category's rows of one attribute are fewer than the lookups it would
   * take to drive from another filter's ids.
   */
  const countValues = async (attributes: string[], except: Except): Promise<CountRow[]> => {
    if (attributes.length === 0) return [];
    let qb = db
      .selectFrom("product_specs as s")
      .select(["s.attribute", "s.value", (eb) => eb.fn.countAll<number>().as("n")])
      .where("s.attribute", "in", attributes)
      .where("s.listed", "=", 1);
    if (category) qb = qb.where("s.category", "=", category);
    if (except === null && hasFilters(filters)) {
      // The page's own products, found the way the listing finds them, then their rows by product.
      return qb.where(sql<SqlBool>`${sql.ref("s.product_id")} in (${shownIds()})`).groupBy(["s.attribute", "s.value"]).execute();
    }
    const checkOnly = Boolean(category) && attributes.length === 1;
    for (const c of filterConditions(db, scope, { id: "s.product_id", price: "s.price_paise" }, except, { checkOnly })) qb = qb.where(c);
    return qb.groupBy(["s.attribute", "s.value"]).execute();
  };

  const countPrices = async (): Promise<CountRow[]> => {
    if (filters.fourStars) {
      // The rated products only: one pass over their index (products_listed_rating, migration
      // 0024), which holds the category and the price, a sum per range.
      let rated = db.selectFrom("products").where("products.listed", "=", 1).where("products.rating_score", ">=", FOUR_STARS_AND_ABOVE_SCORE);
      if (category) rated = rated.where("products.category", "=", category);
      const sums = PRICE_RANGES.map((r, i) => {
        const within = r.max === null ? sql`products.price_paise >= ${r.min * 100}` : sql`products.price_paise >= ${r.min * 100} and products.price_paise < ${r.max * 100}`;
        return sql<number>`coalesce(sum(case when ${within} then 1 else 0 end), 0)`.as(`r${i}`);
      });
      const row = (await rated.select(sums).executeTakeFirst()) as Record<string, number | string | bigint | null> | undefined;
      return PRICE_RANGES.map((r, i) => ({ attribute: PRICE_ROW, value: r.value, n: Number(row?.[`r${i}`] ?? 0) }));
    }
    // The whole catalogue or category: one count per range, each a stretch of the listing's price
    // index, as subqueries of one statement (one trip through the query builder, not seven).
    const counts = PRICE_RANGES.map((r, i) => {
      let range = db.selectFrom("products").where("products.listed", "=", 1);
      if (category) range = range.where("products.category", "=", category);
      range = range.where("products.price_paise", ">=", r.min * 100);
      if (r.max !== null) range = range.where("products.price_paise", "<", r.max * 100);
      return range.select((eb) => eb.fn.countAll<number>().as("n")).$asScalar().as(`r${i}`);
    });
    const row = (await db.selectNoFrom(counts).executeTakeFirst()) as Record<string, number | string | bigint | null> | undefined;
    return PRICE_RANGES.map((r, i) => ({ attribute: PRICE_ROW, value: r.value, n: Number(row?.[`r${i}`] ?? 0) }));
  };

  /** "4★ & above": the products rated so that pass every other filter (the listing's or the search's). */
  const countFourStars = async (): Promise<number> => {
    const conditionsOn = (columns: { id: string; price: string }) => filterConditions(db, scope, columns, RATING_PARAM, { checkOnly: true });
    if (matches) {
      let qb = db.selectFrom(matches.as("f")).where(sql<SqlBool>`f.product_id in (${fourStarIds(db)})`);
      for (const c of conditionsOn({ id: "f.product_id", price: "f.price" })) qb = qb.where(c);
      const row = await qb.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
      return Number(row?.n ?? 0);
    }
    let qb = visibleProducts(db).where("products.rating_score", ">=", FOUR_STARS_AND_ABOVE_SCORE);
    if (category) qb = qb.where("products.category", "=", category);
    for (const c of conditionsOn({ id: "products.id", price: "products.price_paise" })) qb = qb.where(c);
    const row = await qb.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
    return Number(row?.n ?? 0);
  };

  const attributes = category ? filterAttributes(category) : [];
  const chosenValues = (key: string) => (key === BRAND_PARAM ? filters.brands : (filters.attributes[key] ?? []));
  const keys = [BRAND_PARAM, ...attributes.map((a) => a.key)];
  const chosen = keys.filter((k) => chosenValues(k).length > 0).map((key) => ({ key, values: chosenValues(key) }));

  const open = keys.filter((k) => chosenValues(k).length === 0);
  const countAll = (): Promise<CountRow[][]> => {
    if (matches) return Promise.all([maskedCounts(db, scope, { matches, chosen, open, page })]);
    if (chosen.length > 0) return Promise.all([maskedCounts(db, scope, { matches, chosen, open, page: null }), ...chosen.map((c) => countValues([c.key], c.key))]);
    return Promise.all([countPrices(), countValues(keys, null)]);
  };
  const [counts, fourStars] = await Promise.all([countAll(), countFourStars()]);
  const rows = counts.flat().map((r) => ({ attribute: r.attribute, value: r.value, n: Number(r.n) }));
  const pageIds =
    matches && page
      ? rows
          .filter((r) => r.attribute === PAGE_ROW)
          .sort((a, b) => a.n - b.n)
          .map((r) => r.value)
      : null;
  const valuesOf = (key: string) =>
    rows
      .filter((r) => r.attribute === key)
      .sort((a, b) => b.n - a.n || (a.value < b.value ? -1 : 1))
      .slice(0, MAX_FACET_VALUES);
  const prices = PRICE_RANGES.map((r) => ({ value: r.value, n: rows.find((row) => row.attribute === PRICE_ROW && row.value === r.value)?.n ?? 0 }));
  // The price ranges cover every price, so the page's products are those in the chosen ranges (or in any).
  const total = prices.filter((p) => filters.prices.length === 0 || filters.prices.includes(p.value)).reduce((sum, p) => sum + p.n, 0);

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
    {
      param: RATING_PARAM,
      label: "Customer Rating",
      values: [{ value: FOUR_STARS_VALUE, label: FOUR_STARS_LABEL, count: fourStars, selected: filters.fourStars === true }],
    },
    ...attributes.map((attribute) => ({
      param: attribute.key,
      label: attribute.label,
      values: facetValues(valuesOf(attribute.key), chosenValues(attribute.key), attribute),
    })),
  ];
  // A filter with nothing to choose between says nothing; a chosen one always stays.
  return { facets: facets.filter((f) => f.values.some((v) => v.selected) || f.values.filter((v) => v.count > 0).length > 0), total, pageIds };
}
