/** What the shop remembers of a cart: product ids and quantities. Prices always come from the catalogue. */
export interface CartLine {
  productId: string;
  quantity: number;
}

export const MAX_CART_LINES = 50;
export const MAX_LINE_QUANTITY = 99;

/** A product id and a whole quantity, or null: the cart's one shape check (kept free of zod for the browser bundle). */
function readLine(productId: unknown, quantity: unknown): CartLine | null {
  if (typeof productId !== "string") return null;
  const id = productId.trim();
  if (id.length === 0 || id.length > 200) return null;
  const q = typeof quantity === "number" ? quantity : typeof quantity === "string" && quantity.trim() !== "" ? Number(quantity) : NaN;
  if (!Number.isInteger(q)) return null;
  return { productId: id, quantity: q };
}

function normalise(lines: CartLine[]): CartLine[] {
  const merged = new Map<string, number>();
  for (const line of lines) {
    if (!Number.isFinite(line.quantity) || line.quantity <= 0) continue;
    merged.set(line.productId, Math.min(MAX_LINE_QUANTITY, (merged.get(line.productId) ?? 0) + Math.floor(line.quantity)));
  }
  return [...merged].slice(0, MAX_CART_LINES).map(([productId, quantity]) => ({ productId, quantity }));
}

/** An existing product's quantity rises; a new product is appended (quantity 1 by default). */
export function addToCart(lines: CartLine[], productId: string, quantity = 1): CartLine[] {
  const q = Math.max(1, Math.floor(quantity));
  const existing = lines.find((l) => l.productId === productId);
  if (existing) return normalise(lines.map((l) => (l.productId === productId ? { ...l, quantity: l.quantity + q } : l)));
  if (lines.length >= MAX_CART_LINES) return lines;
  return normalise([...lines, { productId, quantity: q }]);
}

/** A quantity of 0 or below removes the item. */
export function updateCartQuantity(lines: CartLine[], productId: string, quantity: number): CartLine[] {
  if (!Number.isFinite(quantity) || quantity <= 0) return removeFromCart(lines, productId);
  return normalise(lines.map((l) => (l.productId === productId ? { ...l, quantity: Math.floor(quantity) } : l)));
}

export function removeFromCart(lines: CartLine[], productId: string): CartLine[] {
  return lines.filter((l) => l.productId !== productId);
}

export function clearCart(): CartLine[] {
  return [];
}

/**
 * Reads cart lines from anything (a cookie, a tampered local storage entry, a form post):
 * valid lines are kept, everything else is dropped, and the result is always a usable cart.
 * Accepts both our own `{productId, quantity}` lines and the stored `{product: {id}, quantity}` items.
 */
export function parseCartLines(input: unknown): CartLine[] {
  if (!Array.isArray(input)) return [];
  const lines: CartLine[] = [];
  for (const raw of input.slice(0, MAX_CART_LINES * 2)) {
    if (!raw || typeof raw !== "object") continue;
    const candidate = raw as Record<string, unknown>;
    const product = candidate.product as Record<string, unknown> | undefined;
    const productId = candidate.productId ?? (product && typeof product === "object" ? product.id : undefined);
    const line = readLine(productId, candidate.quantity);
    if (line) lines.push(line);
  }
  return normalise(lines);
}

export interface CartProduct {
  id: string;
  name: string;
  pricePaise: number;
  image: string;
  category: string;
  stock: number;
}

export interface CartItem {
  product: CartProduct;
  quantity: number;
}

export interface ResolvedCart {
  items: CartItem[];
  totalItems: number;
  totalPricePaise: number;
  /** What had to change since the cart was last saved, said plainly to the customer. */
  notes: string[];
  /** The lines as they now stand, to be saved back. */
  lines: CartLine[];
  changed: boolean;
}

/** Checks saved lines against the catalogue as it is now: gone or sold-out products leave, quantities fit the stock. */
export function resolveCart(lines: CartLine[], catalogue: ReadonlyMap<string, CartProduct>): ResolvedCart {
  const items: CartItem[] = [];
  const notes: string[] = [];
  for (const line of lines) {
    const product = catalogue.get(line.productId);
    if (!product) {
      notes.push("An item in your cart is no longer available and was removed.");
      continue;
    }
    if (product.stock <= 0) {
      notes.push(`“${product.name}” is out of stock and was removed from your cart.`);
      continue;
    }
    if (line.quantity > product.stock) {
      notes.push(`Only ${product.stock} of “${product.name}” left in stock, so we changed the quantity to ${product.stock}.`);
      items.push({ product, quantity: product.stock });
      continue;
    }
    items.push({ product, quantity: line.quantity });
  }
  return {
    items,
    ...cartTotals(items),
    notes,
    lines: items.map((i) => ({ productId: i.product.id, quantity: i.quantity })),
    changed: notes.length > 0,
  };
}

/** Total items and total price, as the cart page and header show them. */
export function cartTotals(items: readonly CartItem[]): { totalItems: number; totalPricePaise: number } {
  let totalItems = 0;
  let totalPricePaise = 0;
  for (const i of items) {
    totalItems += i.quantity;
    totalPricePaise += i.product.pricePaise * i.quantity;
  }
  return { totalItems, totalPricePaise };
}

/** The header badge shows 9+ above 9, so it stays one small circle. */
export function cartBadgeText(totalItems: number): string {
  return totalItems > 9 ? "9+" : String(totalItems);
}

/** The browser's copy under local storage key `cart` (docs/decisions/001): product (with id and price, in rupees) and quantity. */
export const CART_STORAGE_KEY = "cart";
export function toStoredCart(items: readonly CartItem[]) {
  return items.map((i) => ({
    product: {
      id: i.product.id,
      name: i.product.name,
      price: i.product.pricePaise / 100,
      image: i.product.image,
      category: i.product.category,
      stock: i.product.stock,
    },
    quantity: i.quantity,
  }));
}
