import { describe, expect, it } from "vitest";
import type { Write } from "~/db/write-watch.server";
import { catalogueChange } from "./catalogue-changes";

const commit = (...writes: Write[]) => ({ tables: new Set(writes.map((w) => w.table)), writes });
const write = (table: string, fields: Partial<Write> = {}): Write => ({ table, schema: null, columns: null, ids: null, ...fields });
const sold = (...ids: string[]) => write("products", { columns: ["stock"], ids });

describe("catalogueChange: what a commit changed, for the page cache", () => {
  it("an order (its rows, its jobs in pg-boss's schema, the stock of what it bought): those products only", () => {
    const order = commit(
      write("orders"),
      write("order_items"),
      write("order_parts"),
      write("order_status_history"),
      sold("p1"),
      sold("p2", "p1"),
      write("job_common", { schema: "pgboss" }),
      write("jobs"),
      write("mail"),
    );
    expect(catalogueChange(order)).toEqual({ keys: ["product:p1", "product:p2"] });
  });

  it("nothing for what no page shows: sessions, orders, mail", () => {
    expect(catalogueChange(commit(write("session"), write("orders"), write("mail")))).toBeNull();
  });

  it("everything for any other change to products: a price, a name, a listing, a stock change of rows not named by id, a raw write", () => {
    expect(catalogueChange(commit(write("products", { columns: ["price_paise"], ids: ["p1"] })))).toBe("everything");
    expect(catalogueChange(commit(write("products", { columns: ["stock", "updated_at"], ids: ["p1"] })))).toBe("everything");
    expect(catalogueChange(commit(write("products", { columns: ["stock"], ids: null })))).toBe("everything");
    expect(catalogueChange(commit(write("products")))).toBe("everything");
  });

  it("everything for a table it does not know, one added later included, or one it cannot tell", () => {
    expect(catalogueChange(commit(sold("p1"), write("reviews")))).toBe("everything");
    expect(catalogueChange(commit(write("a_table_added_later")))).toBe("everything");
    expect(catalogueChange(commit(write("*")))).toBe("everything");
  });
});
