import { PostgresDialect, sql, type DatabaseIntrospector, type DatabaseMetadataOptions, type Kysely, type PostgresPool, type SchemaMetadata, type TableMetadata } from "kysely";
import { DEFAULT_MIGRATION_LOCK_TABLE, DEFAULT_MIGRATION_TABLE } from "kysely/migration";

/**
 * PostgreSQL as Kysely speaks it, with one difference: introspection (which the migrator uses to
 * ask whether its own tables exist) looks at the connection's own schema only.
 *
 * Kysely's own introspector reads every schema of the database and names each table of each in a
 * function call (`has_schema_privilege`, `pg_get_serial_sequence`). When another process drops a
 * schema between the catalogue read and that call, as the test workers do with theirs, or as a
 * second copy of the shop in the same database might, the migration fails with `schema "…" does
 * not exist`. tests/integration/postgres-dialect.test.ts holds the two properties this relies on.
 */
export function postgresDialect(pool: PostgresPool): PostgresDialect {
  return new OwnSchemaPostgresDialect({ pool });
}

class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}

interface ColumnRow {
  table: string;
  table_type: string;
  schema: string;
  column: string;
  not_null: boolean;
  has_default: boolean;
  type: string;
  type_schema: string;
  column_description: string | null;
  auto_incrementing: string | null;
}

class OwnSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(this.db);
    return rows;
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    // The same columns as Kysely's own query, but the functions that take a name only ever see
    // names of the current schema, the one this connection's tables live in.
    const { rows } = await sql<ColumnRow>`
      select c.relname as "table", c.relkind as table_type, ns.nspname as "schema",
             a.attname as "column", a.attnotnull as not_null, a.atthasdef as has_default,
             typ.typname as "type", dtns.nspname as type_schema,
             col_description(a.attrelid, a.attnum) as column_description,
             pg_get_serial_sequence(quote_ident(ns.nspname) || '.' || quote_ident(c.relname), a.attname) as auto_incrementing
        from pg_catalog.pg_attribute a
        join pg_catalog.pg_class c on a.attrelid = c.oid
        join pg_catalog.pg_namespace ns on c.relnamespace = ns.oid
        join pg_catalog.pg_type typ on a.atttypid = typ.oid
        join pg_catalog.pg_namespace dtns on typ.typnamespace = dtns.oid
       where ns.nspname = current_schema()
         and c.relkind in ('r', 'v', 'p', 'f')
         and a.attnum >= 0 and not a.attisdropped
         and (${options.withInternalKyselyTables} or c.relname not in (${DEFAULT_MIGRATION_TABLE}, ${DEFAULT_MIGRATION_LOCK_TABLE}))
       order by c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.table_type === "v", isForeign: row.table_type === "f", columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isAutoIncrementing: row.auto_incrementing !== null,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        ...(row.column_description === null ? {} : { comment: row.column_description }),
      });
    }
    return [...tables.values()];
  }
}
