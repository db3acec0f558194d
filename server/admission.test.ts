import type { AddressInfo } from "node:net";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { Availability } from "~/db/availability.server";
import { CHECKOUT_MESSAGES } from "~/modules/orders/checkout";
import { createAdmission, createGate, laneOf, waitedBeforeMs, type Clock } from "./admission";
import { bodyGuard } from "./body-guard";

/** A clock the test moves by hand: timers fire only when it is advanced past them. */
function fakeClock(): Clock & { advance(ms: number): void; pending(): number } {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => now,
    setTimeout(fn, ms) {
      const id = nextId++;
      timers.set(id, { at: now + ms, fn });
      return id as unknown as ReturnType<typeof setTimeout>;
    },
    clearTimeout(timer) {
      timers.delete(timer as unknown as number);
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = [...timers].filter(([, t]) => t.at <= until).sort(([, a], [, b]) => a.at - b.at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
      }
      now = until;
    },
    pending: () => timers.size,
  };
}

/** A page's text as a reader sees it: the entities the page escapes, decoded. */
async function readable(response: Response): Promise<string> {
  const entities: Record<string, string> = { "&#39;": "'", "&quot;": '"', "&lt;": "<", "&gt;": ">", "&amp;": "&" };
  return (await response.text()).replace(/&#39;|&quot;|&lt;|&gt;|&amp;/g, (e) => entities[e]!);
}

/** Lets resolved promises run their callbacks. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("the gate", () => {
  it("lets `concurrency` in at once and the next in line when one leaves", async () => {
    const clock = fakeClock();
    const gate = createGate(2, clock);
    const first = await gate.enter("page", 1_000);
    const second = await gate.enter("page", 1_000);
    expect(first).toBeTypeOf("function");
    expect(second).toBeTypeOf("function");
    let third: (() => void) | null | undefined;
    void gate.enter("page", 1_000).then((leave) => (third = leave));
    await settle();
    expect(third).toBeUndefined();
    expect(gate).toMatchObject({ working: 2, waiting: 1 });
    first!();
    await settle();
    expect(third).toBeTypeOf("function");
    expect(gate).toMatchObject({ working: 2, waiting: 0 });
    // Leaving twice frees one place only.
    first!();
    expect(gate.working).toBe(2);
    second!();
    third!();
    expect(gate.working).toBe(0);
  });

  it("turns a request away when no place comes free before its deadline, and forgets it", async () => {
    const clock = fakeClock();
    const gate = createGate(1, clock);
    const busy = await gate.enter("page", 1_000);
    let waited: (() => void) | null | undefined;
    void gate.enter("page", 300).then((leave) => (waited = leave));
    clock.advance(299);
    await settle();
    expect(waited).toBeUndefined();
    clock.advance(1);
    await settle();
    expect(waited).toBeNull();
    expect(gate.waiting).toBe(0);
    // The place it would have had goes to nobody; the next comer has it.
    busy!();
    expect(gate.working).toBe(0);
    expect(await gate.enter("page", 0)).toBeTypeOf("function");
  });

  it("turns away at once a request whose time is already up, even with a place free (it waited that long in front of the shop)", async () => {
    const clock = fakeClock();
    const gate = createGate(2, clock);
    expect(await gate.enter("page", -1)).toBeNull();
    expect(await gate.enter("checkout", -5)).toBeNull();
    expect(gate).toMatchObject({ working: 0, waiting: 0 });
    // Not waiting at all (a wait of 0), it is worked if a place is free, and turned away if not.
    expect(await gate.enter("page", 0)).toBeTypeOf("function");
    await gate.enter("page", 0);
    expect(await gate.enter("page", 0)).toBeNull();
    expect(clock.pending()).toBe(0);
  });

  it("turns away at once a page that could not have its turn in time at the pace places come free; never a checkout's post", async () => {
    const clock = fakeClock();
    const gate = createGate(2, clock);
    // Places have been held 400 ms each.
    for (let i = 0; i < 3; i++) {
      const leave = await gate.enter("page", 0);
      clock.advance(400);
      leave!();
    }
    const a = await gate.enter("page", 0);
    const b = await gate.enter("page", 0);
    // Two at work: the first in line has its turn in about 200 ms, the second in 400, the third in 600.
    const first = gate.enter("page", 300);
    const second = gate.enter("page", 500);
    expect(gate.waiting).toBe(2);
    expect(await gate.enter("page", 500)).toBeNull();
    expect(gate.waiting).toBe(2);
    // A checkout's post is not turned away on the estimate: it waits its turn, and is served first.
    const placing = gate.enter("checkout", 300);
    expect(gate.waiting).toBe(3);
    a!();
    expect(await placing).toBeTypeOf("function");
    b!();
    expect(await first).toBeTypeOf("function");
    expect(gate.waiting).toBe(1);
    clock.advance(500);
    expect(await second).toBeNull();
  });

  it("serves each lane in arrival order", async () => {
    const clock = fakeClock();
    const gate = createGate(1, clock);
    let leave = await gate.enter("page", 0);
    const admitted: string[] = [];
    const waiting = ["page 1", "page 2", "page 3"].map((name) =>
      gate.enter("page", 10_000).then((l) => {
        admitted.push(name);
        return l;
      }),
    );
    for (const next of waiting) {
      leave!();
      leave = await next;
    }
    leave!();
    expect(admitted).toEqual(["page 1", "page 2", "page 3"]);
  });

  it("lets a place freed go to the checkout waiting behind earlier pages", async () => {
    const clock = fakeClock();
    const gate = createGate(1, clock);
    const first = await gate.enter("page", 0);
    const admitted: string[] = [];
    const track = (name: string, p: Promise<(() => void) | null>) => p.then((leave) => (admitted.push(name), leave));
    const page = track("page", gate.enter("page", 10_000));
    const checkout = track("checkout", gate.enter("checkout", 10_000));
    first!();
    (await checkout)!();
    (await page)!();
    expect(admitted).toEqual(["checkout", "page"]);
    expect(gate).toMatchObject({ working: 0, waiting: 0 });
  });
});

describe("X-Request-Start", () => {
  const now = 1_733_600_000_000;
  it("reads nginx's seconds with milliseconds, and milliseconds or microseconds since the epoch", () => {
    expect(waitedBeforeMs(`t=${(now - 250) / 1000}`, now)).toBeCloseTo(250, 0);
    expect(waitedBeforeMs(`t=${now - 400}`, now)).toBe(400);
    expect(waitedBeforeMs(`${(now - 30) * 1000}`, now)).toBeCloseTo(30, 0);
    expect(waitedBeforeMs(`t=${Math.floor((now - 2_000) / 1000)}`, now)).toBe(2_000);
  });

  it("is no wait when absent, unreadable, in the future or implausibly old", () => {
    expect(waitedBeforeMs(undefined, now)).toBe(0);
    expect(waitedBeforeMs("soon", now)).toBe(0);
    expect(waitedBeforeMs(`t=${(now + 5_000) / 1000}`, now)).toBe(0);
    expect(waitedBeforeMs(`t=${(now - 3_600_000) / 1000}`, now)).toBe(0);
  });
});

/** An availability the test sets by hand. */
function manualAvailability(): Availability & { set(up: boolean): void } {
  let up = true;
  let downs = 0;
  return {
    get up() {
      return up;
    },
    get downs() {
      return downs;
    },
    set(value) {
      if (up && !value) downs++;
      up = value;
    },
    failed: () => {},
    onChange: () => () => {},
    stop: () => {},
  };
}

const servers: { close(): void }[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/**
 * The admission in front of a route that holds each request until the test lets it go, behind
 * the body guard as in server/app.ts (it reads the checkout's form).
 */
async function serve(limits: { concurrency: number; pageWaitMs: number; checkoutWaitMs: number }) {
  const clock = fakeClock();
  const availability = manualAvailability();
  const admission = createAdmission({ limits, availability, clock });
  const held: (() => void)[] = [];
  const app = express();
  app.use(bodyGuard({ routes: {} } as unknown as ServerBuild));
  const work: express.RequestHandler = (_req, res) => {
    held.push(() => res.type("text/plain").send("worked"));
  };
  // A route whose query failed because the database went away (the database layer marks it down).
  const failing: express.RequestHandler = () => {
    availability.set(false);
    throw Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
  };
  app.get("/fails", admission.guard, failing, admission.guardFailed);
  app.use(admission.guard, work, admission.guardFailed);
  const server = app.listen(0);
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  /** Waits until the server has taken `n` requests in hand. */
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
    expect(check()).toBe(true);
  };
  return { base, clock, availability, admission, held, until };
}

describe("admission", () => {
  it("answers a page turned away with 503, Retry-After and a page in the shop's words", async () => {
    const s = await serve({ concurrency: 1, pageWaitMs: 0, checkoutWaitMs: 0 });
    const first = fetch(`${s.base}/products?q=ssd`);
    await s.until(() => s.held.length === 1);
    const turned = await fetch(`${s.base}/products?q=hdd`, { headers: { accept: "text/html" } });
    expect(turned.status).toBe(503);
    expect(turned.headers.get("retry-after")).toBe("3");
    expect(turned.headers.get("cache-control")).toBe("no-store");
    const page = await readable(turned);
    expect(page).toContain("We're busy right now");
    expect(page).toContain("Please try again in a few seconds");
    expect(page).toContain('href="/products?q=hdd"');
    expect(page).not.toMatch(/<script|<link/);
    s.held[0]!();
    expect((await first).status).toBe(200);
  });

  it("answers /visitor and React Router's data requests in JSON", async () => {
    const s = await serve({ concurrency: 1, pageWaitMs: 0, checkoutWaitMs: 0 });
    const first = fetch(`${s.base}/cart`);
    await s.until(() => s.held.length === 1);
    for (const path of ["/visitor", "/products.data"]) {
      const r = await fetch(`${s.base}${path}`);
      expect(r.status, path).toBe(503);
      expect(await r.json(), path).toEqual({ error: "busy", message: "More people are shopping with us this moment than we can serve at once. Nothing you did was lost. Please try again in a few seconds.", retryAfterSeconds: 3 });
    }
    s.held[0]!();
    await first;
  });

  it("lets a page wait its turn for the time allowed, then turns it away", async () => {
    const s = await serve({ concurrency: 1, pageWaitMs: 1_000, checkoutWaitMs: 5_000 });
    const first = fetch(`${s.base}/a`);
    await s.until(() => s.held.length === 1);
    const second = fetch(`${s.base}/b`);
    await s.until(() => s.admission.gate.waiting === 1);
    s.clock.advance(999);
    await new Promise((r) => setTimeout(r, 20));
    expect(s.admission.gate.waiting).toBe(1);
    s.clock.advance(1);
    expect((await second).status).toBe(503);
    s.held[0]!();
    await first;
  });

  it("counts the time a request waited in front of the shop (X-Request-Start) against its turn", async () => {
    const s = await serve({ concurrency: 1, pageWaitMs: 1_000, checkoutWaitMs: 5_000 });
    const started = (msAgo: number) => ({ "x-request-start": `t=${(Date.now() - msAgo) / 1000}` });
    // Waited 1.5 s in front: its second is up, though a place is free.
    expect((await fetch(`${s.base}/a`, { headers: started(1_500) })).status).toBe(503);
    expect(s.held).toHaveLength(0);
    // Waited 0.5 s: a place is free, it is worked.
    const first = fetch(`${s.base}/a`, { headers: started(500) });
    await s.until(() => s.held.length === 1);
    // Waited 0.2 s, and the place is taken: it waits the 0.8 s left, not the whole second.
    const second = fetch(`${s.base}/b`, { headers: started(200) });
    await s.until(() => s.admission.gate.waiting === 1);
    s.clock.advance(790);
    await new Promise((r) => setTimeout(r, 20));
    expect(s.admission.gate.waiting).toBe(1);
    s.clock.advance(20);
    expect((await second).status).toBe(503);
    // The checkout's posts may wait longer: 1.5 s in front is within their 5.
    const placing = fetch(`${s.base}/checkout`, { method: "POST", body: new URLSearchParams({ intent: "place" }), headers: started(1_500) });
    await s.until(() => s.admission.gate.waiting === 1);
    s.held[0]!();
    await s.until(() => s.held.length === 2);
    s.held[1]!();
    expect((await placing).status).toBe(200);
    expect((await first).status).toBe(200);
  });

  it("tells a customer whose Place Order was turned away that nothing was placed, and lets the form be sent again as it was", async () => {
    const s = await serve({ concurrency: 1, pageWaitMs: 0, checkoutWaitMs: 0 });
    const first = fetch(`${s.base}/a`);
    await s.until(() => s.held.length === 1);
    const form = { intent: "place", fullName: 'Asha "A" <Rao>', paymentMethod: "cod", idempotencyKey: "6f1c7f3e-6d0e-4c55-9d63-3f5c2b1f0a11" };
    const turned = await fetch(`${s.base}/checkout`, { method: "POST", body: new URLSearchParams(form), headers: { accept: "text/html" } });
    expect(turned.status).toBe(503);
    const page = await turned.text();
    expect(page).toContain("Your order was not placed");
    expect(page).toContain(CHECKOUT_MESSAGES.busyNotPlaced.replaceAll("'", "&#39;"));
    expect(page).toContain('<form method="post" action="/checkout"');
    expect(page).toContain('<input type="hidden" name="idempotencyKey" value="6f1c7f3e-6d0e-4c55-9d63-3f5c2b1f0a11">');
    expect(page).toContain('value="Asha &quot;A&quot; &lt;Rao&gt;"');
    expect(page).toContain("Place Order again");
    expect(page).toContain('href="/checkout"');
    // The same post from the page's script gets the words in JSON, for the checkout page to show.
    const data = await fetch(`${s.base}/checkout.data`, { method: "POST", body: new URLSearchParams(form) });
    expect(data.status).toBe(503);
    expect(await data.json()).toMatchObject({ error: "busy", message: CHECKOUT_MESSAGES.busyNotPlaced });
    s.held[0]!();
    await first;
  });

  it("serves the checkout's posts before pages that waited longer, and lets them wait longer", async () => {
    const s = await serve({ concurrency: 1, pageWaitMs: 1_000, checkoutWaitMs: 5_000 });
    const first = fetch(`${s.base}/a`);
    await s.until(() => s.held.length === 1);
    const page = fetch(`${s.base}/b`);
    await s.until(() => s.admission.gate.waiting === 1);
    const placing = fetch(`${s.base}/checkout`, { method: "POST", body: new URLSearchParams({ intent: "place" }) });
    await s.until(() => s.admission.gate.waiting === 2);
    s.held[0]!();
    await s.until(() => s.held.length === 2);
    // The checkout's post is the one at work; the page goes on waiting, and past its second is turned away.
    s.clock.advance(1_000);
    expect((await page).status).toBe(503);
    s.held[1]!();
    expect(await (await placing).text()).toBe("worked");
    expect(await (await first).text()).toBe("worked");
  });

  it("while the database is away, turns everything away at once with 'back in a few seconds', and lets in again once it is back", async () => {
    const s = await serve({ concurrency: 4, pageWaitMs: 1_000, checkoutWaitMs: 5_000 });
    s.availability.set(false);
    const page = await fetch(`${s.base}/products`, { headers: { accept: "text/html" } });
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("5");
    expect(await readable(page)).toContain("We'll be right back");
    const placing = await fetch(`${s.base}/checkout.data`, { method: "POST", body: new URLSearchParams({ intent: "place" }) });
    expect(await placing.json()).toMatchObject({ error: "unavailable", message: CHECKOUT_MESSAGES.awayNotPlaced });
    expect(s.held).toHaveLength(0);
    s.availability.set(true);
    const again = fetch(`${s.base}/products`);
    await s.until(() => s.held.length === 1);
    s.held[0]!();
    expect((await again).status).toBe(200);
  });

  it("answers a request that failed because the database went away as 'back in a few seconds', not 500", async () => {
    const s = await serve({ concurrency: 4, pageWaitMs: 1_000, checkoutWaitMs: 5_000 });
    const req = { method: "GET", path: "/products", accepts: () => "html", get: () => undefined, originalUrl: "/products" } as unknown as express.Request;
    const locals: Record<string, unknown> = {};
    const res = { locals, headersSent: false } as unknown as express.Response;
    // Let in while it was up; a 500 then is the route's own failure.
    s.availability.set(true);
    locals.admittedAtDowns = s.availability.downs;
    expect(s.admission.failed(req, res, 500)).toBe(false);
    // The database went away (and may even be back already): the 500 was its doing.
    s.availability.set(false);
    s.availability.set(true);
    let status = 0;
    Object.assign(res, {
      status(code: number) {
        status = code;
        return res;
      },
      set: () => res,
      type: () => res,
      send: () => res,
    });
    expect(s.admission.failed(req, res, 500)).toBe(true);
    expect(status).toBe(503);
    // Through Express, for what is answered ahead of React Router (/visitor): a 503 in the shop's words.
    const r = await fetch(`${s.base}/fails`, { headers: { accept: "application/json" } });
    expect(r.status).toBe(503);
    expect(r.headers.get("retry-after")).toBe("5");
    expect(await r.json()).toMatchObject({ error: "unavailable" });
  });
});

describe("laneOf", () => {
  it("puts the checkout's posts in their own lane, everything else in the pages'", () => {
    const req = (method: string, path: string) => ({ method, path }) as express.Request;
    expect(laneOf(req("POST", "/checkout"))).toBe("checkout");
    expect(laneOf(req("POST", "/checkout.data"))).toBe("checkout");
    expect(laneOf(req("GET", "/checkout"))).toBe("page");
    expect(laneOf(req("POST", "/cart"))).toBe("page");
  });
});
