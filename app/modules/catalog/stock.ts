export const LOW_STOCK_BELOW = 5;
/** The product page's quantity stepper goes up to 10 when stock is unknown. */
export const UNKNOWN_STOCK_MAX_QUANTITY = 10;

/** "Out of Stock" at 0, otherwise "In Stock" with the number available. */
export function stockText(stock: number): string {
  return stock <= 0 ? "Out of Stock" : `In Stock (${stock} available)`;
}

export function maxOrderQuantity(stock: number | null | undefined): number {
  if (stock === null || stock === undefined || !Number.isFinite(stock)) return UNKNOWN_STOCK_MAX_QUANTITY;
  return Math.max(0, Math.floor(stock));
}

/** Keeps a requested quantity within 1..max; garbage becomes 1. */
export function clampQuantity(requested: unknown, max: number): number {
  const n = typeof requested === "number" ? requested : Number.parseInt(String(requested ?? ""), 10);
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(Math.floor(n), Math.max(1, max));
}
