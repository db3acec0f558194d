import { existsSync } from "node:fs";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { SCAN_TARGETS } from "../../scripts/scan-targets";

/** Every route's full pattern, as React Router matches it: `products/:id`, `admin/users/:id`, `*`. */
function patterns(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path === undefined ? parent : [parent, entry.path].filter(Boolean).join("/");
    const own = entry.path !== undefined || entry.index ? [here] : [];
    return [...own, ...patterns(entry.children ?? [], here)];
  });
}

const pathOf = (url: string) => new URL(url, "http://shop.test").pathname;

function matches(pattern: string, url: string): boolean {
  const pathname = pathOf(url).slice(1);
  const regex = pattern
    .split("/")
    .map((part) => (part === "*" ? ".*" : part.startsWith(":") ? "[^/]+" : part.replace(/[.]/g, "\\.")))
    .join("/");
  return new RegExp(`^${regex}$`).test(pathname);
}

describe("the security scan's CI profile (scripts/scan-targets.ts)", () => {
  const all = [...new Set(patterns(routes))];

  it("has an address for every route of the shop", () => {
    const named = new Set(SCAN_TARGETS.map((t) => t.route));
    expect(all.filter((pattern) => !named.has(pattern))).toEqual([]);
  });

  it("names only routes that exist, each with an address of its own or of the page holding its form", () => {
    for (const target of SCAN_TARGETS) {
      if (target.server) {
        // Answered ahead of React Router: by a file of server/ that exists, and by no route as well.
        expect(existsSync(target.server), `${target.server} is missing`).toBe(true);
        expect(all, `${target.route} is answered twice`).not.toContain(target.route);
        continue;
      }
      expect(all, `${target.route} is not a route`).toContain(target.route);
      const formElsewhere = SCAN_TARGETS.some((other) => other !== target && pathOf(other.url) === pathOf(target.url) && matches(other.route, target.url));
      expect(matches(target.route, target.url) || formElsewhere, `${target.url} is not an address of ${target.route}`).toBe(true);
    }
  });
});
