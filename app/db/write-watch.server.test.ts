import { CompiledQuery } from "kysely";
import { insertJobs } from "pg-boss/dist/plans.js";
import { describe, expect, it } from "vitest";
import { ANY_TABLE, statementWrites } from "./write-watch.server";

const raw = (text: string) => statementWrites(CompiledQuery.raw(text, []));

describe("statementWrites, raw SQL", () => {
  it("reads nothing written by a read, a WITH that only reads, or a transaction's own statements", () => {
    for (const text of ["select 1", "  SELECT * FROM products", "with p as (select id from products) select count(*) from p", "begin", "commit", "PRAGMA data_version", "listen rc"]) {
      expect(raw(text), text).toEqual([]);
    }
  });

  it("reads the table, and the schema when the statement names one", () => {
    expect(raw("update products set stock = stock + 1 where id = $1")).toEqual([{ table: "products", schema: null, columns: null, ids: null }]);
    expect(raw('UPDATE "products" SET stock = 1')).toEqual([{ table: "products", schema: null, columns: null, ids: null }]);
    expect(raw("insert or replace into app_meta (key, value) values (1, 2)")).toEqual([{ table: "app_meta", schema: null, columns: null, ids: null }]);
    expect(raw('delete from "pgboss"."job_common" where id = $1')).toEqual([{ table: "job_common", schema: "pgboss", columns: null, ids: null }]);
  });

  it("reads pg-boss's job inserts, plain and inside a data-modifying WITH, as writes to its own schema", () => {
    for (const notify of [false, true]) {
      expect(raw(insertJobs("rc_jobs", { table: "job_common", name: "mail.send", notify })), `notify: ${notify}`).toEqual([{ table: "job_common", schema: "rc_jobs", columns: null, ids: null }]);
    }
  });

  it("says any table when it cannot tell", () => {
    expect(raw("create table t (id integer)")).toEqual([{ table: ANY_TABLE, schema: null, columns: null, ids: null }]);
    expect(raw("vacuum")).toEqual([{ table: ANY_TABLE, schema: null, columns: null, ids: null }]);
  });
});
