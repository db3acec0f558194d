import type { FormReply } from "~/lib/form";
import type { CompareItem } from "./compare";

/** Every Compare control shares one fetcher, so the tray can say what the last change did. */
export const COMPARE_FETCHER_KEY = "compare";

export interface CompareView {
  items: CompareItem[];
  ids: string[];
  /** A no-JavaScript post's outcome, shown once. */
  notice: string | null;
}

/**
 * The compare action's answer to a fetcher: on success it carries the list as it now is, so the
 * page shows it at once rather than the list it knew before until the visitor's answer comes again.
 */
export type CompareReply = FormReply & { compare?: Pick<CompareView, "items" | "ids"> };
