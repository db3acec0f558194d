/**
 * The compare list: up to 4 products of one category, remembered as product ids (decision 018).
 * Pure rules, free of zod and of the specification schema, so the browser may import them.
 */
import type { Refusal } from "~/lib/outcome";
import type { ProductCategory } from "~/modules/catalog/categories";

/** How many products are compared side by side. */
export const MAX_COMPARE = 4;
/** Ids longer than this are no product of ours (the catalogue's own limit). */
export const MAX_PRODUCT_ID_LENGTH = 200;

export const COMPARE_MESSAGES = {
  limit: `You can compare up to ${MAX_COMPARE} products. Remove one to add another.`,
  unavailable: "This product is no longer available.",
  cleared: "Your compare list is empty.",
  added: (name: string) => `Added “${name}” to compare.`,
  already: (name: string) => `“${name}” is already in your compare list.`,
  removed: (name: string) => `Removed “${name}” from compare.`,
  removedAny: "Removed from compare.",
  restarted: (name: string, category: string, previous: string) =>
    `Started a new comparison of ${category} products with “${name}”: only products of one category can be compared, so your ${previous} list was replaced.`,
} as const;

/** What the compare list needs to know of a product. */
export interface CompareProduct {
  id: string;
  name: string;
  category: ProductCategory;
}

/** What the tray and the Compare buttons show of a listed product. */
export interface CompareItem extends CompareProduct {
  image: string;
}

export type CompareChange =
  | { ok: true; ids: string[]; message: string; restarted: boolean }
  | (Refusal<"not_found" | "conflict"> & { ids: string[] });

/** An id as posted or stored: trimmed, non-empty, not absurdly long; anything else is no id. */
export function cleanProductId(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const id = value.trim();
  return id.length > 0 && id.length <= MAX_PRODUCT_ID_LENGTH ? id : null;
}

/** Valid ids in order, each once. */
export function uniqueIds(values: readonly unknown[]): string[] {
  const out: string[] = [];
  for (const v of values) {
    const id = cleanProductId(v);
    if (id !== null && !out.includes(id)) out.push(id);
  }
  return out;
}

/**
 * The saved list checked against the catalogue as it is now: products that left the shop go,
 * only the first product's category stays (a product may have changed category since), and
 * never more than MAX_COMPARE. `changed` says the saved ids should be written back.
 */
export function resolveCompareList<P extends CompareProduct>(ids: readonly string[], catalogue: ReadonlyMap<string, P>): { products: P[]; ids: string[]; changed: boolean } {
  const products: P[] = [];
  for (const id of uniqueIds(ids)) {
    const product = catalogue.get(id);
    if (!product) continue;
    if (products.length > 0 && product.category !== products[0]!.category) continue;
    if (products.length >= MAX_COMPARE) break;
    products.push(product);
  }
  const kept = products.map((p) => p.id);
  return { products, ids: kept, changed: kept.length !== ids.length || kept.some((id, i) => id !== ids[i]) };
}

/**
 * Adding a product to the (resolved) list. Another category starts a new comparison with the
 * product and says so; a fifth product is refused.
 */
export function addToComparison(list: readonly CompareProduct[], product: CompareProduct | null | undefined): CompareChange {
  const ids = list.map((p) => p.id);
  if (!product) return { ok: false, reason: "not_found", message: COMPARE_MESSAGES.unavailable, ids };
  if (ids.includes(product.id)) return { ok: true, ids, message: COMPARE_MESSAGES.already(product.name), restarted: false };
  const current = list[0]?.category;
  if (current !== undefined && current !== product.category) {
    return { ok: true, ids: [product.id], message: COMPARE_MESSAGES.restarted(product.name, product.category, current), restarted: true };
  }
  if (list.length >= MAX_COMPARE) return { ok: false, reason: "conflict", message: COMPARE_MESSAGES.limit, ids };
  return { ok: true, ids: [...ids, product.id], message: COMPARE_MESSAGES.added(product.name), restarted: false };
}

export function removeFromComparison(list: readonly CompareProduct[], productId: string): CompareChange & { ok: true } {
  const removed = list.find((p) => p.id === productId);
  const ids = list.filter((p) => p.id !== productId).map((p) => p.id);
  return { ok: true, ids, message: removed ? COMPARE_MESSAGES.removed(removed.name) : COMPARE_MESSAGES.removedAny, restarted: false };
}

/** The products listed in a compare page's address, `ids=a,b,c`, each once. */
export function idsFromParam(param: string | null | undefined, limit = 20): string[] {
  if (!param) return [];
  return uniqueIds(param.split(",")).slice(0, limit);
}

/** The compare page of these products: a shareable address. */
export function compareHref(ids: readonly string[]): string {
  return ids.length === 0 ? "/compare" : `/compare?ids=${ids.map(encodeURIComponent).join(",")}`;
}
