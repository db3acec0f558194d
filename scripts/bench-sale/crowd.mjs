// The sale's people, made through the shop itself before the clock starts: visitors, each with a
// cart cookie the shop set when they added a product to their cart, and customers, each registered
// (signed in by it) with one product in a cart of their own, who place the orders.
import { send, cookiePairs } from "./http.mjs";
import { REQUESTS, answered, visitorAddress } from "./requests.mjs";

const SETUP_TIMEOUT_MS = 30_000;
/** Requests at once while setting up: enough to be quick, few enough not to matter. */
const SETUP_CONCURRENCY = 16;

async function inParallel(count, work) {
  const out = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: SETUP_CONCURRENCY }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await work(i);
      }
    }),
  );
  return out;
}

/** Posts a step during setup and fails the bench when the shop does not answer as expected. */
async function setupStep(base, kind, who, args) {
  const answer = await send(base, REQUESTS[kind](base, who, args), SETUP_TIMEOUT_MS);
  if (!answered(kind, answer)) throw new Error(`setting up: ${kind} answered ${answer.error ?? answer.status}`);
  return answer;
}

/** Replaces (or adds) cookies in a Cookie header by name. */
export function withCookies(cookie, pairs) {
  const jar = new Map(
    cookie
      .split("; ")
      .filter(Boolean)
      .map((c) => [c.split("=")[0], c]),
  );
  for (const pair of pairs) jar.set(pair.split("=")[0], pair);
  return [...jar.values()].join("; ");
}

/** `count` visitors, visitor i adding products[pick(i)] to a cart of their own. */
export async function visitorsWithCarts(base, count, productOf) {
  return inParallel(count, async (i) => {
    const who = { cookie: "", ip: visitorAddress(i) };
    const answer = await setupStep(base, "cart-add", who, { product: productOf(i) });
    const cart = cookiePairs(answer.cookies).find((c) => c.startsWith("cart="));
    if (!cart) throw new Error("setting up: adding to the cart set no cart cookie");
    return { ...who, cookie: cart };
  });
}

/** `count` customers, registered now, customer i with orderProducts[i % n] in the cart. */
export async function customersWithCarts(base, count, orderProducts, runId) {
  return inParallel(count, async (i) => {
    const who = { cookie: "", ip: visitorAddress(60_000 + i), name: `Sale Customer ${i + 1}` };
    const registered = await setupStep(base, "register", who, { email: `sale-${runId}-${i + 1}@example.in`, password: "Sale@12345" });
    who.cookie = withCookies("", cookiePairs(registered.cookies));
    if (!/session_token=/.test(who.cookie)) throw new Error("setting up: registering set no session cookie");
    const product = orderProducts[i % orderProducts.length];
    const added = await setupStep(base, "cart-add", who, { product });
    who.cookie = withCookies(who.cookie, cookiePairs(added.cookies));
    return { ...who, product };
  });
}
