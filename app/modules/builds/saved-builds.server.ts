/**
 * Saved builds (migration 0027; docs/product-rules.md, "PC builds"): a build saved from the builder
 * keeps each part's name and price of that day, has an address anyone may open (`/builds/:id`),
 * and belongs to the customer who saved it, or to no one when saved signed out. Opening one reads
 * today's parts beside the saved ones and checks today's build.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { Refusal } from "~/lib/outcome";
import type { Paise } from "~/modules/money/money";
import { loadBuild, type BuildItem, type LoadedBuild } from "./build.server";
import { checkBuild, type BuildCheck, type Slot } from "./compatibility";
import { quoteSellers, SAVED_BUILD_MESSAGES, totalWithGst, type QuoteItem } from "./saved-build";

type Db = Kysely<Database>;

/** 128 random bits, URL-safe: an address nobody can guess or count through. */
export function newBuildId(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64url");
}

export type SaveBuildResult = { ok: true; id: string } | Refusal<"invalid">;

/**
 * Saves the parts the builder names, with their names and prices of today, under `name`. `id` is
 * for fixtures that need a known address (tests/support/page-budget.ts); the shop never passes one.
 */
export async function saveBuild(
  db: Db,
  input: { partIds: readonly string[]; name: string; userId: string | null; id?: string },
  now = new Date(),
): Promise<SaveBuildResult> {
  if (input.partIds.length === 0) return { ok: false, reason: "invalid", message: SAVED_BUILD_MESSAGES.empty };
  const { items, missing } = await loadBuild(db, input.partIds);
  if (missing.length > 0) return { ok: false, reason: "invalid", message: SAVED_BUILD_MESSAGES.unknownParts(missing.length) };
  if (items.length === 0) return { ok: false, reason: "invalid", message: SAVED_BUILD_MESSAGES.empty };
  const id = input.id ?? newBuildId();
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("builds").values({ id, user_id: input.userId, name: input.name, created_at: now.toISOString() }).execute();
    await trx
      .insertInto("build_parts")
      .values(items.map(({ product }, position) => ({ build_id: id, position, product_id: product.id, name: product.name, price_paise: product.pricePaise })))
      .execute();
  });
  return { ok: true, id };
}

/** Who sells a listed product, and the HSN code it is sold under (a quote prints both). */
export interface PartSeller {
  vendorId: string;
  sellerName: string;
  gstin: string | null;
  hsnCode: string | null;
}

async function partSellers(db: Db, productIds: readonly string[]): Promise<Map<string, PartSeller>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("products")
    .innerJoin("vendors", "vendors.id", "products.vendor_id")
    .select(["products.id", "products.vendor_id", "products.hsn_code", "vendors.name as vendor_name", "vendors.gstin"])
    .where("products.id", "in", ids)
    .execute();
  return new Map(rows.map((r) => [r.id, { vendorId: r.vendor_id, sellerName: r.vendor_name, gstin: r.gstin, hsnCode: r.hsn_code }]));
}

/** A saved part: as it was saved, and as it is sold today (null when it is no longer sold). */
export interface SavedPart {
  productId: string;
  name: string;
  savedPricePaise: Paise;
  today: { slot: Slot; name: string; pricePaise: Paise; stock: number; sellerName: string | null } | null;
}

export interface SavedBuild {
  id: string;
  name: string;
  createdAt: string;
  /** Whose it is; null when saved signed out. Never shown on the shared page. */
  userId: string | null;
  parts: SavedPart[];
  /** Today's build of the parts still sold, checked as the builder checks it. */
  check: BuildCheck;
  /** The ids of the parts still sold, in order: "Copy and edit", "Add build to cart" and the quote start from these. */
  partIdsToday: string[];
  totalThen: Paise;
  /** The parts still sold, at today's prices. */
  totalNow: Paise;
}

/** A saved build as its page shows it, or null when no build has that id. */
export async function savedBuild(db: Db, id: string): Promise<SavedBuild | null> {
  if (!id || id.length > 100) return null;
  const row = await db.selectFrom("builds").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const partRows = await db.selectFrom("build_parts").selectAll().where("build_id", "=", id).orderBy("position").execute();
  const productIds = partRows.map((p) => p.product_id);
  const [loaded, sellers] = await Promise.all([loadBuild(db, productIds), partSellers(db, productIds)]);
  const todayOf = new Map<string, BuildItem>(loaded.items.map((i) => [i.product.id, i]));
  const parts: SavedPart[] = partRows.map((p) => {
    const item = todayOf.get(p.product_id);
    return {
      productId: p.product_id,
      name: p.name,
      savedPricePaise: p.price_paise,
      today: item
        ? { slot: item.slot, name: item.product.name, pricePaise: item.product.pricePaise, stock: item.product.stock, sellerName: sellers.get(p.product_id)?.sellerName ?? null }
        : null,
    };
  });
  const vendorOf = (productId: string) => sellers.get(productId)?.vendorId ?? null;
  const stillSold = parts.filter((p) => p.today);
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at,
    userId: row.user_id,
    parts,
    check: checkBuild(loaded.build),
    partIdsToday: stillSold.map((p) => p.productId),
    totalThen: totalWithGst(parts.map((p) => ({ productId: p.productId, pricePaise: p.savedPricePaise, vendorId: vendorOf(p.productId) }))),
    totalNow: totalWithGst(stillSold.map((p) => ({ productId: p.productId, pricePaise: p.today!.pricePaise, vendorId: vendorOf(p.productId) }))),
  };
}

/** One of a customer's saved builds, as their list shows it. */
export interface SavedBuildSummary {
  id: string;
  name: string;
  createdAt: string;
  parts: { name: string; pricePaise: Paise }[];
  /** With GST, at the prices of the day it was saved. */
  totalThen: Paise;
}

/** A customer's saved builds, newest first. */
export async function savedBuildsOf(db: Db, userId: string): Promise<SavedBuildSummary[]> {
  const builds = await db.selectFrom("builds").select(["id", "name", "created_at"]).where("user_id", "=", userId).orderBy("created_at", "desc").orderBy("id").execute();
  if (builds.length === 0) return [];
  const parts = await db
    .selectFrom("build_parts")
    .leftJoin("products", "products.id", "build_parts.product_id")
    .select(["build_parts.build_id", "build_parts.product_id", "build_parts.name", "build_parts.price_paise", "products.vendor_id"])
    .where(
      "build_parts.build_id",
      "in",
      builds.map((b) => b.id),
    )
    .orderBy("build_parts.build_id")
    .orderBy("build_parts.position")
    .execute();
  return builds.map((b) => {
    const mine = parts.filter((p) => p.build_id === b.id);
    return {
      id: b.id,
      name: b.name,
      createdAt: b.created_at,
      parts: mine.map((p) => ({ name: p.name, pricePaise: p.price_paise })),
      totalThen: totalWithGst(mine.map((p) => ({ productId: p.product_id, pricePaise: p.price_paise, vendorId: p.vendor_id }))),
    };
  });
}

export type DeleteBuildResult = { ok: true; name: string } | Refusal<"not_found">;

/** Deletes a saved build of `userId`'s; anyone else's (or one saved signed out) looks like none. */
export async function deleteBuild(db: Db, userId: string, id: string): Promise<DeleteBuildResult> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("builds").select("name").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
    if (!row) return { ok: false, reason: "not_found", message: SAVED_BUILD_MESSAGES.notFound } as const;
    await trx.deleteFrom("build_parts").where("build_id", "=", id).execute();
    await trx.deleteFrom("builds").where("id", "=", id).where("user_id", "=", userId).execute();
    return { ok: true, name: row.name } as const;
  });
}

/** A quote of parts at today's prices, by seller; ids no longer sold are listed by count. */
export interface BuildQuote {
  sellers: ReturnType<typeof quoteSellers>;
  /** Today's parts, in the builder's order, as the cart's totals read them. */
  lines: { unitPrice: Paise; quantity: number; vendorId: string }[];
  missing: number;
  partIds: string[];
}

/** The quote of the parts `partIds` names, read today. */
export async function quoteOf(db: Db, partIds: readonly string[]): Promise<BuildQuote> {
  const loaded: LoadedBuild = await loadBuild(db, partIds);
  const sellers = await partSellers(
    db,
    loaded.items.map((i) => i.product.id),
  );
  const items: QuoteItem[] = loaded.items.flatMap(({ product }) => {
    const s = sellers.get(product.id);
    return s ? [{ productId: product.id, name: product.name, vendorId: s.vendorId, sellerName: s.sellerName, gstin: s.gstin, hsnCode: s.hsnCode, unitPrice: product.pricePaise }] : [];
  });
  return {
    sellers: quoteSellers(items),
    lines: items.map((i) => ({ unitPrice: i.unitPrice, quantity: 1, vendorId: i.vendorId })),
    missing: loaded.missing.length,
    partIds: items.map((i) => i.productId),
  };
}
