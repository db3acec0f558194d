import { describe, expect, it } from "vitest";
import { pageAfterPost } from "./page-after-post";

describe("pageAfterPost", () => {
  it("returns to the page, not its data URL, keeping the list's query", () => {
    expect(pageAfterPost("/vendor/orders", "http://x/vendor/orders.data?q=RC-1&status=pending&_routes=routes%2Fvendor%2Forders")).toBe(
      "/vendor/orders?q=RC-1&status=pending",
    );
    expect(pageAfterPost("/admin/orders", "http://x/admin/orders?index&page=2")).toBe("/admin/orders?page=2");
  });

  it("applies the caller's change and leaves out an empty query", () => {
    expect(pageAfterPost("/admin/orders", "http://x/admin/orders.data")).toBe("/admin/orders");
    expect(
      pageAfterPost("/vendor/orders", "http://x/vendor/orders.data?ship=RC-2&q=a", (p) => {
        p.delete("ship");
        p.set("expand", "RC-2");
      }),
    ).toBe("/vendor/orders?q=a&expand=RC-2");
  });
});
