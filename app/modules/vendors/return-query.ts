import { RETURN_STATUSES, returnStatusLabel, type ReturnStatus } from "~/modules/returns/rules";
import { VENDOR_ORDERS_PAGE_SIZE } from "./order-query";

/** The vendor Returns list's query string: ?q=&status=&page= (pure, no I/O), as Manage Orders reads its own. */
export const VENDOR_RETURN_FILTERS: readonly { value: "all" | ReturnStatus; label: string }[] = [
  { value: "all", label: "All Returns" },
  ...RETURN_STATUSES.map((s) => ({ value: s, label: returnStatusLabel(s) })),
];

export type VendorReturnFilter = "all" | ReturnStatus;

export interface VendorReturnQuery {
  q: string;
  status: VendorReturnFilter;
  page: number;
}

/** One page size for the seller's lists. */
export const VENDOR_RETURNS_PAGE_SIZE = VENDOR_ORDERS_PAGE_SIZE;

export function parseVendorReturnQuery(params: URLSearchParams): VendorReturnQuery {
  const status = params.get("status") ?? "all";
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    status: VENDOR_RETURN_FILTERS.some((f) => f.value === status) ? (status as VendorReturnFilter) : "all",
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1,
  };
}

/** The query string for a change of the current query (defaults left out, page reset unless given). */
export function vendorReturnSearch(query: VendorReturnQuery, change: Partial<VendorReturnQuery>): string {
  const next = { ...query, page: 1, ...change };
  const p = new URLSearchParams();
  if (next.q) p.set("q", next.q);
  if (next.status !== "all") p.set("status", next.status);
  if (next.page > 1) p.set("page", String(next.page));
  const s = p.toString();
  return s ? `?${s}` : "?";
}

/**
 * What the search box's text is matched with: a LIKE pattern on the lower-cased return number,
 * order number, product name and customer name. LIKE wildcards typed by the seller are searched as
 * plain text by leaving them out; null when nothing is left.
 */
export function returnSearchPattern(q: string): string | null {
  const words = q.toLowerCase().replace(/[\\%_]/g, "").replace(/\s+/g, " ").trim();
  return words ? `%${words}%` : null;
}

/** A refund's state (payments' refunds table), as the seller reads it. */
const REFUND_STATUS_LABELS: Record<string, string> = {
  requested: "Requested",
  pending: "Pending with the payment gateway",
  processed: "Paid",
  failed: "Failed",
};

export function refundStatusLabel(status: string, method: string): string {
  if (status === "requested" && method === "manual") return "To be paid by bank transfer";
  return REFUND_STATUS_LABELS[status] ?? status;
}
