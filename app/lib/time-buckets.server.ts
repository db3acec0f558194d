import { sql, type Expression, type RawBuilder } from "kysely";
import type { TimeBucket } from "./chart-data";

/**
 * The key of the bucket a stored timestamp falls in, as SQL: the same on SQLite and PostgreSQL,
 * because ISO timestamps compare as text (decision 002). India time is already in the buckets'
 * bounds (chart-data.ts), so no database date function or time zone is needed. Rows before the
 * first bucket or from its end on get NULL; a query filters them out first.
 */
export function bucketKey(at: Expression<string>, buckets: readonly TimeBucket[]): RawBuilder<string | null> {
  if (buckets.length === 0) return sql<null>`null`;
  const whens = buckets.map((b) => sql`when ${at} < ${b.end} then ${b.key}`);
  return sql<string | null>`case when ${at} < ${buckets[0]!.start} then null ${sql.join(whens, sql` `)} else null end`;
}
