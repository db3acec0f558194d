import type { Kysely } from "kysely";
import { createCookie } from "react-router";
import { z } from "zod";
import type { Database } from "~/db/schema";
import type { ProductCategory } from "~/modules/catalog/categories";
import { productsByIds, productsWithSpecifications } from "~/modules/catalog/products.server";
import type { ProductSummary } from "~/modules/catalog/product";
import {
  COMPARE_MESSAGES,
  MAX_COMPARE,
  addToComparison,
  cleanProductId,
  removeFromComparison,
  resolveCompareList,
  uniqueIds,
  type CompareChange,
  type CompareItem,
} from "./compare";
import { comparisonRows, type ComparisonRow } from "./comparison";

type Db = Kysely<Database>;

/**
 * The compare list travels in a cookie, like the cart (decision 001, 018): the server renders the
 * Compare buttons' state and the tray on the first response, and the buttons work without
 * JavaScript. It holds product ids only, and a one-time notice for a post that came back without
 * JavaScript (the shop says what happened on the page it returns to).
 */
export const compareCookie = createCookie("compare", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: process.env.NODE_ENV === "production" && process.env.COOKIE_SECURE !== "0" && process.env.BASE_URL?.startsWith("https://") === true,
  maxAge: 60 * 60 * 24 * 30,
});

export interface CompareState {
  ids: string[];
  notice: string | null;
}

const NOTICE_MAX = 300;

/**
 * Whatever the cookie holds, a usable list: valid ids in order, each once, at most a few more than
 * MAX_COMPARE (the catalogue decides which of them stay). Anything else is dropped, not an error.
 */
const cookieSchema = z
  .object({
    ids: z.array(z.unknown()).catch([]),
    notice: z.string().max(NOTICE_MAX).nullish().catch(null),
  })
  .catch({ ids: [], notice: null })
  .transform((v): CompareState => ({ ids: uniqueIds(v.ids.slice(0, MAX_COMPARE * 4)).slice(0, MAX_COMPARE * 2), notice: v.notice || null }));

export function parseCompareState(value: unknown): CompareState {
  return cookieSchema.parse(value);
}

export async function readCompareState(request: Request): Promise<CompareState> {
  try {
    return parseCompareState(await compareCookie.parse(request.headers.get("Cookie")));
  } catch {
    return { ids: [], notice: null };
  }
}

/** Whether the browser sent a compare cookie at all. */
export function hasCompareCookie(request: Request): boolean {
  return /(?:^|;\s*)compare=/.test(request.headers.get("Cookie") ?? "");
}

/** The Set-Cookie for a list; an empty list with nothing to say removes the cookie, so the visitor's pages may be shared again. */
export async function compareCookieHeader(state: CompareState): Promise<string> {
  if (state.ids.length === 0 && !state.notice) return compareCookie.serialize({ ids: [] }, { maxAge: 0 });
  return compareCookie.serialize(state.notice ? { ids: state.ids, notice: state.notice.slice(0, NOTICE_MAX) } : { ids: state.ids });
}

export interface CompareList {
  items: CompareItem[];
  category: ProductCategory | null;
  ids: string[];
  /** The saved ids no longer match what the catalogue allows: save `ids` back. */
  changed: boolean;
}

export async function loadCompareList(db: Db, ids: readonly string[]): Promise<CompareList> {
  const resolved = resolveCompareList(ids, await productsByIds(db, ids));
  return {
    items: resolved.products.map(({ id, name, image, category }) => ({ id, name, image, category })),
    category: resolved.products[0]?.category ?? null,
    ids: resolved.ids,
    changed: resolved.changed,
  };
}

const productId = z.string().transform((v, ctx) => cleanProductId(v) ?? (ctx.addIssue({ code: "custom", message: "No such product." }), z.NEVER));

export const compareActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), productId }),
  z.object({ intent: z.literal("remove"), productId }),
  z.object({ intent: z.literal("clear") }),
]);
export type CompareAction = z.infer<typeof compareActionSchema>;

/** Applies a change to the list as the catalogue has it now; the result's ids are what gets saved. */
export async function applyCompareAction(db: Db, ids: readonly string[], action: CompareAction): Promise<CompareChange> {
  if (action.intent === "clear") return { ok: true, ids: [], message: COMPARE_MESSAGES.cleared, restarted: false };
  const list = await loadCompareList(db, ids);
  if (action.intent === "remove") return removeFromComparison(list.items, action.productId);
  const product = list.items.find((p) => p.id === action.productId) ?? (await productsByIds(db, [action.productId])).get(action.productId);
  return addToComparison(list.items, product);
}

export interface Comparison {
  category: ProductCategory | null;
  products: ProductSummary[];
  rows: ComparisonRow[];
  /** What was left out of the address's list, said plainly. */
  notes: string[];
}

/**
 * The compare page: the address's products that the shop still sells, of the first one's category,
 * at most MAX_COMPARE, with their rows. Whatever was left out is said in `notes`.
 */
export async function loadComparison(db: Db, ids: readonly string[]): Promise<Comparison> {
  const catalogue = await productsWithSpecifications(db, ids);
  const found = ids.flatMap((id) => {
    const p = catalogue.get(id);
    return p ? [p] : [];
  });
  const notes: string[] = [];
  const missing = ids.length - found.length;
  if (missing > 0) notes.push(missing === 1 ? "1 product in this list is no longer available and was left out." : `${missing} products in this list are no longer available and were left out.`);
  const category = found[0]?.category ?? null;
  const sameCategory = found.filter((p) => p.category === category);
  const otherCategory = found.filter((p) => p.category !== category);
  if (otherCategory.length > 0) {
    const names = otherCategory.map((p) => `“${p.name}”`).join(", ");
    notes.push(`Only products of one category can be compared, so these ${category} products are shown and ${names} ${otherCategory.length === 1 ? "was" : "were"} left out.`);
  }
  if (sameCategory.length > MAX_COMPARE) notes.push(`You can compare up to ${MAX_COMPARE} products, so the first ${MAX_COMPARE} are shown.`);
  const shown = sameCategory.slice(0, MAX_COMPARE);
  return {
    category,
    products: shown.map(({ id, name, pricePaise, image, category, stock, featured, mrpPaise, rating }) => ({ id, name, pricePaise, image, category, stock, featured, mrpPaise, rating })),
    rows: category && shown.length > 0 ? comparisonRows(category, shown.map((p) => p.specifications)) : [],
    notes,
  };
}
