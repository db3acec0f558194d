import { beforeAll, describe, expect, it } from "vitest";
import { shopRoutes } from "../tests/support/shop-routes";
import { isSharedPath, routeTree, sharedPathMemo, type RouteNode } from "./route-tree";

describe("isSharedPath", () => {
  let routes: RouteNode[] = [];
  beforeAll(async () => {
    routes = routeTree(await shopRoutes());
  }, 60_000);

  it("is every public page, and its data, as its route declares", () => {
    for (const path of ["/", "/_root.data", "/products", "/products.data", "/products/product-asus", "/products/product-asus.data", "/sellers/vendor-1", "/about", "/contact", "/privacy", "/terms", "/refund", "/shipping", "/services", "/ranking", "/robots.txt", "/sitemap.xml", "/pin-codes/400001", "/delivery/estimate"]) {
      expect(isSharedPath(routes, path), path).toBe(true);
    }
  });

  it("is never a page of the visitor's own, an action's address, or an address no route answers", () => {
    for (const path of ["/cart", "/cart.data", "/checkout", "/orders", "/orders/RC-200000", "/profile", "/wishlist", "/login", "/register", "/visitor", "/vendor/dashboard", "/admin", "/admin/products", "/products/product-asus/review", "/reviews/r-1/helpful", "/search/suggestions", "/no/such/page", "/not-found"]) {
      expect(isSharedPath(routes, path), path).toBe(false);
    }
  });

  it("remembers its answers for the last addresses asked, per tree", () => {
    const isShared = sharedPathMemo(2);
    for (const path of ["/products", "/cart", "/products", "/about", "/cart"]) expect(isShared(routes, path), path).toBe(isSharedPath(routes, path));
    expect(isShared([], "/products"), "another tree is asked afresh").toBe(false);
  });
});
