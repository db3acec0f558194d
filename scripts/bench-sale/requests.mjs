// What a visitor's browser and a customer's checkout send, one builder per kind, and the answer each
// kind expects. Posts are plain form posts, as the shop takes them before JavaScript loads (Add to
// Cart with its redirectTo; the checkout's steps as documents), with the Origin a browser sends.
import { randomUUID } from "node:crypto";

const PAGE_HEADERS = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br, zstd",
  "accept-language": "en-IN,en;q=0.9",
  "user-agent": "rc-bench-sale",
};

/** Where an order goes: a Delhi address that takes cash on delivery (tests/support/checkout.ts). */
const ADDRESS = {
  phone: "+91 98765 43210",
  addressLine1: "14, Janpath Lane",
  addressLine2: "Near Connaught Place",
  city: "New Delhi",
  state: "Delhi",
  postalCode: "110001",
};

/** A visitor of the crowd: the cookie of their own cart, and an address of RFC 2544's benchmarking range as theirs. */
export function visitorAddress(i) {
  return `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`;
}

function form(values) {
  return new URLSearchParams(values).toString();
}

function post(base, path, who, values) {
  return {
    method: "POST",
    path,
    headers: {
      ...PAGE_HEADERS,
      "content-type": "application/x-www-form-urlencoded",
      origin: base,
      "sec-fetch-site": "same-origin",
      cookie: who.cookie,
      "x-forwarded-for": who.ip,
    },
    body: form(values),
  };
}

function get(path, who, accept) {
  return { method: "GET", path, headers: { ...PAGE_HEADERS, ...(accept ? { accept } : {}), cookie: who.cookie, "x-forwarded-for": who.ip } };
}

/** The request of one planned step; `who` is { cookie, ip } (and `name` for a customer). */
export const REQUESTS = {
  home: (_base, who) => get("/", who),
  products: (_base, who) => get("/products", who),
  product: (_base, who, { product }) => get(`/products/${encodeURIComponent(product)}`, who),
  // Each page view asks it after load, with the product when it is a product's page.
  visitor: (_base, who, { product }) => get(product ? `/visitor?product=${encodeURIComponent(product)}` : "/visitor", who, "application/json"),
  "cart-add": (base, who, { product }) =>
    post(base, "/cart", who, { intent: "add", productId: product, quantity: "1", redirectTo: `/products/${product}` }),
  // The checkout's address step, a moment before the order is placed.
  checkout: (base, who) => post(base, "/checkout", who, { intent: "shipping", fullName: who.name, ...ADDRESS, business: "" }),
  order: (base, who, { idempotencyKey }) =>
    post(base, "/checkout", who, { intent: "place", fullName: who.name, ...ADDRESS, business: "", paymentMethod: "cod", idempotencyKey }),
  register: (base, who, { email, password }) =>
    post(base, "/register", who, { name: who.name, email, password, confirmPassword: password, terms: "on" }),
};

/** Whether an answer is the one the kind expects (anything else is counted as an error, by its status). */
export function answered(kind, answer) {
  if (answer.error) return false;
  if (kind === "cart-add" || kind === "register") return answer.status === 302;
  if (kind === "order") return answer.status === 302 && /^\/checkout\?placed=RC-\d+$/.test(answer.location ?? "");
  return answer.status === 200;
}

/** The order number an acknowledged placement names. */
export function orderNumberOf(answer) {
  return /placed=(RC-\d+)/.exec(answer.location ?? "")?.[1] ?? null;
}

export const newIdempotencyKey = () => randomUUID();
