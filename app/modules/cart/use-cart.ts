import { useRouteLoaderData } from "react-router";
import type { ResolvedCart } from "./cart";

export const SHOP_LAYOUT_ID = "routes/_shop";

const emptyCart: ResolvedCart = { items: [], totalItems: 0, totalPricePaise: 0, notes: [], lines: [], changed: false };

/** The cart as the shop layout's loader resolved it against the catalogue. */
export function useCart(): ResolvedCart {
  const data = useRouteLoaderData(SHOP_LAYOUT_ID) as { cart?: ResolvedCart } | undefined;
  return data?.cart ?? emptyCart;
}
