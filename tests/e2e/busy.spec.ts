import net from "node:net";
import { expect, test, type Page, type Route } from "@playwright/test";
import { CHECKOUT_MESSAGES } from "~/modules/orders/checkout";
import {
  DELHI_ADDRESS,
  ROUTINE,
  addToCart,
  choosePayment,
  expectConfirmation,
  expectCurrentStep,
  openCheckout,
  paymentSection,
  placeOrderButton,
  postedFields,
  recordCheckoutPosts,
  registerShopper,
  shipTo,
  storedOrdersOf,
  fillShipping,
  stepSection,
} from "../support/checkout";
import { TestResources } from "../support/shop-process";

/**
 * Over capacity, the shop says so (issue 46, part 4; docs/decisions/030-outages-and-overload.md):
 * a request that cannot have its turn in time is answered at once with 503, Retry-After and "we're
 * busy" in the shop's words, and a Place Order turned away tells the customer plainly that nothing
 * was placed or charged, with JavaScript and without, and can be pressed again safely.
 *
 * A proxy in front says when a request reached it (`X-Request-Start`), and time spent waiting there
 * counts against the request's turn (server/admission.ts). These tests send a request that has
 * waited 20 s in front of the shop, longer than any turn lasts: the shop on its default limits
 * turns exactly that one away, and nothing else of the run is disturbed.
 */

/** A request that reached the proxy in front of the shop 20 s ago. */
const WAITED_IN_FRONT = () => ({ "x-request-start": `t=${((Date.now() - 20_000) / 1000).toFixed(3)}` });

/** Sends the checkout's Place Order posts (document or data) as if they had waited in front of the shop. */
async function placeOrderArrivesLate(page: Page): Promise<void> {
  await page.route(/\/checkout(\.data)?(\?|$)/, async (route: Route) => {
    const request = route.request();
    const placing = request.method() === "POST" && postedFields(request).some(([k, v]) => k === "intent" && v === "place");
    await route.continue(placing ? { headers: { ...request.headers(), ...WAITED_IN_FRONT() } } : {});
  });
}

function placingKeys(posts: ReturnType<typeof recordCheckoutPosts>): string[] {
  return posts.filter((r) => postedFields(r).some(([k, v]) => k === "intent" && v === "place")).map((r) => postedFields(r).find(([k]) => k === "idempotencyKey")?.[1] ?? "");
}

test.describe("over capacity: Place Order turned away", () => {
  test("the checkout page says the order was not placed; pressing Place Order again places it once", async ({ page }) => {
    const { email } = await registerShopper(page);
    await addToCart(page, ROUTINE.keyboard, 1);
    await openCheckout(page);
    await shipTo(page, DELHI_ADDRESS);
    await choosePayment(page, "Cash on Delivery");
    const posts = recordCheckoutPosts(page);

    await placeOrderArrivesLate(page);
    await placeOrderButton(page).click();
    await expect(paymentSection(page).getByRole("alert")).toHaveText(CHECKOUT_MESSAGES.busyNotPlaced);
    await expectCurrentStep(page, "Payment");
    await expect(paymentSection(page).getByRole("radio", { name: "Cash on Delivery" })).toBeChecked();
    expect(storedOrdersOf(email)).toEqual([]);

    await page.unrouteAll();
    await placeOrderButton(page).click();
    const number = await expectConfirmation(page);
    expect(storedOrdersOf(email).map((o) => o.number)).toEqual([number]);
    // The same idempotency key both times: pressed again, it can only ever be one order.
    const keys = placingKeys(posts);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  test("without JavaScript: a page says the order was not placed, and Place Order again sends the same order once", async ({ page, browser, baseURL }) => {
    const { email } = await registerShopper(page);
    await addToCart(page, ROUTINE.keyboard, 1);
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL, storageState: await page.context().storageState() });
    try {
      const noJs = await context.newPage();
      const posts = recordCheckoutPosts(noJs);
      await noJs.goto("/checkout");
      await fillShipping(noJs, DELHI_ADDRESS);
      await stepSection(noJs, "Shipping").getByRole("button", { name: "Continue to Payment" }).click();
      await expectCurrentStep(noJs, "Payment");
      await paymentSection(noJs).getByRole("radio", { name: "Cash on Delivery" }).check();

      await placeOrderArrivesLate(noJs);
      const turnedAway = noJs.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/checkout");
      await placeOrderButton(noJs).click();
      const answer = await turnedAway;
      expect(answer.status()).toBe(503);
      expect(answer.headers()["retry-after"]).toBe("3");
      await expect(noJs.getByRole("heading", { level: 1, name: "Your order was not placed" })).toBeVisible();
      await expect(noJs.getByText(CHECKOUT_MESSAGES.busyNotPlaced)).toBeVisible();
      await expect(noJs.getByRole("link", { name: "Back to checkout" })).toHaveAttribute("href", "/checkout");
      expect(storedOrdersOf(email)).toEqual([]);

      await noJs.unrouteAll();
      await noJs.getByRole("button", { name: "Place Order again" }).click();
      const number = await expectConfirmation(noJs);
      expect(storedOrdersOf(email).map((o) => o.number)).toEqual([number]);
      const keys = placingKeys(posts);
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
    } finally {
      await context.close();
    }
  });
});

test.describe("over capacity: pages", () => {
  test("a page that would be rendered is turned away with 503, Retry-After and 'we're busy'; pages kept, files and health checks never wait", async ({ baseURL }) => {
    const late = { headers: WAITED_IN_FRONT(), redirect: "manual" as const };
    const uncached = `/products?q=busy-${Date.now()}`;
    const turned = await fetch(new URL(uncached, baseURL), { ...late, headers: { ...late.headers, accept: "text/html" } });
    expect(turned.status).toBe(503);
    expect(turned.headers.get("retry-after")).toBe("3");
    expect(turned.headers.get("cache-control")).toBe("no-store");
    const html = (await turned.text()).replaceAll("&#39;", "'");
    expect(html).toContain("<h1");
    expect(html).toContain("We're busy right now");
    expect(html).toContain("Please try again in a few seconds");
    expect(html).toContain(`href="${uncached}"`);

    // What a page's script asks gets JSON.
    const visitor = await fetch(new URL("/visitor", baseURL), late);
    expect(visitor.status).toBe(503);
    expect(await visitor.json()).toMatchObject({ error: "busy", retryAfterSeconds: 3 });

    // A page kept in the page cache is served whatever the crowd; so are built files and /healthz.
    expect((await fetch(new URL("/terms", baseURL))).status).toBe(200);
    expect((await fetch(new URL("/terms", baseURL), late)).status).toBe(200);
    expect((await fetch(new URL("/favicon.svg", baseURL), late)).status).toBe(200);
    expect((await fetch(new URL("/healthz", baseURL), late)).status).toBe(200);
    // Asked again without the wait, the page is rendered.
    expect((await fetch(new URL(uncached, baseURL))).status).toBe(200);
  });
});

test.describe("over capacity: a crowd", () => {
  const resources = new TestResources();
  test.afterEach(() => resources.cleanUp());

  test("more requests at once than the shop works at once: the rest are told at once that it is busy, and nobody hangs", async () => {
    test.setTimeout(120_000);
    // One request worked at a time and none waiting: a crowd of twenty is more than that.
    const shop = await resources.shop(resources.dir("busy"), { ADMISSION_CONCURRENCY: "1", ADMISSION_PAGE_WAIT_MS: "0" });
    const answers = await crowd(shop.url, Array.from({ length: 20 }, (_, i) => `/products?q=crowd-${i}`));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s !== 200 && s !== 503), "only pages or 'busy'").toEqual([]);
    expect(statuses.filter((s) => s === 200).length, "some are worked").toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 503).length, `some are turned away: ${statuses.join(" ")}`).toBeGreaterThan(0);
    for (const a of answers.filter((x) => x.status === 503)) {
      expect(a.headers["retry-after"]).toBe("3");
      expect(a.body.replaceAll("&#39;", "'")).toContain("We're busy right now");
    }
    // Once the crowd has gone, the shop answers as ever.
    expect((await fetch(`${shop.url}/products?q=after-the-crowd`)).status).toBe(200);
  });
});

/**
 * A crowd arriving at one moment: a connection each, each first answered once (/healthz) so the
 * shop has them all in hand, then every request written in one go, so that the shop has them all
 * at once whatever else keeps this machine busy. Each answer is read whole (the shop closes each
 * connection after it).
 */
async function crowd(base: string, paths: string[]): Promise<{ status: number; headers: Record<string, string>; body: string }[]> {
  const { hostname, port } = new URL(base);
  const request = (path: string, connection: string) => `GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: text/html\r\nConnection: ${connection}\r\n\r\n`;
  const sockets = await Promise.all(
    paths.map(
      () =>
        new Promise<{ socket: net.Socket; received: () => string; answered: Promise<void> }>((resolve, reject) => {
          let text = "";
          let first!: () => void;
          const answered = new Promise<void>((r) => (first = r));
          const socket = net.connect(Number(port), hostname, () => {
            socket.write(request("/healthz", "keep-alive"));
            resolve({ socket, received: () => text, answered });
          });
          socket.on("data", (chunk: Buffer) => {
            text += chunk.toString("utf8");
            if (text.includes("\r\n\r\nok")) first();
          });
          socket.once("error", reject);
          socket.setTimeout(30_000, () => socket.destroy(new Error("no answer within 30 s")));
        }),
    ),
  );
  await Promise.all(sockets.map((s) => s.answered));
  const ended = sockets.map(({ socket, received }) => new Promise<string>((resolve) => socket.once("end", () => resolve(received()))));
  paths.forEach((path, i) => sockets[i]!.socket.write(request(path, "close")));
  return (await Promise.all(ended)).map((raw) => {
    const answer = raw.slice(raw.indexOf("\r\n\r\nok") + "\r\n\r\nok".length);
    const [head = "", ...rest] = answer.split("\r\n\r\n");
    const [statusLine = "", ...lines] = head.split("\r\n");
    const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]));
    return { status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n") };
  });
}
