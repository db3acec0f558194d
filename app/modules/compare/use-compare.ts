import type { CompareItem } from "./compare";

/** Every Compare control shares one fetcher, so the tray can say what the last change did. */
export const COMPARE_FETCHER_KEY = "compare";

export interface CompareView {
  items: CompareItem[];
  ids: string[];
  /** A no-JavaScript post's outcome, shown once. */
  notice: string | null;
}
