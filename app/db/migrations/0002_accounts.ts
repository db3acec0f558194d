import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen. The first four tables are Better Auth's (user, session, account, verification; with the
// admin plugin's role and ban columns), as its own migration tool would create them on each
// database: PostgreSQL gets booleans and timestamptz, SQLite integers and ISO date text.
// Then the shop's own: customer profiles, vendor ownership and the sign-in throttle.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const bool = pg ? sql`boolean` : sql`integer`;
  const date = pg ? sql`timestamptz` : sql`date`;

  await db.schema
    .createTable("user")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("emailVerified", bool, (c) => c.notNull())
    .addColumn("image", "text")
    .addColumn("createdAt", date, (c) => c.notNull())
    .addColumn("updatedAt", date, (c) => c.notNull())
    .addColumn("role", "text")
    .addColumn("banned", bool)
    .addColumn("banReason", "text")
    .addColumn("banExpires", date)
    .execute();

  await db.schema
    .createTable("session")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("expiresAt", date, (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("createdAt", date, (c) => c.notNull())
    .addColumn("updatedAt", date, (c) => c.notNull())
    .addColumn("ipAddress", "text")
    .addColumn("userAgent", "text")
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("impersonatedBy", "text")
    .execute();
  await db.schema.createIndex("session_userId_idx").on("session").column("userId").execute();

  await db.schema
    .createTable("account")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("accountId", "text", (c) => c.notNull())
    .addColumn("providerId", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("accessToken", "text")
    .addColumn("refreshToken", "text")
    .addColumn("idToken", "text")
    .addColumn("accessTokenExpiresAt", date)
    .addColumn("refreshTokenExpiresAt", date)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("createdAt", date, (c) => c.notNull())
    .addColumn("updatedAt", date, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("account_userId_idx").on("account").column("userId").execute();

  await db.schema
    .createTable("verification")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expiresAt", date, (c) => c.notNull())
    .addColumn("createdAt", date, (c) => c.notNull())
    .addColumn("updatedAt", date, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("verification_identifier_idx").on("verification").column("identifier").execute();

  // The saved address of a customer (the profile form); it pre-fills checkout.
  await db.schema
    .createTable("customer_profiles")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("street_address", "text")
    .addColumn("city", "text")
    .addColumn("state", "text")
    .addColumn("postal_code", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  // A vendor user owns one vendor profile.
  await db.schema.alterTable("vendors").addColumn("owner_user_id", "text", (c) => c.references("user.id")).execute();
  await db.schema.createIndex("vendors_owner").unique().on("vendors").column("owner_user_id").execute();

  // Fixed-window sign-in throttle, per IP and per account ("ip:…", "email:…").
  await db.schema
    .createTable("sign_in_attempts")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("window_start", "bigint", (c) => c.notNull())
    .addColumn("failures", "integer", (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("sign_in_attempts").execute();
  await db.schema.dropIndex("vendors_owner").execute();
  await db.schema.alterTable("vendors").dropColumn("owner_user_id").execute();
  for (const t of ["customer_profiles", "verification", "account", "session", "user"]) await db.schema.dropTable(t).execute();
}
