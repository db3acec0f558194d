import type * as express from "express";
import type { Availability } from "~/db/availability.server";
import { isDatabaseUnavailable } from "~/db/errors.server";
import { logger } from "~/lib/logger.server";
import { sendNotNow, type NotNow } from "./busy-page";

/**
 * Load shedding (docs/decisions/030-outages-and-overload.md). Costly work (a render that missed
 * the page cache, a post, /visitor) is let in a few at a time; the others wait their turn in a
 * queue, first come first served, for a bounded time, and are then told "we're busy, try again in
 * a few seconds" at once, rather than every request waiting half a minute. The checkout's posts
 * wait longer and go first: those customers have money in hand. Cache hits and static files never
 * come here. While the database is away nothing waits: the answer is "back in a few seconds".
 */

/** A queue's two lanes: the checkout's posts, served first, and everything else. */
export type Lane = "checkout" | "page";

export interface Gate {
  /**
   * A place to work in, in turn: resolves with the way out (call it once, when done), or with
   * null when none came free within `waitMs` (below 0: its time was up before it came).
   */
  enter(lane: Lane, waitMs: number): Promise<(() => void) | null>;
  readonly working: number;
  readonly waiting: number;
}

interface Waiter {
  timer: ReturnType<typeof setTimeout> | undefined;
  admit: (leave: (() => void) | null) => void;
}

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): ReturnType<typeof setTimeout>;
  clearTimeout(timer: ReturnType<typeof setTimeout> | undefined): void;
}

const REAL_CLOCK: Clock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (timer) => clearTimeout(timer),
};

/**
 * At most `concurrency` at work; the rest wait in two FIFO lanes, the checkout's served first. A
 * page that could not have its turn in time, at the pace places have been coming free (a moving
 * average of how long each is held), is turned away at once instead of at its deadline: told
 * "busy" in a moment, not after a second's wait for nothing.
 */
export function createGate(concurrency: number, clock: Clock = REAL_CLOCK): Gate {
  let working = 0;
  /** How long a place is held, on average (0 until one has been). */
  let heldMs = 0;
  const lanes: Record<Lane, Waiter[]> = { checkout: [], page: [] };

  const place = () => {
    working++;
    const from = clock.now();
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const held = clock.now() - from;
      heldMs = heldMs === 0 ? held : heldMs * 0.8 + held * 0.2;
      working--;
      next();
    };
  };
  const next = () => {
    while (working < concurrency) {
      const waiter = lanes.checkout.shift() ?? lanes.page.shift();
      if (!waiter) return;
      clock.clearTimeout(waiter.timer);
      waiter.admit(place());
    }
  };

  return {
    enter(lane, wait) {
      // Its time is up already (it waited that long in front of the shop): whoever asked has most
      // likely given up or asked again, so its work would be for nobody.
      if (wait < 0) return Promise.resolve(null);
      const queued = lanes.checkout.length + lanes.page.length;
      if (working < concurrency && queued === 0) return Promise.resolve(place());
      if (wait === 0) return Promise.resolve(null);
      // A page that could not have its turn in time is told at once. The checkout's posts are never
      // turned away on a guess: they wait their whole turn (the cost of a post varies too much: in
      // a flash sale those that come after the stock has gone are refused in a moment).
      if (lane === "page" && ((queued + 1) * heldMs) / concurrency > wait) return Promise.resolve(null);
      return new Promise((admit) => {
        const waiter: Waiter = { timer: undefined, admit };
        waiter.timer = clock.setTimeout(() => {
          const queue = lanes[lane];
          const at = queue.indexOf(waiter);
          if (at >= 0) queue.splice(at, 1);
          admit(null);
        }, wait);
        lanes[lane].push(waiter);
      });
    },
    get working() {
      return working;
    },
    get waiting() {
      return lanes.checkout.length + lanes.page.length;
    },
  };
}

export interface AdmissionLimits {
  /** Costly requests worked at once by this process (ADMISSION_CONCURRENCY). */
  concurrency: number;
  /** How long a page or a post may wait for its turn before it is turned away (ADMISSION_PAGE_WAIT_MS). */
  pageWaitMs: number;
  /** How long the checkout's posts may wait (ADMISSION_CHECKOUT_WAIT_MS). */
  checkoutWaitMs: number;
}

/**
 * How long the request waited before it reached this process, from the `X-Request-Start` a proxy
 * in front may add (nginx: `proxy_set_header X-Request-Start "t=${msec}";`): seconds with
 * milliseconds, or whole milliseconds or microseconds since the epoch. 0 when absent or unreadable.
 */
export function waitedBeforeMs(header: string | undefined, nowMs = Date.now()): number {
  const m = header ? /^\s*(?:t=)?(\d+(?:\.\d+)?)\s*$/.exec(header) : null;
  if (!m) return 0;
  const value = Number(m[1]);
  const [whole] = m[1]!.split(".");
  const startedMs = m[1]!.includes(".") || whole!.length <= 10 ? value * 1000 : whole!.length >= 16 ? value / 1000 : value;
  const waited = nowMs - startedMs;
  // A clock behind ours reads as no wait; one implausibly far ahead of it, as none either.
  return waited > 0 && waited < 10 * 60_000 ? waited : 0;
}

/** Which lane a request waits in: the checkout's posts, or everything else. */
export function laneOf(req: express.Request): Lane {
  return req.method === "POST" && (req.path === "/checkout" || req.path === "/checkout.data") ? "checkout" : "page";
}

export interface Admission {
  /**
   * For server/request-handler.ts's `admit`: the way out, or null when it answered the request
   * itself. Refusing, it first lets `instead` answer with the page as it was, when there is one.
   */
  admit(req: express.Request, res: express.Response, instead?: () => boolean): Promise<(() => void) | null>;
  /** For the request handler's `failed`: an answer of 500 because the database went away becomes "back in a few seconds". */
  failed(req: express.Request, res: express.Response, status: number): boolean;
  /** The same, as Express middleware, for what is answered ahead of React Router (/visitor). */
  guard: express.RequestHandler;
  /** After `guard`'s route: its failure because the database went away answered as `failed` does. */
  guardFailed: express.ErrorRequestHandler;
  /**
   * For what must never be turned away for the crowd but cannot be answered without the database
   * (Razorpay's webhooks, which Razorpay sends again): "not now" while it is away, and nothing else.
   */
  whileAway: express.RequestHandler;
  readonly gate: Gate;
}

const ADMITTED_AT_DOWNS = "admittedAtDowns";

/** One log line a second at most while requests are turned away (each has its own request line, 503). */
function shedLog(gate: Gate, clock: Clock) {
  let since = -Infinity;
  const counts: Record<Lane, number> = { checkout: 0, page: 0 };
  return {
    count(lane: Lane) {
      counts[lane]++;
      const now = clock.now();
      if (now - since < 1_000) return;
      since = now;
      logger.warn({ turnedAway: { ...counts }, working: gate.working, waiting: gate.waiting }, "over capacity: requests turned away");
      counts.checkout = 0;
      counts.page = 0;
    },
  };
}

export function createAdmission({ limits, availability, clock = REAL_CLOCK }: { limits: AdmissionLimits; availability: Availability; clock?: Clock }): Admission {
  const gate = createGate(limits.concurrency, clock);
  const shed = shedLog(gate, clock);
  const refuse = (req: express.Request, res: express.Response, why: NotNow, instead?: () => boolean) => {
    if (!instead?.()) sendNotNow(req, res, why);
    return null;
  };

  const admit: Admission["admit"] = async (req, res, instead) => {
    if (!availability.up) return refuse(req, res, "away", instead);
    const lane = laneOf(req);
    const bound = lane === "checkout" ? limits.checkoutWaitMs : limits.pageWaitMs;
    const leave = await gate.enter(lane, bound - waitedBeforeMs(req.get("x-request-start")));
    if (!leave) {
      shed.count(lane);
      return refuse(req, res, "busy", instead);
    }
    // Every request already read from the network meets the gate before any of them is worked:
    // on SQLite a render never waits for I/O, so one taken straight on would run to its end before
    // the next request is even read, and the queue would never be seen (docs/decisions/030).
    await new Promise((resolve) => setImmediate(resolve));
    // The database may have gone while this one waited its turn.
    if (!availability.up) {
      leave();
      return refuse(req, res, "away", instead);
    }
    res.locals[ADMITTED_AT_DOWNS] = availability.downs;
    return leave;
  };

  /** Whether the database went away since this request was let in (or is away now). */
  const wentAway = (res: express.Response) => !availability.up || availability.downs !== (res.locals[ADMITTED_AT_DOWNS] ?? availability.downs);

  const failed: Admission["failed"] = (req, res, status) => {
    if (status < 500 || res.headersSent || !wentAway(res)) return false;
    // Nothing was being changed by a read: it is simply away. A post may or may not have been done.
    sendNotNow(req, res, req.method === "GET" || req.method === "HEAD" ? "away" : "unconfirmed");
    return true;
  };

  return {
    gate,
    admit,
    failed,
    async guard(req, res, next) {
      const leave = await admit(req, res);
      if (!leave) return;
      res.once("close", leave);
      next();
    },
    whileAway(req, res, next) {
      if (!availability.up) {
        sendNotNow(req, res, "away");
        return;
      }
      res.locals[ADMITTED_AT_DOWNS] = availability.downs;
      next();
    },
    guardFailed(error, req, res, next) {
      if (res.headersSent || !(wentAway(res) || isDatabaseUnavailable(error))) {
        next(error);
        return;
      }
      logger.warn({ err: { message: (error as Error | undefined)?.message }, method: req.method, path: req.path }, "request failed: database unreachable");
      sendNotNow(req, res, req.method === "GET" || req.method === "HEAD" ? "away" : "unconfirmed");
    },
  };
}
