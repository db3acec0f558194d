import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen. Search on the databases' own text engines (docs/decisions/016, superseding 003).
//
// `search_documents` holds each product's search document: three normalised fields, title (name
// and brand), specs (category and specification values) and body (description).
// - SQLite: `product_fts`, an FTS5 index over it (external content, kept by triggers; prefix
//   indexes for 2-4 characters so prefix searches stay cheap).
// - PostgreSQL: `tsv`, a generated tsvector with the fields weighted A, B and C, in a GIN index.
// `search_words` is the catalogue's vocabulary (words of 3+ letters) for typo candidates: on
// SQLite through an FTS5 trigram index of each word between two "|" (so a word's first and last
// letters make trigrams of their own), on PostgreSQL through pg_trgm's GIN index.
//
// The products already in the database are indexed here, with a copy of the normalisation of the
// time (a migration never imports app code). The word table `product_terms` goes.

const MAX_WORD_LENGTH = 40;

function words(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/(\p{L})(?=\p{N})|(\p{N})(?=\p{L})/gu, "$1$2 ")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => w.slice(0, MAX_WORD_LENGTH));
}

function documentOf(p: { name: string; category: string; specifications: string; description: string }) {
  let specs: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(p.specifications);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) specs = parsed as Record<string, unknown>;
  } catch {
    // unreadable specifications index as none
  }
  const entries = Object.entries(specs).filter((e): e is [string, string] => typeof e[1] === "string");
  const brandKey = entries.find(([k]) => k.trim().toLowerCase() === "brand")?.[0];
  return {
    title: words(`${p.name} ${brandKey ? specs[brandKey] : ""}`).join(" "),
    specs: words([p.category, ...entries.filter(([k]) => k !== brandKey).map(([, v]) => v)].join(" ")).join(" "),
    body: words(p.description).join(" "),
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await installTrigrams(db);
    await sql`create table search_documents (
      product_id text primary key references products(id) on delete cascade,
      title text not null,
      specs text not null,
      body text not null,
      tsv tsvector generated always as (
        setweight(to_tsvector('simple'::regconfig, title), 'A') ||
        setweight(to_tsvector('simple'::regconfig, specs), 'B') ||
        setweight(to_tsvector('simple'::regconfig, body), 'C')) stored
    )`.execute(db);
    await sql`create index search_documents_tsv on search_documents using gin (tsv)`.execute(db);
    await sql`create table search_words (word text primary key)`.execute(db);
    await sql`create index search_words_trigrams on search_words using gin (word public.gin_trgm_ops)`.execute(db);
  } else {
    await sql`create table search_documents (
      doc_id integer primary key,
      product_id text not null unique references products(id) on delete cascade,
      title text not null,
      specs text not null,
      body text not null
    )`.execute(db);
    await sql`create virtual table product_fts using fts5(
      title, specs, body,
      content='search_documents', content_rowid='doc_id',
      tokenize='unicode61 remove_diacritics 2', prefix='2 3 4'
    )`.execute(db);
    await sql`create trigger search_documents_ai after insert on search_documents begin
      insert into product_fts(rowid, title, specs, body) values (new.doc_id, new.title, new.specs, new.body);
    end`.execute(db);
    await sql`create trigger search_documents_ad after delete on search_documents begin
      insert into product_fts(product_fts, rowid, title, specs, body) values ('delete', old.doc_id, old.title, old.specs, old.body);
    end`.execute(db);
    await sql`create trigger search_documents_au after update on search_documents begin
      insert into product_fts(product_fts, rowid, title, specs, body) values ('delete', old.doc_id, old.title, old.specs, old.body);
      insert into product_fts(rowid, title, specs, body) values (new.doc_id, new.title, new.specs, new.body);
    end`.execute(db);
    await sql`create table search_words (id integer primary key, word text not null unique)`.execute(db);
    await sql`create virtual table search_word_trigrams using fts5(word, content='', tokenize='trigram')`.execute(db);
    await sql`create trigger search_words_ai after insert on search_words begin
      insert into search_word_trigrams(rowid, word) values (new.id, '|' || new.word || '|');
    end`.execute(db);
  }

  // Backfill, a page of products at a time.
  const PAGE = 500;
  let after = "";
  for (;;) {
    const rows: { id: string; name: string; category: string; specifications: string; description: string }[] = await db
      .selectFrom("products")
      .select(["id", "name", "category", "specifications", "description"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(PAGE)
      .execute();
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;
    const docs = rows.map((r) => ({ product_id: r.id, ...documentOf(r) }));
    await db.insertInto("search_documents").values(docs).execute();
    const vocabulary = new Set<string>();
    for (const d of docs) {
      for (const w of `${d.title} ${d.specs} ${d.body}`.split(" ")) if (Array.from(w).length >= 3 && /^\p{L}+$/u.test(w)) vocabulary.add(w);
    }
    if (vocabulary.size > 0) {
      await db
        .insertInto("search_words")
        .values([...vocabulary].map((word) => ({ word })))
        .onConflict((oc) => oc.column("word").doNothing())
        .execute();
    }
  }

  await db.schema.dropTable("product_terms").execute();
}

/**
 * pg_trgm lives in `public`, not in the shop's schema: an extension belongs to one schema of the
 * whole database, and a shop (or a test) in a schema of its own that is dropped would take it, and
 * every other schema's trigram index, with it. The queries name it as public.*.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function installTrigrams(db: Kysely<any>) {
  const where = async () =>
    (await sql<{ schema: string }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db)).rows[0]?.schema;
  let schema = await where();
  if (!schema) {
    try {
      await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    } catch (err) {
      // Two migrations at once (tests, two instances starting) race to create it; one wins.
      if ((err as { code?: string }).code !== "23505") throw err;
    }
    schema = await where();
  }
  if (schema !== "public") throw new Error(`pg_trgm is installed in schema ${schema ?? "(none)"}; the shop needs it in public (ALTER EXTENSION pg_trgm SET SCHEMA public)`);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("product_terms")
    .addColumn("term", "text", (c) => c.notNull())
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id"))
    .addPrimaryKeyConstraint("product_terms_pk", ["term", "product_id"])
    .execute();
  await db.schema.createIndex("product_terms_product").on("product_terms").columns(["product_id", "term"]).execute();
  // The word table is refilled by saving each product again (or by the 0001-era code); not here.
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    await sql`drop table search_word_trigrams`.execute(db);
    await sql`drop table product_fts`.execute(db);
  }
  await db.schema.dropTable("search_words").execute();
  await db.schema.dropTable("search_documents").execute();
}
