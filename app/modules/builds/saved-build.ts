/**
 * Saving a build and its printable quote (docs/product-rules.md, "PC builds"): the name a build is
 * saved under, the messages of a refused save, and the quote's lines grouped by seller with each
 * seller's GST as its tax invoice would charge it (`gstOn` on the seller's taxable value, as
 * orders/totals.ts `orderTotals` does). Pure: server and browser alike.
 */
import { formatShortDate } from "~/lib/dates";
import { gstOn } from "~/modules/gst/gst";
import type { Paise } from "~/modules/money/money";

export const BUILD_NAME_FIELD = "name";
export const BUILD_NAME_MAX = 80;

export const SAVED_BUILD_MESSAGES = {
  nameTooLong: `Keep the build's name to ${BUILD_NAME_MAX} characters.`,
  nameInvalid: "Use letters, numbers and punctuation in the build's name, on one line.",
  empty: "Choose at least one part before saving the build.",
  unknownParts: (count: number) =>
    count === 1
      ? "One part of this build is no longer sold. Go back to the builder, choose another and save again."
      : `${count} parts of this build are no longer sold. Go back to the builder, choose others and save again.`,
  notFound: "This saved build does not exist, or it was deleted.",
  deleted: (name: string) => `Deleted “${name}”.`,
} as const;

/** The name a build is saved under when none is given: "PC build, 29 Nov 2026" (India's date). */
export function defaultBuildName(at: Date): string {
  return `PC build, ${formatShortDate(at.toISOString())}`;
}

/** A part of a quote: one product, at its price before GST, as many as the build names it. */
export interface QuoteItem {
  productId: string;
  name: string;
  vendorId: string;
  sellerName: string;
  gstin: string | null;
  hsnCode: string | null;
  unitPrice: Paise;
}

export interface QuoteLine extends QuoteItem {
  quantity: number;
  lineTotal: Paise;
}

/** A seller's part of the quote, laid out as its tax invoice would be. */
export interface QuoteSeller {
  vendorId: string;
  sellerName: string;
  gstin: string | null;
  lines: QuoteLine[];
  taxable: Paise;
  gst: Paise;
  total: Paise;
}

/** The quote of a build's parts, by seller: a part named twice (two memory kits) is one line of two. */
export function quoteSellers(items: readonly QuoteItem[]): QuoteSeller[] {
  const sellers = new Map<string, QuoteSeller>();
  for (const item of items) {
    let seller = sellers.get(item.vendorId);
    if (!seller) {
      seller = { vendorId: item.vendorId, sellerName: item.sellerName, gstin: item.gstin, lines: [], taxable: 0, gst: 0, total: 0 };
      sellers.set(item.vendorId, seller);
    }
    const line = seller.lines.find((l) => l.productId === item.productId);
    if (line) {
      line.quantity += 1;
      line.lineTotal += item.unitPrice;
    } else seller.lines.push({ ...item, quantity: 1, lineTotal: item.unitPrice });
    seller.taxable += item.unitPrice;
  }
  for (const seller of sellers.values()) {
    seller.gst = gstOn(seller.taxable);
    seller.total = seller.taxable + seller.gst;
  }
  return [...sellers.values()];
}

/** A build's total with GST, shipping left to checkout: each seller's GST on its parts, as an order charges it. */
export function totalWithGst(parts: readonly { productId: string; pricePaise: Paise; vendorId: string | null }[]): Paise {
  const items = parts.map((p) => ({ productId: p.productId, name: "", vendorId: p.vendorId ?? "", sellerName: "", gstin: null, hsnCode: null, unitPrice: p.pricePaise }));
  return quoteSellers(items).reduce((sum, s) => sum + s.total, 0);
}
