import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import routeTable from "../../app/routes";
import { DEMO, newAccount, type Account } from "../support/accounts";
import { CATALOG } from "../support/catalog";
import { withE2eDatabase } from "../support/db";
import { HOSTILE_REDIRECTS } from "../support/hostile-redirects";

/**
 * Issue 27: a scanner's redirect targets (newline, CR, NUL, tab, %0d%0a, "/\", "//", long "../"
 * chains: tests/support/hostile-redirects.ts) posted to every route that redirects to a target it
 * reads from the request. Each answers with a redirect to its own fallback, never a 500, as a
 * document and as its `.data` twin. The routes are found in the code (every route module that
 * calls safeRedirectPath or the shared sign-in action); one without a recipe below fails the test.
 * Every route of the table is also asked for with each target in its query, as a visitor and as a
 * customer: whatever redirects (the guards "remembering" the page, /login when signed in) must
 * point at a plain path on the shop.
 */

interface RouteEntry {
  path?: string;
  file?: string;
  index?: boolean;
  children?: RouteEntry[];
}

const root = path.resolve(import.meta.dirname, "../..");

function routeFiles(entries: readonly RouteEntry[], parent = ""): { pattern: string; file: string }[] {
  return entries.flatMap((e) => {
    const here = e.path ? `${parent}/${e.path}`.replace(/\/+/g, "/") : parent;
    const own = e.file && (e.path || e.index) ? [{ pattern: here || "/", file: e.file }] : [];
    return [...own, ...routeFiles(e.children ?? [], here)];
  });
}

/**
 * Routes whose module reads a redirect target from the request: the ones that call the redirect
 * check, the sign-in action, or the reviews' vote and report answers (which check it for them).
 */
function redirectingRoutes(): string[] {
  const reads = /\b(?:safeRedirectPath|signInAction|signInFirst|answerReviewAction)\(/;
  return routeFiles(routeTable as RouteEntry[])
    .filter((r) => reads.test(fs.readFileSync(path.join(root, "app", r.file), "utf8")))
    .map((r) => r.pattern);
}

type Who = "visitor" | Account;

interface Recipe {
  /** Who posts (a fresh session each time, so a sign-in never meets an earlier one). */
  who: Who;
  /** A post the action accepts, so that it reaches its redirect. */
  fields: () => Record<string, string>;
  /** Where the action goes when the target is refused. */
  fallback: string | (() => string);
  /** The address to post to, for a route with parameters (a demo record's). */
  url?: () => string;
}

/** A published demo review: the vote and report routes' record. */
const demoReview = () =>
  withE2eDatabase((db) => db.prepare("SELECT id, product_id FROM reviews WHERE status = 'published' ORDER BY created_at, id LIMIT 1").get() as { id: string; product_id: string });

/** A visitor's vote or report: sent to sign in first, to come back to the review's product (never to the hostile target). */
const reviewRecipe = (action: "helpful" | "report"): Recipe => ({
  who: "visitor",
  url: () => `/reviews/${encodeURIComponent(demoReview().id)}/${action}`,
  fields: (): Record<string, string> => (action === "report" ? { reason: "spam" } : {}),
  fallback: () => `/login?redirectTo=${encodeURIComponent(`/products/${encodeURIComponent(demoReview().product_id)}#reviews`)}`,
});

const RECIPES: Record<string, Recipe> = {
  "/cart": { who: "visitor", fields: () => ({ intent: "add", productId: CATALOG.lgMonitor.id, quantity: "1" }), fallback: "/cart" },
  "/compare": { who: "visitor", fields: () => ({ intent: "add", productId: CATALOG.lgMonitor.id }), fallback: "/compare" },
  "/login": { who: "visitor", fields: () => ({ email: DEMO.customer.email, password: DEMO.customer.password }), fallback: "/" },
  "/vendor/login": { who: "visitor", fields: () => ({ email: DEMO.vendor1.email, password: DEMO.vendor1.password }), fallback: "/vendor/dashboard" },
  "/admin/login": { who: "visitor", fields: () => ({ email: DEMO.admin.email, password: DEMO.admin.password }), fallback: "/admin/dashboard" },
  "/wishlist": { who: DEMO.customer, fields: () => ({ intent: "add", productId: CATALOG.lgMonitor.id }), fallback: "/wishlist" },
  "/reviews/:id/helpful": reviewRecipe("helpful"),
  "/reviews/:id/report": reviewRecipe("report"),
  "/register": {
    who: "visitor",
    fields: () => {
      const a = newAccount("redirect");
      return { name: a.name, email: a.email, password: a.password, confirmPassword: a.password, terms: "on" };
    },
    fallback: "/",
  },
};

async function session(playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } }, baseURL: string, who: Who) {
  // Browsers send Origin on every post (server/origin.ts accepts the shop's own).
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  if (who !== "visitor") {
    const r = await request.post("/login", { form: { email: who.email, password: who.password }, maxRedirects: 0 });
    expect(r.status(), `signing in as ${who.email}`).toBe(302);
  }
  return request;
}

/** A Location the browser would follow to a plain page of this shop, and nowhere else. */
function safeLocation(location: string, baseURL: string): boolean {
  if (!/^\/(?![/\\])[\x21-\x7e]*$/.test(location) || location.includes("\\")) return false;
  const url = new URL(location, baseURL);
  return url.origin === new URL(baseURL).origin && !/(^|\/)\.\.?(\/|$)/.test(location.split("?")[0]!);
}

const show = (value: string) => JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);

async function describe(response: APIResponse): Promise<string> {
  return `${response.status()} ${response.headers().location ?? ""} ${(await response.text()).slice(0, 120)}`;
}

test.use({ trace: "off" });

test.describe("redirect targets from a scanner", () => {
  test.describe.configure({ timeout: 120_000 });

  test("the routes that redirect to a target they read are found in the code, each with a recipe", () => {
    const found = redirectingRoutes();
    // The ones known when this test was written: the list must not silently shrink.
    expect(found).toEqual(expect.arrayContaining(["/cart", "/compare", "/login", "/register", "/vendor/login", "/admin/login"]));
    expect(found.filter((p) => !RECIPES[p]), "routes without a recipe in this test").toEqual([]);
  });

  for (const route of redirectingRoutes()) {
    test(`POST ${route} with each hostile redirectTo goes to its fallback, as a page and as .data`, async ({ playwright, baseURL }) => {
      const recipe = RECIPES[route]!;
      const url = recipe.url ? recipe.url() : route;
      const fallback = typeof recipe.fallback === "string" ? recipe.fallback : recipe.fallback();
      const problems: string[] = [];
      for (const { name, value } of HOSTILE_REDIRECTS) {
        const request = await session(playwright, baseURL!, recipe.who);
        const page = await request.post(url, { form: { ...recipe.fields(), redirectTo: value }, maxRedirects: 0 });
        if (page.status() !== 302 || page.headers().location !== fallback) problems.push(`${name} ${show(value)} → ${await describe(page)}`);
        const data = await request.post(`${url}.data`, { form: { ...recipe.fields(), redirectTo: value }, maxRedirects: 0 });
        const body = await data.text();
        if (data.status() !== 202 || !body.includes(`"redirect",${JSON.stringify(fallback)}`)) {
          problems.push(`${name} ${show(value)} (.data) → ${data.status()} ${body.slice(0, 120)}`);
        }
        await request.dispose();
      }
      expect(problems, `${problems.length} hostile targets were not refused:\n${problems.join("\n")}`).toEqual([]);
    });
  }

  for (const role of ["visitor", "customer"] as const) {
    test(`every route asked with a hostile ?redirectTo answers without a 500, any redirect staying on the shop, as ${role}`, async ({ playwright, baseURL }) => {
      const request = await session(playwright, baseURL!, role === "visitor" ? "visitor" : DEMO.customer);
      const paths = [...new Set(routeFiles(routeTable as RouteEntry[]).map((r) => r.pattern))]
        .filter((p) => !p.includes(":") && !p.includes("*") && p !== "/logout");
      expect(paths).toEqual(expect.arrayContaining(["/login", "/orders", "/admin/dashboard", "/vendor/orders"]));
      const problems: string[] = [];
      let redirects = 0;
      for (const p of paths) {
        await Promise.all(
          HOSTILE_REDIRECTS.map(async ({ name, value }) => {
            const url = `${p}?redirectTo=${encodeURIComponent(value)}`;
            const response = await request.get(url, { maxRedirects: 0 });
            const location = response.headers().location;
            if (response.status() >= 500) problems.push(`GET ${p} [${name}] → ${await describe(response)}`);
            else if (location !== undefined) {
              redirects++;
              if (!safeLocation(location, baseURL!)) problems.push(`GET ${p} [${name}] → ${response.status()} to ${show(location)}`);
            }
          }),
        );
      }
      expect(problems, `${problems.length} answers were unsafe:\n${problems.join("\n")}`).toEqual([]);
      // The guards and /login's "already signed in" redirect are among them, so the check above is not empty.
      expect(redirects).toBeGreaterThan(HOSTILE_REDIRECTS.length);
      await request.dispose();
    });
  }
});
