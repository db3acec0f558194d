import { sql, type Expression, type SqlBool } from "kysely";

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The admin lists' search: a case-insensitive "contains", the same on SQLite and PostgreSQL, with
 * `%` and `_` typed by the admin matched as themselves. SQLite folds the case of ASCII letters only.
 */
export function containsIgnoringCase(column: Expression<string | null>, text: string): Expression<SqlBool> {
  const pattern = `%${escapeLike(text.toLowerCase())}%`;
  return sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;
}
