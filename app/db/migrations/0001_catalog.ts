import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen: a migration never imports app code; a change to a shipped table is a new migration.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Search terms and sort keys compare byte-wise on both databases (SQLite's default BINARY,
  // PostgreSQL's "C" collation), so prefix ranges and A-Z order agree between them.
  const bytewiseText = db.getExecutor().adapter instanceof PostgresAdapter ? sql`text collate "C"` : sql`text`;
  await db.schema
    .createTable("vendors")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("gstin", "text")
    .addColumn("phone", "text")
    .addColumn("address", "text")
    .addColumn("city", "text")
    .addColumn("state", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("approved"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("categories")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("products")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("name_key", bytewiseText, (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("price_paise", "integer", (c) => c.notNull().check(sqlCheck("price_paise >= 0")))
    .addColumn("image_url", "text")
    .addColumn("category", "text", (c) => c.notNull().references("categories.name"))
    .addColumn("stock", "integer", (c) => c.notNull().check(sqlCheck("stock >= 0")))
    .addColumn("featured", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("specifications", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("vendor_id", "text", (c) => c.notNull().references("vendors.id"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("active"))
    // 1 when the shop shows the product: active, and its vendor approved. Kept by the catalogue
    // module so listing queries filter one indexed column instead of joining vendors.
    .addColumn("listed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  // The catalogue's listing queries filter by listed and category and order by price or name.
  await db.schema.createIndex("products_listed_price").on("products").columns(["listed", "price_paise", "id"]).execute();
  await db.schema.createIndex("products_listed_name").on("products").columns(["listed", "name_key", "id"]).execute();
  await db.schema
    .createIndex("products_listed_category_price")
    .on("products")
    .columns(["listed", "category", "price_paise", "id"])
    .execute();
  await db.schema
    .createIndex("products_listed_category_name")
    .on("products")
    .columns(["listed", "category", "name_key", "id"])
    .execute();
  await db.schema.createIndex("products_listed_featured").on("products").columns(["listed", "featured", "created_at"]).execute();
  await db.schema.createIndex("products_listed_created").on("products").columns(["listed", "category", "created_at"]).execute();
  await db.schema.createIndex("products_vendor").on("products").columns(["vendor_id"]).execute();

  // Word index for search: one row per distinct word of a product, searched by prefix range.
  await db.schema
    .createTable("product_terms")
    .addColumn("term", bytewiseText, (c) => c.notNull())
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("product_terms_pk", ["term", "product_id"])
    .execute();
  await db.schema.createIndex("product_terms_product").on("product_terms").columns(["product_id", "term"]).execute();

  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("read_at", "text")
    .execute();
  await db.schema.createIndex("contact_messages_created").on("contact_messages").columns(["created_at"]).execute();

  await db.schema
    .createTable("app_meta")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();
}

function sqlCheck(expr: string) {
  return sql.raw(expr);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["app_meta", "contact_messages", "product_terms", "products", "categories", "vendors"]) {
    await db.schema.dropTable(t).execute();
  }
}
