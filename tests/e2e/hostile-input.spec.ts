import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import routeTable from "../../app/routes";
import { DEMO, type Account } from "../support/accounts";
import { sendContactMessage, userIdByEmail } from "../support/admin";
import { CATALOG } from "../support/catalog";
import { withE2eDatabase } from "../support/db";
import { MESSAGES as PRODUCT_MESSAGES } from "../support/products";

/**
 * The hostile-input sweep (issue 10, decision 010): every route of the route table, as a document
 * request and as its single-fetch `.data` twin, is posted a corpus of malformed and odd bodies as
 * visitor, customer, vendor and admin. Nothing may answer 500 or show a stack trace; the clearly
 * malformed bodies get a 4xx. The routes come from app/routes.ts, so a new route is swept too.
 */

interface RouteEntry {
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

interface RoutePath {
  /** "/admin/users/:id" */
  pattern: string;
  index: boolean;
}

function routePaths(entries: readonly RouteEntry[], parent = ""): RoutePath[] {
  const out: RoutePath[] = [];
  for (const e of entries) {
    const here = e.path ? `${parent}/${e.path}`.replace(/\/+/g, "/") : parent;
    if (e.index) out.push({ pattern: here || "/", index: true });
    else if (e.path) out.push({ pattern: here, index: false });
    if (e.children) out.push(...routePaths(e.children, here));
  }
  return out;
}

interface DemoIds {
  productId: string;
  vendorProductId: string;
  orderNumber: string;
  userId: string;
  messageId: string;
  grievanceId: string;
  reviewId: string;
  questionId: string;
}

async function demoIds(request: APIRequestContext): Promise<DemoIds> {
  const firstMessage = () => withE2eDatabase((db) => (db.prepare("SELECT id FROM contact_messages ORDER BY created_at LIMIT 1").get() as { id: string } | undefined)?.id);
  const messageId = firstMessage() ?? (await sendContactMessage(request, `sweep-${Date.now().toString(36)}`)).id;
  return withE2eDatabase((db) => {
    // Not a pending order: an odd but well-formed post to /orders/:number must not cancel it.
    const own = db
      .prepare(`SELECT o.number AS n FROM orders o JOIN "user" u ON u.id = o.user_id WHERE u.email = ? AND o.status <> 'pending' ORDER BY o.created_at LIMIT 1`)
      .get(DEMO.customer.email) as { n: string } | undefined;
    const demo = db.prepare(`SELECT number AS n FROM orders WHERE status = 'delivered' ORDER BY created_at LIMIT 1`).get() as { n: string } | undefined;
    const orderNumber = own?.n ?? demo?.n;
    if (!orderNumber) throw new Error("the demo data has no delivered order");
    const grievance = db.prepare("SELECT id FROM grievances ORDER BY created_at LIMIT 1").get() as { id: string } | undefined;
    if (!grievance) throw new Error("the demo data has no complaint");
    const review = db.prepare("SELECT id FROM reviews ORDER BY created_at LIMIT 1").get() as { id: string } | undefined;
    if (!review) throw new Error("the demo data has no review");
    // A demo question on the product swept as "/products/:id", so the pair is a real one.
    const question = db.prepare("SELECT id FROM questions WHERE product_id = ? ORDER BY created_at LIMIT 1").get(CATALOG.lgMonitor.id) as { id: string } | undefined;
    if (!question) throw new Error("the demo data has no question on the LG monitor");
    return {
      productId: CATALOG.lgMonitor.id,
      vendorProductId: CATALOG.gamingPc.id,
      orderNumber,
      userId: userIdByEmail(DEMO.customer.email),
      messageId,
      grievanceId: grievance.id,
      reviewId: review.id,
      questionId: question.id,
    };
  });
}

/** Real ids for the route table's parameters; a parameter nobody knows fails the sweep rather than being skipped. */
function fill(pattern: string, ids: DemoIds): string {
  const segments = pattern.split("/");
  return segments
    .map((segment, i) => {
      if (segment === "*") return "sweep-no-such-page";
      if (!segment.startsWith(":")) return segment;
      const key = `${segments.slice(0, i).join("/")}/${segment}`;
      const value = {
        "/products/:id": ids.productId,
        "/products/:id/questions/:questionId": ids.questionId,
        "/vendor/products/:id": ids.vendorProductId,
        "/admin/products/:id": ids.productId,
        "/orders/:number": ids.orderNumber,
        "/admin/users/:id": ids.userId,
        "/admin/messages/:id": ids.messageId,
        "/sellers/:id": "vendor-1",
        "/grievances/:id": ids.grievanceId,
        "/admin/grievances/:id": ids.grievanceId,
        "/pin-codes/:pin": "400001",
        "/reviews/:id": ids.reviewId,
        // No saved build in the demo: an unknown one answers 404, its delete a refusal.
        "/builds/:id": "sweep-no-such-build",
      }[key];
      if (!value) throw new Error(`the sweep has no demo id for ${key}: add one`);
      return encodeURIComponent(value);
    })
    .join("/");
}

/** The document URL and its single-fetch twin (React Router 8: "/" → "/_.data"; index routes carry ?index). */
function urlsOf(route: RoutePath, ids: DemoIds): string[] {
  const path = fill(route.pattern, ids);
  const data = path === "/" ? "/_.data" : `${path}.data`;
  const query = route.index ? "?index" : "";
  return [`${path}${query}`, `${data}${query}`];
}

function sweptUrls(ids: DemoIds): string[] {
  const urls = [...new Set(routePaths(routeTable as RouteEntry[]).flatMap((r) => urlsOf(r, ids)))];
  // Signing out ends the role's session: last.
  return [...urls.filter((u) => !u.startsWith("/logout")), ...urls.filter((u) => u.startsWith("/logout"))];
}

interface Body {
  name: string;
  contentType?: string;
  body: string | Buffer;
  /** Clearly malformed: must be refused with a 4xx. Otherwise anything below 500 will do. */
  malformed: boolean;
}

const B = "----sweepBoundary7MA4YWxkTrZu0gW";
const part = (name: string, value: string) => `--${B}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const URLENCODED = "application/x-www-form-urlencoded";

const CORPUS: Body[] = [
  { name: "octet-stream", contentType: "application/octet-stream", body: Buffer.from("email=sweep"), malformed: true },
  { name: "text/plain", contentType: "text/plain", body: "email=sweep", malformed: true },
  { name: "JSON", contentType: "application/json", body: JSON.stringify({ email: "sweep", password: "sweep" }), malformed: true },
  { name: "broken JSON", contentType: "application/json", body: '{"email": "sweep", "pass', malformed: true },
  { name: "multipart without boundary", contentType: "multipart/form-data", body: `${part("email", "sweep")}--${B}--\r\n`, malformed: true },
  { name: "multipart with a wrong boundary", contentType: "multipart/form-data; boundary=notTheOneUsed", body: `${part("email", "sweep")}--${B}--\r\n`, malformed: true },
  { name: "truncated multipart", contentType: `multipart/form-data; boundary=${B}`, body: `${part("email", "sweep")}--${B}\r\ncontent-disposition: form-data; name="mess`, malformed: true },
  { name: "multipart __proto__ field", contentType: `multipart/form-data; boundary=${B}`, body: `${part("__proto__", "x")}--${B}--\r\n`, malformed: true },
  { name: "invalid UTF-8 bytes", contentType: URLENCODED, body: Buffer.from([0x65, 0x6d, 0x61, 0x69, 0x6c, 0x3d, 0xff, 0xfe, 0xc0, 0xae]), malformed: true },
  { name: "percent-encoded invalid UTF-8", contentType: URLENCODED, body: "email=%C0%AE%FF", malformed: true },
  { name: "cut %-escape", contentType: URLENCODED, body: "email=%E0%A4%A", malformed: true },
  { name: "%ZZ", contentType: URLENCODED, body: "email=%ZZ", malformed: true },
  { name: "__proto__[x]", contentType: URLENCODED, body: "__proto__[x]=1", malformed: true },
  { name: "constructor[prototype][x]", contentType: URLENCODED, body: "constructor[prototype][x]=1", malformed: true },
  // Well formed but odd: never a field value that could change anything (no valid email, no confirmed=1).
  { name: "repeated fields", contentType: URLENCODED, body: "intent=sweep&intent=sweep2&email=sweep&email=sweep2&quantity=1&quantity=2&number=x&number=y", malformed: false },
  { name: "name[] fields", contentType: URLENCODED, body: "name[]=x&name[]=y&email[]=sweep&intent[]=sweep", malformed: false },
];

const OVERSIZE: Body = { name: "5 MB body", contentType: URLENCODED, body: `email=${"x".repeat(5 * 1024 * 1024)}`, malformed: true };

const MALFORMED_ADDRESSES = [
  "/products/%E0%A4",
  "/products/%E0%A4.data",
  "/products?q=%ZZ",
  "/products.data?q=%ZZ",
  "/products?q=%E0%A4%A",
  "/%c0%ae%c0%ae/",
  "/%c0%ae%c0%ae/.data",
  "/%",
  "/products/%ff",
  "/admin/users/%E0%A4",
  "/vendor/products/%ZZ/edit",
  "/orders/%C0%80",
];

/** A stack trace or a glimpse of the server's insides. */
const LEAKS: [RegExp, string][] = [
  [/\bat [^\n]{0,200}\.(?:[cm]?js|tsx?):\d+/, "a stack frame"],
  [/node_modules/, "node_modules"],
  // A file path, not a URL path: React Router's own 405 text ("You made a POST request to "/admin" …") names routes, as its client manifest does.
  [/\b\w*Error: [^\n]{0,300}?(?:file:\/\/|\/(?:work|home|root|usr|app|srv|opt|tmp|var)\/[\w.@/-]+|[\w-]+\.(?:[cm]?js|tsx?):\d+)/, "an error with a file path"],
  [/Content-Type was not one of|no boundary found|Unexpected end of|Unexpected token|is not valid JSON|URIError|ERR_[A-Z_]+/, "a parser's message"],
];

interface Probe {
  method: "GET" | "POST";
  url: string;
  body?: Body;
}

type Sweep = { probes: number; problems: string[] };

async function check(probe: Probe, response: APIResponse, problems: string[]) {
  const status = response.status();
  const text = await response.text();
  const what = `${probe.method} ${probe.url}${probe.body ? ` [${probe.body.name}]` : ""} → ${status}`;
  if (status >= 500) problems.push(`${what}: a server error`);
  else if (probe.body?.malformed && (status < 400 || status >= 500)) problems.push(`${what}: expected a 4xx refusal`);
  for (const [pattern, label] of LEAKS) {
    const m = pattern.exec(text);
    if (m) problems.push(`${what}: shows ${label}: ${JSON.stringify(m[0].slice(0, 120))}`);
  }
}

async function send(request: APIRequestContext, probe: Probe): Promise<APIResponse> {
  if (probe.method === "GET") return request.get(probe.url, { maxRedirects: 0 });
  const b = probe.body!;
  return request.fetch(probe.url, { method: "POST", data: b.body, headers: b.contentType ? { "content-type": b.contentType } : {}, maxRedirects: 0 });
}

/** Runs the probes a few at a time, in order (so /logout stays last), collecting every problem. */
async function sweep(request: APIRequestContext, probes: Probe[], concurrency = 6): Promise<Sweep> {
  const problems: string[] = [];
  for (let i = 0; i < probes.length; i += concurrency) {
    await Promise.all(
      probes.slice(i, i + concurrency).map(async (probe) => {
        try {
          await check(probe, await send(request, probe), problems);
        } catch (e) {
          problems.push(`${probe.method} ${probe.url}${probe.body ? ` [${probe.body.name}]` : ""}: no answer (${(e as Error).message.split("\n")[0]})`);
        }
      }),
    );
  }
  return { probes: probes.length, problems };
}

function corpusProbes(urls: string[], corpus: Body[]): Probe[] {
  return urls.flatMap((url) => [{ method: "GET" as const, url }, ...corpus.map((body) => ({ method: "POST" as const, url, body }))]);
}

const DOORS = { customer: "/login", vendor: "/vendor/login", admin: "/admin/login" } as const;

async function signedIn(
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
  baseURL: string,
  role: keyof typeof DOORS | "visitor",
): Promise<APIRequestContext> {
  // Browsers send Origin on every post; so do we (server/origin.ts accepts the shop's own).
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  if (role === "visitor") return request;
  const account: Account = role === "customer" ? DEMO.customer : role === "vendor" ? DEMO.vendor1 : DEMO.admin;
  const response = await request.post(DOORS[role], { form: { email: account.email, password: account.password }, maxRedirects: 0 });
  expect(response.status(), `signing in as ${role}`).toBe(302);
  return request;
}

function expectClean(result: Sweep) {
  expect(result.problems, `${result.problems.length} of ${result.probes} requests misbehaved:\n${result.problems.join("\n")}`).toEqual([]);
}

// Thousands of requests, 5 MB bodies among them: a trace would cost more than the sweep, and the failure lists each request.
test.use({ trace: "off" });

test.describe("hostile input", () => {
  test.describe.configure({ timeout: 120_000 });

  for (const role of ["visitor", "customer", "vendor", "admin"] as const) {
    test(`every route answers the malformed-body corpus with a 4xx, never a 500, as ${role}`, async ({ playwright, baseURL }) => {
      const request = await signedIn(playwright, baseURL!, role);
      const ids = await demoIds(request);
      const urls = sweptUrls(ids);
      expect(urls).toContain("/_.data?index");
      expect(urls).toContain(`/admin/users/${encodeURIComponent(ids.userId)}.data`);
      const probes = [...MALFORMED_ADDRESSES.map((url) => ({ method: "GET" as const, url })), ...corpusProbes(urls, CORPUS)];
      expectClean(await sweep(request, probes));
      await request.dispose();
    });
  }

  test("a body without any content type, and 5 MB bodies, are refused before they are read", async ({ playwright, baseURL }) => {
    const request = await signedIn(playwright, baseURL!, "visitor");
    const ids = await demoIds(request);
    const problems: string[] = [];
    // Playwright always names a content type; fetch sends none for raw bytes.
    const urls = sweptUrls(ids);
    for (const url of urls) {
      const response = await fetch(new URL(url, baseURL), { method: "POST", body: new TextEncoder().encode("email=sweep"), headers: { Origin: baseURL! }, redirect: "manual" });
      const text = await response.text();
      if (response.status !== 415) problems.push(`POST ${url} [no content type] → ${response.status}: expected 415 (${text.slice(0, 80)})`);
    }
    const oversize = await sweep(
      request,
      ["/login", "/login.data", "/contact", "/cart", "/cart.data", "/_.data?index", "/register"].map((url) => ({ method: "POST" as const, url, body: OVERSIZE })),
      2,
    );
    expectClean({ probes: urls.length + oversize.probes, problems: [...problems, ...oversize.problems] });
    await request.dispose();
  });

  for (const role of ["vendor", "admin"] as const) {
    test(`the ${role}'s product form still answers an oversized image with its own message`, async ({ playwright, baseURL }) => {
      const request = await signedIn(playwright, baseURL!, role);
      const ids = await demoIds(request);
      const base = role === "vendor" ? "/vendor/products" : "/admin/products";
      const editUrl = `${base}/${encodeURIComponent(role === "vendor" ? ids.vendorProductId : ids.productId)}/edit`;
      for (const url of [`${base}/new`, editUrl]) {
        // Just over the image limit (read and checked by the guard), and far over it (streamed on to the form).
        for (const size of [2.2 * 1024 * 1024, 5 * 1024 * 1024]) {
          const form = new FormData();
          form.append("name", "Sweep Oversized Image");
          form.append("price", "100");
          form.append("stock", "1");
          form.append("category", "Audio");
          form.append("image", new Blob([new Uint8Array(Math.round(size))], { type: "image/png" }), "big.png");
          const response = await request.post(url, { multipart: form, maxRedirects: 0 });
          expect(response.status(), `${url} with ${size} bytes`).toBe(400);
          expect(await response.text()).toContain(PRODUCT_MESSAGES.imageTooLarge);
        }
      }
      const result = await sweep(request, [editUrl, `${editUrl.replace("/edit", "/edit.data")}`].map((url) => ({ method: "POST" as const, url, body: OVERSIZE })), 2);
      expectClean(result);
      await request.dispose();
    });
  }
});
