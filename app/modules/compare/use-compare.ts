import { useRouteLoaderData } from "react-router";
import { SHOP_LAYOUT_ID } from "~/modules/cart/use-cart";
import type { CompareItem } from "./compare";

/** Every Compare control shares one fetcher, so the tray can say what the last change did. */
export const COMPARE_FETCHER_KEY = "compare";

export interface CompareView {
  items: CompareItem[];
  ids: string[];
  /** A no-JavaScript post's outcome, shown once. */
  notice: string | null;
}

const empty: CompareView = { items: [], ids: [], notice: null };

/** The compare list as the shop layout's loader resolved it against the catalogue. */
export function useCompareList(): CompareView {
  const data = useRouteLoaderData(SHOP_LAYOUT_ID) as { compare?: CompareView } | undefined;
  return data?.compare ?? empty;
}
