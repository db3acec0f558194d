import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen. What the catalogue's pages read by the thousand, in narrow places (issue 14).
//
// - search_documents gets copies of each product's listing, category, price and brand (kept by
//   the catalogue module, as product_specs has them): a search's matches come with what a page
//   needs to count, filter and sort them, without looking each product up. The shop fills in the
//   brand at its next start, re-indexing every product (SEARCH_DOCUMENT_VERSION 2).
// - products_lookup: what the listing checks and sorts by, reached by id (a filter's ids). The
//   products' rows are wide (description, specifications): ten thousand lookups through the table
//   took 15 to 20 ms on SQLite, through this index about 5 ms.
// - SQLite: the full-text index answers with document ids; search_documents_listing holds what a
//   page needs of each, without reading the documents' text.
// - PostgreSQL: tsv_named, the name and specifications' own tsvector, for one-character words.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("search_documents").addColumn("listed", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("search_documents").addColumn("category", "text", (c) => c.notNull().defaultTo("")).execute();
  await db.schema.alterTable("search_documents").addColumn("price_paise", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("search_documents").addColumn("brand", "text").execute();
  // The listing now (the brand, which takes the specification schema, waits for the re-index).
  await sql`update search_documents set
    listed = (select p.listed from products p where p.id = search_documents.product_id),
    category = (select p.category from products p where p.id = search_documents.product_id),
    price_paise = (select p.price_paise from products p where p.id = search_documents.product_id)`.execute(db);

  await db.schema.createIndex("products_lookup").on("products").columns(["id", "listed", "category", "price_paise", "name_key"]).execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // A one-character word ("a", "7") is looked for in the name and specifications only. The GIN
    // index of the whole document does not record which field holds a word, and nearly every
    // description holds "a": asked of it, every document is read to check. These fields' own
    // tsvector answers at once (SQLite's full-text index knows its columns).
    await sql`alter table search_documents add column tsv_named tsvector generated always as (
      to_tsvector('simple'::regconfig, title) || to_tsvector('simple'::regconfig, specs)) stored`.execute(db);
    await sql`create index search_documents_tsv_named on search_documents using gin (tsv_named)`.execute(db);
  } else {
    await db.schema
      .createIndex("search_documents_listing")
      .on("search_documents")
      .columns(["doc_id", "product_id", "listed", "category", "price_paise", "brand"])
      .execute();
    // The full-text index follows the documents' text only, not the copies beside it.
    await sql`drop trigger search_documents_au`.execute(db);
    await sql`create trigger search_documents_au after update of title, specs, body on search_documents begin
      insert into product_fts(product_fts, rowid, title, specs, body) values ('delete', old.doc_id, old.title, old.specs, old.body);
      insert into product_fts(rowid, title, specs, body) values (new.doc_id, new.title, new.specs, new.body);
    end`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index search_documents_tsv_named`.execute(db);
    await sql`alter table search_documents drop column tsv_named`.execute(db);
  } else {
    await sql`drop trigger search_documents_au`.execute(db);
    await sql`create trigger search_documents_au after update on search_documents begin
      insert into product_fts(product_fts, rowid, title, specs, body) values ('delete', old.doc_id, old.title, old.specs, old.body);
      insert into product_fts(rowid, title, specs, body) values (new.doc_id, new.title, new.specs, new.body);
    end`.execute(db);
    await db.schema.dropIndex("search_documents_listing").execute();
  }
  await db.schema.dropIndex("products_lookup").execute();
  await db.schema.alterTable("search_documents").dropColumn("brand").execute();
  await db.schema.alterTable("search_documents").dropColumn("price_paise").execute();
  await db.schema.alterTable("search_documents").dropColumn("category").execute();
  await db.schema.alterTable("search_documents").dropColumn("listed").execute();
}
