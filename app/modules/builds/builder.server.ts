/**
 * What the builder's page shows (app/routes/build.tsx), read from its address alone (the page is
 * the same for everyone, docs/decisions/027-one-page-for-everyone.md): the build's parts with
 * their sellers, the rules' verdict on the whole (compatibility.ts, checkBuild), the lines an order
 * of them would have (the route prices them with GST as the cart does: orders.server.ts,
 * quoteCart, a tier above this one), and, when a slot is being chosen, that slot's list
 * (slot-list.server.ts).
 */
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { ProductSummary } from "~/modules/catalog/product";
import { checkBuild, type BuildCheck, type Slot } from "./compatibility";
import { loadBuild } from "./build.server";
import { partIdsFrom } from "./selection";
import { parseSlotQuery, sellersOf, slotList, type SlotList, type SlotQuery } from "./slot-list.server";

export interface BuilderPart {
  slot: Slot;
  product: ProductSummary;
  seller: string;
}

export interface BuilderPage {
  /** The build's parts in slot order. */
  parts: BuilderPart[];
  /** Ids in the address that name no part on sale. */
  missing: string[];
  check: BuildCheck;
  /** One line a product, a kit or drive chosen twice counted twice: what an order of the build holds. */
  lines: { productId: string; quantity: number }[];
  /** The slot being chosen, with its list; null while the page shows the build. */
  choosing: { query: SlotQuery; list: SlotList } | null;
}

export async function builderPage(db: Kysely<Database>, params: URLSearchParams): Promise<BuilderPage> {
  const { build, items, missing } = await loadBuild(db, partIdsFrom(params));
  const ids = items.map((i) => i.product.id);
  const quantities = new Map<string, number>();
  for (const id of ids) quantities.set(id, (quantities.get(id) ?? 0) + 1);
  const query = parseSlotQuery(params);
  const [sellers, list] = await Promise.all([sellersOf(db, ids), query ? slotList(db, build, query) : null]);
  return {
    parts: items.map(({ slot, product: { specifications: _figures, ...product } }) => ({ slot, product, seller: sellers.get(product.id) ?? "" })),
    missing,
    check: checkBuild(build),
    lines: [...quantities].map(([productId, quantity]) => ({ productId, quantity })),
    choosing: query && list ? { query, list } : null,
  };
}
