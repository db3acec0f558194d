// The sale's schedule, fixed before it starts: which request goes out at which millisecond, drawn
// from a seeded generator so that two checkouts get the very same requests; and the open loop that
// sends each one when it is due, whether or not the earlier ones were answered.
import { newIdempotencyKey } from "./requests.mjs";

/** The visitors' requests, by share (issue 46). */
export const MIX = [
  ["home", 0.2],
  ["products", 0.25],
  ["product", 0.25],
  ["visitor", 0.25],
  ["cart-add", 0.05],
];
export const PAGE_KINDS = MIX.map(([kind]) => kind);
/** The address step comes this long before its order is placed. */
const ADDRESS_STEP_LEAD_MS = 1_000;

/** mulberry32: small, fast and the same on every machine. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pickKind(r) {
  let sum = 0;
  for (const [kind, share] of MIX) {
    sum += share;
    if (r < sum) return kind;
  }
  return MIX.at(-1)[0];
}

/**
 * Every step of the sale, in time order: `rate` visitors' requests a second spread evenly, and
 * `ordersPerSecond` orders (each its address step, then the placing post a second later), all
 * within `seconds`. A visitor's request names the visitor and product by index.
 */
export function salePlan({ seconds, rate, ordersPerSecond, visitors, customers, products, seed }) {
  const random = seeded(seed);
  const steps = [];
  const end = seconds * 1000;
  for (let i = 0; i < Math.floor(rate * seconds); i++) {
    const kind = pickKind(random());
    const visitor = Math.floor(random() * visitors);
    const product = Math.floor(random() * products);
    // A page view of a product asks /visitor about that product; of the other pages, about none.
    const withProduct = random() < 0.25 / 0.7;
    steps.push({ at: (i * 1000) / rate, kind, visitor, product: kind === "visitor" && !withProduct ? null : product });
  }
  for (let j = 0; ordersPerSecond > 0; j++) {
    const at = ADDRESS_STEP_LEAD_MS + (j * 1000) / ordersPerSecond;
    if (at >= end) break;
    const order = { customer: j % customers, idempotencyKey: newIdempotencyKey(), index: j };
    steps.push({ at: at - ADDRESS_STEP_LEAD_MS, kind: "checkout", ...order });
    steps.push({ at, kind: "order", ...order });
  }
  return steps.sort((a, b) => a.at - b.at);
}

/** Sends each step at t0 + step.at (performance.now() time): fire(step) is called when it is due. Resolves when the last is sent. */
export function runOpenLoop(steps, t0, fire) {
  return new Promise((resolve) => {
    let next = 0;
    const tick = () => {
      const now = performance.now() - t0;
      while (next < steps.length && steps[next].at <= now) fire(steps[next++]);
      if (next >= steps.length) return resolve();
      setTimeout(tick, Math.max(0, steps[next].at - (performance.now() - t0)));
    };
    tick();
  });
}
