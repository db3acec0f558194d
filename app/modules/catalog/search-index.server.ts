import { PostgresAdapter, sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import type { Database } from "~/db/schema";
import {
  SEARCH_DOCUMENT_VERSION,
  editDistance,
  ftsGroup,
  ftsMatch,
  isVocabularyWord,
  pgGroup,
  pgMatch,
  pgNamedCharacter,
  planSearch,
  searchDocument,
  vocabularyWords,
  withCorrections,
  type SearchField,
  type SearchPlan,
} from "./search-text";
import { parseSpecifications } from "./specifications";
import { isProductCategory } from "./categories";
import { filterableSpecs } from "./spec-index.server";

/**
 * The catalogue's search index behind one interface, on SQLite's FTS5 or PostgreSQL's full-text
 * search with pg_trgm (docs/decisions/016). Callers write a product's document in the product's
 * transaction, remove it with the product, and filter and rank with a prepared search.
 */

type Db = Kysely<Database>;

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export interface IndexedProduct {
  id: string;
  name: string;
  category: string;
  specifications: Readonly<Record<string, string>>;
  description: string;
}

/** Writes (or rewrites) a product's search document; call it in the product's transaction. */
export async function writeSearchDocument(db: Db, product: IndexedProduct): Promise<void> {
  await writeSearchDocuments(db, [product]);
}

/** Many products' documents at once (the benchmark's generator, a rebuild). */
export async function writeSearchDocuments(db: Db, products: readonly IndexedProduct[]): Promise<void> {
  if (products.length === 0) return;
  const docs = products.map((p) => ({ product_id: p.id, ...searchDocument(p) }));
  await db
    .insertInto("search_documents")
    .values(docs.map((d, i) => ({ ...d, brand: brandOf(products[i]!) })))
    .onConflict((oc) =>
      oc.column("product_id").doUpdateSet((eb) => ({
        title: eb.ref("excluded.title"),
        specs: eb.ref("excluded.specs"),
        body: eb.ref("excluded.body"),
        brand: eb.ref("excluded.brand"),
      })),
    )
    .execute();
  await copyListing(db, { productIds: docs.map((d) => d.product_id) });
  const words = new Set<string>();
  for (const d of docs) for (const w of vocabularyWords(d)) words.add(w);
  if (words.size > 0) {
    await db
      .insertInto("search_words")
      .values([...words].sort().map((word) => ({ word })))
      .onConflict((oc) => oc.column("word").doNothing())
      .execute();
  }
}

/** The brand a product's filters match it by (its product_specs row), if it has a valid one. */
function brandOf(p: IndexedProduct): string | null {
  if (!isProductCategory(p.category)) return null;
  return filterableSpecs(p.category, p.specifications).find((s) => s.attribute === "brand")?.value ?? null;
}

/**
 * Copies products' listing, category and price to their search documents, so a search's matches
 * carry what a page counts and sorts by. Call it in the transaction that changes them (refreshListing).
 */
export async function copyListing(db: Db, where: { productIds: readonly string[] } | { vendorId: string }): Promise<void> {
  if ("productIds" in where && where.productIds.length === 0) return;
  await db
    .updateTable("search_documents")
    .set((eb) => {
      const product = eb.selectFrom("products").whereRef("products.id", "=", "search_documents.product_id");
      return {
        listed: product.select("products.listed"),
        category: product.select("products.category"),
        price_paise: product.select("products.price_paise"),
      };
    })
    .where(
      "search_documents.product_id",
      "in",
      "productIds" in where ? [...where.productIds] : db.selectFrom("products").select("products.id").where("products.vendor_id", "=", where.vendorId),
    )
    .execute();
}

export async function removeSearchDocument(db: Db, productId: string): Promise<void> {
  await db.deleteFrom("search_documents").where("product_id", "=", productId).execute();
}

const INDEX_VERSION_KEY = "search_document_version";

/**
 * At start-up: re-indexes every product when the index was written by another version of
 * `searchDocument` (SEARCH_DOCUMENT_VERSION), including migration 0009's frozen first fill.
 * Returns how many products were re-indexed.
 */
export async function ensureSearchIndex(db: Db): Promise<number> {
  const row = await db.selectFrom("app_meta").select("value").where("key", "=", INDEX_VERSION_KEY).executeTakeFirst();
  if (row?.value === String(SEARCH_DOCUMENT_VERSION)) return 0;
  const n = await rebuildSearchIndex(db);
  await db
    .insertInto("app_meta")
    .values({ key: INDEX_VERSION_KEY, value: String(SEARCH_DOCUMENT_VERSION) })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: String(SEARCH_DOCUMENT_VERSION) }))
    .execute();
  return n;
}

/** Re-indexes every product, a batch per transaction (after `searchDocument` has changed). */
export async function rebuildSearchIndex(db: Db): Promise<number> {
  let after = "";
  let n = 0;
  for (;;) {
    const rows = await db
      .selectFrom("products")
      .select(["id", "name", "category", "specifications", "description"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(500)
      .execute();
    if (rows.length === 0) return n;
    after = rows[rows.length - 1]!.id;
    const batch = rows.map((r) => ({ ...r, specifications: parseSpecifications(r.specifications) }));
    await (db.isTransaction ? writeSearchDocuments(db, batch) : db.transaction().execute((trx) => writeSearchDocuments(trx, batch)));
    n += rows.length;
  }
}

/** A search ready to filter and rank with: its plan, typo corrections included. */
export interface PreparedSearch {
  plan: SearchPlan;
  /** Typed word → the vocabulary words within one edit that stand in for it. */
  corrections: Map<string, string[]>;
}

/**
 * Reads a search box entry. A word of 5+ letters that starts no word of any product as typed is
 * given the vocabulary's words within one edit of it as alternatives ("laptp" → laptop).
 */
export async function prepareSearch(db: Db, q: string): Promise<PreparedSearch | null> {
  const plan = planSearch(q);
  if (plan.groups.length === 0) return null;
  const corrections = new Map<string, string[]>();
  for (const group of plan.groups) {
    if (!group.typoWord || corrections.has(group.typoWord)) continue;
    if (await groupMatchesAnything(db, group)) continue;
    const near = (await vocabularyCandidates(db, group.typoWord, 1))
      .filter((w) => editDistance(group.typoWord!, w, 1) <= 1)
      .sort();
    if (near.length > 0) corrections.set(group.typoWord, near);
  }
  return { plan: withCorrections(plan, corrections), corrections };
}

async function groupMatchesAnything(db: Db, group: SearchPlan["groups"][number]): Promise<boolean> {
  const plan = { groups: [group] };
  const row = isPostgres(db)
    ? await sql`select 1 as hit from search_documents where ${pgCondition(plan)} limit 1`.execute(db)
    : await sql`select 1 as hit from product_fts where product_fts match ${ftsMatch(plan)} limit 1`.execute(db);
  return row.rows.length > 0;
}

/**
 * Vocabulary words that may be within `maxEdits` of `word`, found through the engine's trigram
 * index: a superset, which the caller narrows with `editDistance` so both databases agree.
 */
async function vocabularyCandidates(db: Db, word: string, maxEdits: number): Promise<string[]> {
  const length = Array.from(word).length;
  const min = Math.max(1, length - maxEdits);
  const max = length + maxEdits;
  if (isPostgres(db)) {
    const run = async (trx: Db) => {
      // Low enough that one or two edits in a short word (fewest shared trigrams) still pass.
      await sql`set local pg_trgm.similarity_threshold = 0.1`.execute(trx);
      return sql<{ word: string }>`select word from search_words
        where word operator(public.%) ${word} and char_length(word) between ${min} and ${max}`.execute(trx);
    };
    const result = db.isTransaction ? await run(db) : await db.transaction().execute(run);
    return result.rows.map((r) => r.word);
  }
  const padded = Array.from(`|${word}|`);
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3).join(""));
  const match = [...grams].map((g) => `"${g}"`).join(" OR ");
  const result = await sql<{ word: string }>`select w.word from search_word_trigrams t join search_words w on w.id = t.rowid
    where search_word_trigrams match ${match} and length(w.word) between ${min} and ${max}`.execute(db);
  return result.rows.map((r) => r.word);
}

/**
 * PostgreSQL: a search document matches every group of the plan. A group of one single character
 * asks the name-and-specifications tsvector (migration 0010, pgNamedCharacter); the others the
 * whole document's.
 */
function pgCondition(plan: SearchPlan) {
  const named = plan.groups.map(pgNamedCharacter);
  const rest = plan.groups.filter((_, i) => named[i] === null);
  const conditions = named.flatMap((word) => (word === null ? [] : [sql<SqlBool>`search_documents.tsv_named @@ to_tsquery('simple', ${word})`]));
  if (rest.length > 0) conditions.unshift(sql<SqlBool>`search_documents.tsv @@ to_tsquery('simple', ${pgMatch({ ...plan, groups: rest })})`);
  return sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
}

/** The products matching every group of the search: a subquery of product ids. */
export function matchingProductIds(db: Db, search: PreparedSearch) {
  if (isPostgres(db)) {
    return db
      .selectFrom("search_documents")
      .select("search_documents.product_id")
      .where(pgCondition(search.plan));
  }
  return db
    .selectFrom("search_documents")
    .select("search_documents.product_id")
    .where(sql<SqlBool>`search_documents.doc_id in (select rowid from product_fts where product_fts match ${ftsMatch(search.plan)})`);
}

/**
 * A search's listed matches (in `category`, if given) with what a page needs of each: relevance
 * (0 each, unranked), price in paise, category and brand, from the search documents' copies, so
 * no product is looked up. A subquery, (product_id, score, price, category, brand), that the
 * page's statement reads once (as a materialized CTE) for its counts and its page.
 */
export type Matches = RawBuilder<Match>;

export function searchMatches(db: Db, search: PreparedSearch, { ranked, category = null }: { ranked: boolean; category?: string | null }): Matches {
  const inCategory = category === null ? sql`` : sql` and h.category = ${category}`;
  return sql<Match>`(select h.product_id, h.score, h.price_paise as price, h.category, h.brand
    from ${searchHits(db, search, { ranked })} as h where h.listed = 1${inCategory})`;
}

type Match = { product_id: string; score: number; price: number; category: string; brand: string | null };

/** A page of a search's matches read with the counts: its place in the listing (not by name). */
export interface MatchesPage {
  sort: "relevance" | "price-asc" | "price-desc";
  limit: number;
  offset: number;
}

/** The listing's order over a search's matches: relevance (ties cheapest first), or by price. */
export function matchesOrder(sort: MatchesPage["sort"], c: { id: Expression<string>; score: Expression<number>; price: Expression<number> }) {
  if (sort === "price-desc") return sql`${c.price} desc, ${c.id} desc`;
  if (sort === "relevance") return sql`${c.score} desc, ${c.price} asc, ${c.id} asc`;
  return sql`${c.price} asc, ${c.id} asc`;
}

/**
 * One page of a CTE of matches (`table`: product_id, score, price) that pass `where`, as rows
 * (value: the product id, n: its position): the page is cut in the listing's order, then numbered,
 * as a union's rows keep no order of their own.
 */
export function pageOfMatches(table: string, where: Expression<SqlBool>, page: MatchesPage) {
  const columns = (t: string) => ({ id: sql.ref<string>(`${t}.product_id`), score: sql.ref<number>(`${t}.score`), price: sql.ref<number>(`${t}.price`) });
  const t = columns(table);
  return sql<{ value: string; n: number | string }>`select x.product_id as value, row_number() over (order by ${matchesOrder(page.sort, columns("x"))}) as n from (
      select ${t.id}, ${t.score}, ${t.price} from ${sql.table(table)} where ${where}
      order by ${matchesOrder(page.sort, t)} limit ${sql.lit(page.limit)} offset ${sql.lit(page.offset)}
    ) as x`;
}

type Hit = { product_id: string; score: number; listed: number; category: string; price_paise: number; brand: string | null };

const FIELD_POINTS: Record<SearchField, number> = { title: 100, specs: 10, body: 1 };

/**
 * The products matching every group of the search, with their relevance and their documents'
 * copies of listing, category, price and brand, as a table to read. The score is the same
 * number on both databases: for each group, 100 when it matches the title, else 10 when it
 * matches the specifications, else 1 (the description); summed. With at most 6 groups a title match outranks any number of specification
 * matches, and those any number of description matches. Unranked, every score is 0.
 */
function searchHits(db: Db, search: PreparedSearch, { ranked }: { ranked: boolean }) {
  const groups = search.plan.groups;
  if (isPostgres(db)) {
    const score = ranked
      ? sql.join(
          groups.map(
            (g) =>
              sql`(case when tsv @@ to_tsquery('simple', ${pgGroup(g, "title")}) then ${sql.lit(FIELD_POINTS.title)}
                when tsv @@ to_tsquery('simple', ${pgGroup(g, "specs")}) then ${sql.lit(FIELD_POINTS.specs)} else ${sql.lit(FIELD_POINTS.body)} end)`,
          ),
          sql` + `,
        )
      : sql`0`;
    return sql<Hit>`(select product_id, ${score} as score, listed, category, price_paise, brand from search_documents
      where ${pgCondition(search.plan)})`;
  }
  if (!ranked) {
    return sql<Hit>`(select d.product_id, 0 as score, d.listed, d.category, d.price_paise, d.brand from search_documents d
      where d.doc_id in (select rowid from product_fts where product_fts match ${ftsMatch(search.plan)}))`;
  }
  // Each group's matches in the title, the specifications and anywhere, each with its points;
  // a document's best per group, summed; only documents matching every group.
  const hits = groups.flatMap((g, i) =>
    (["title", "specs", null] as const).map(
      (field) =>
        sql`select rowid as doc_id, ${sql.lit(i)} as g, ${sql.lit(field ? FIELD_POINTS[field] : FIELD_POINTS.body)} as points
          from product_fts where product_fts match ${ftsGroup(g, field ?? undefined)}`,
    ),
  );
  if (groups.length === 1) {
    return sql<Hit>`(select d.product_id, best.score, d.listed, d.category, d.price_paise, d.brand from (
        select doc_id, max(points) as score from (${sql.join(hits, sql` union all `)}) group by doc_id
      ) best join search_documents d on d.doc_id = best.doc_id)`;
  }
  return sql<Hit>`(select d.product_id, best.score, d.listed, d.category, d.price_paise, d.brand from (
      select doc_id, sum(points) as score, count(*) as groups from (
        select doc_id, g, max(points) as points from (${sql.join(hits, sql` union all `)}) group by doc_id, g
      ) group by doc_id
    ) best join search_documents d on d.doc_id = best.doc_id where best.groups = ${sql.lit(groups.length)})`;
}

/**
 * "Did you mean …?": the search with each word that matches nothing replaced by the vocabulary's
 * closest word (two edits at most; ties go to the alphabetically first), or null. The caller
 * checks that the new search finds something.
 */
export async function closestSearch(db: Db, q: string): Promise<string | null> {
  const plan = planSearch(q);
  if (plan.groups.length === 0) return null;
  let changed = false;
  const words: string[] = [];
  for (const group of plan.groups) {
    const single = group.alternatives.length === 1 && group.alternatives[0]!.words.length === 1 ? group.typed : null;
    if (!single || !isVocabularyWord(single) || (await groupMatchesAnything(db, group))) {
      words.push(group.typed);
      continue;
    }
    let best: { word: string; d: number } | null = null;
    for (const w of await vocabularyCandidates(db, single, 2)) {
      const d = editDistance(single, w, 2);
      if (d <= 2 && (!best || d < best.d || (d === best.d && w < best.word))) best = { word: w, d };
    }
    if (best) {
      words.push(best.word);
      changed = true;
    } else {
      words.push(group.typed);
    }
  }
  return changed ? words.join(" ") : null;
}
