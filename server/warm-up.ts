import http, { type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";

/** At most this many product pages are warmed: those the home page and the catalogue's first page link to. */
const MAX_LINKED_PAGES = 40;
const PRODUCT_LINK = /href="(\/products\/[^"?#]+)"/g;
const CATEGORY_LINK = /href="(\/products\?category=[^"#]+)"/g;
/** How the warm-up's requests name themselves: the request log keeps them quiet (server/request-log.ts). */
export const WARM_UP_AGENT = "rc-computers-warm-up";

export interface WarmUpResult {
  pages: number;
  ms: number;
  failed: string[];
}

/**
 * Renders the pages a new instance will be asked for most, before it takes its first request
 * (server.js listens only after this): the home page, the catalogue, each category the home page
 * links to and the product pages the home page and the catalogue's first page link to, each asked
 * twice, so that the page cache holds them with their brotli and gzip copies made, and the code and
 * the database's statements that render them are warm. A cold instance otherwise answered its
 * first seconds of a sale's traffic in seconds (docs/decisions/029-a-write-costs-what-it-changes.md).
 *
 * The pages are asked for through `listener` on a loopback port of its own, with the host and
 * scheme of BASE_URL, which is the address visitors' requests carry: the cache keys pages by it.
 * A page that fails is reported, not retried; the instance starts anyway.
 */
export async function warmUp(listener: RequestListener, baseUrl: string): Promise<WarmUpResult> {
  const started = performance.now();
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const base = new URL(baseUrl);
  const failed: string[] = [];
  let pages = 0;
  const ask = async (path: string): Promise<string> => {
    let html = "";
    for (let i = 0; i < 2; i++) {
      const answer = await get(port, path, base);
      if (answer.status !== 200) {
        failed.push(`${path} (${answer.status})`);
        return "";
      }
      html = answer.body;
    }
    pages++;
    return html;
  };
  try {
    const front = [await ask("/"), await ask("/products")].join("");
    const categories = unique(front, CATEGORY_LINK);
    const products = unique(front, PRODUCT_LINK).slice(0, MAX_LINKED_PAGES);
    for (const path of [...categories, ...products]) await ask(path);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  return { pages, ms: Math.round(performance.now() - started), failed };
}

function unique(html: string, pattern: RegExp): string[] {
  return [...new Set([...html.matchAll(pattern)].map((m) => m[1]!.replaceAll("&amp;", "&")))];
}

/** A GET as a browser behind the shop's balancer sends it: BASE_URL's host and scheme, brotli taken. */
function get(port: number, path: string, base: URL): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: "127.0.0.1",
        port,
        path,
        headers: {
          host: base.host,
          "x-forwarded-host": base.host,
          "x-forwarded-proto": base.protocol.replace(":", ""),
          // Plain bytes: the page's own copies are compressed in the background once it is asked for again.
          "accept-encoding": "identity",
          "user-agent": WARM_UP_AGENT,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
  });
}
