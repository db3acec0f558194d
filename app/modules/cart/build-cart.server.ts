/**
 * A PC build into the cart in one step ("Add build to cart", docs/product-rules.md "PC builds"),
 * and the cart's own check that its PC parts fit together. The build's parts are read as the
 * builder reads them (builds/build.server.ts, loadBuild) and go in through the cart's own rules
 * (cart.ts, addToCart), so quantities merge with what the cart holds and its limits hold.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { loadBuild, type BuildItem } from "~/modules/builds/build.server";
import { cartFits, checkBuild, slotOf, type Slot, type BuildPart, type Verdict } from "~/modules/builds/compatibility";
import { productsInOrder, productsWithSpecifications } from "~/modules/catalog/products.server";
import { MAX_CART_LINES, MAX_LINE_QUANTITY, addToCart, type CartLine } from "./cart";

export type AddBuildResult =
  | { ok: true; lines: CartLine[]; message: string }
  /** Nothing added: each problem names a part and what is to be had. */
  | { ok: false; reason: "unavailable"; message: string; problems: string[] }
  /** The build has errors (compatibility.ts): added only when posted again with the confirmation. */
  | { ok: false; reason: "unconfirmed"; message: string; problems: Verdict[] };

const quoted = (name: string) => `“${name}”`;

/** How many of each product the build takes, in the builder's order (a kit chosen twice is 2). */
function needed(items: readonly BuildItem[]): { product: BuildItem["product"]; quantity: number }[] {
  const counts = new Map<string, { product: BuildItem["product"]; quantity: number }>();
  for (const { product } of items) {
    const entry = counts.get(product.id);
    if (entry) entry.quantity += 1;
    else counts.set(product.id, { product, quantity: 1 });
  }
  return [...counts.values()];
}

/** What the stock says of one part: null when the build's quantity can be had on top of the cart's. */
function stockProblem(name: string, stock: number, quantity: number, inCart: number): string | null {
  if (stock <= 0) return `${quoted(name)} is out of stock.`;
  if (quantity + inCart <= stock) return null;
  const wants = `The build needs ${quantity} of ${quoted(name)}`;
  if (inCart === 0) return `${wants}; only ${stock} ${stock === 1 ? "is" : "are"} left.`;
  const room = Math.max(0, stock - inCart);
  return `${wants}; ${stock} ${stock === 1 ? "is" : "are"} left and your cart already holds ${inCart}, so ${room === 0 ? "none" : `only ${room}`} can be added.`;
}

/**
 * Adds every part of a build to the cart, or nothing: each part must be sold and in stock for the
 * build's quantity on top of what the cart already holds, and the cart must have room. A build
 * with an error (checkBuild) goes in only when `confirmed`.
 */
export async function addBuildToCart(
  db: Kysely<Database>,
  current: CartLine[],
  partIds: readonly string[],
  { confirmed }: { confirmed: boolean },
): Promise<AddBuildResult> {
  const { build, items, missing } = await loadBuild(db, partIds);
  if (items.length === 0 && missing.length === 0) {
    return { ok: false, reason: "unavailable", message: "This build has no parts yet. Choose its parts in the builder first.", problems: [] };
  }

  const problems: string[] = [];
  const unlisted = new Map((await productsInOrder(db, [...new Set(missing)])).map((p) => [p.id, p.name]));
  for (const id of new Set(missing)) {
    const name = unlisted.get(id);
    problems.push(name ? `${quoted(name)} is no longer sold.` : `A part of this build (${id}) is no longer sold.`);
  }
  const wanted = needed(items);
  for (const { product, quantity } of wanted) {
    const problem = stockProblem(product.name, product.stock, quantity, current.find((l) => l.productId === product.id)?.quantity ?? 0);
    if (problem) problems.push(problem);
  }
  const newLines = wanted.filter(({ product }) => !current.some((l) => l.productId === product.id)).length;
  if (current.length + newLines > MAX_CART_LINES) {
    problems.push(`Your cart holds up to ${MAX_CART_LINES} different products; with this build it would hold ${current.length + newLines}. Remove some first.`);
  }
  for (const { product, quantity } of wanted) {
    const total = quantity + (current.find((l) => l.productId === product.id)?.quantity ?? 0);
    if (total > MAX_LINE_QUANTITY) problems.push(`Your cart holds up to ${MAX_LINE_QUANTITY} of one product; with this build it would hold ${total} of ${quoted(product.name)}.`);
  }
  if (problems.length > 0) {
    return { ok: false, reason: "unavailable", message: "This build could not be added to your cart. Nothing was added.", problems };
  }

  const errors = checkBuild(build).verdicts.filter((v) => v.severity === "error");
  if (errors.length > 0 && !confirmed) {
    return {
      ok: false,
      reason: "unconfirmed",
      message: errors.length === 1 ? "This build has a problem. Add it anyway?" : `This build has ${errors.length} problems. Add it anyway?`,
      problems: errors,
    };
  }

  const lines = wanted.reduce((cart, { product, quantity }) => addToCart(cart, product.id, quantity), current);
  const count = wanted.reduce((sum, w) => sum + w.quantity, 0);
  return { ok: true, lines, message: `Added the build's ${count === 1 ? "part" : `${count} parts`} to your cart.` };
}

/**
 * The cart's "These parts don't fit together": its PC parts checked pair by pair (cartFits), each
 * problem once. A cart with no two PC parts has none.
 */
export async function cartPartProblems(db: Kysely<Database>, lines: readonly CartLine[]): Promise<Verdict[]> {
  const products = await productsWithSpecifications(
    db,
    lines.map((l) => l.productId),
  );
  const parts: { part: BuildPart; slot: Slot }[] = [];
  for (const line of lines) {
    const product = products.get(line.productId);
    const slot = product ? slotOf(product) : null;
    if (product && slot) parts.push({ part: { id: product.id, name: product.name, specifications: product.specifications }, slot });
  }
  return parts.length < 2 ? [] : cartFits(parts).problems;
}
