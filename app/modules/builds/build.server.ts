/**
 * A build's parts read from the catalogue: the builder, a saved build, the quote and "Add build to
 * cart" all start here, from the part ids of an address or a form (selection.ts). Only listed
 * products count; an id that names none (deleted, archived, a seller suspended) is reported, never
 * silently dropped.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { productsWithSpecifications } from "~/modules/catalog/products.server";
import type { ProductSummary } from "~/modules/catalog/product";
import type { Specifications } from "~/modules/catalog/specifications";
import { type Build, type Slot, SLOTS, slotOf, withPart } from "./compatibility";

export interface BuildItem {
  slot: Slot;
  product: ProductSummary & { specifications: Specifications };
}

export interface LoadedBuild {
  /** What the rules read (compatibility.ts). */
  build: Build;
  /** The parts in the builder's slot order, a kit or drive chosen twice listed twice. */
  items: BuildItem[];
  /** Ids that name no listed product, or a product that is no PC part: the page says so. */
  missing: string[];
}

export async function loadBuild(db: Kysely<Database>, partIds: readonly string[]): Promise<LoadedBuild> {
  const products = await productsWithSpecifications(db, partIds);
  const items: BuildItem[] = [];
  const missing: string[] = [];
  for (const id of partIds) {
    const product = products.get(id);
    const slot = product ? slotOf(product) : null;
    if (!product || !slot) missing.push(id);
    else {
      // A slot that takes one part keeps the last one named: the builder's "Change" replaces it.
      if (slot !== "memory" && slot !== "storage") items.splice(0, items.length, ...items.filter((i) => i.slot !== slot));
      items.push({ slot, product });
    }
  }
  items.sort((a, b) => SLOTS.indexOf(a.slot) - SLOTS.indexOf(b.slot));
  const build = items.reduce<Build>(
    (b, { slot, product }) => withPart(b, slot, { id: product.id, name: product.name, specifications: product.specifications }),
    {},
  );
  return { build, items, missing };
}
