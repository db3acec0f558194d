/** The vendor order list's query string: ?q=&status=&sort=date|amount&dir=asc|desc&page= (pure, no I/O). */
export const VENDOR_ORDER_FILTERS = [
  { value: "all", label: "All Orders" },
  { value: "pending", label: "Pending" },
  { value: "processing", label: "Processing" },
  { value: "shipped", label: "Shipped" },
  { value: "delivered", label: "Delivered" },
] as const;

export type VendorOrderFilter = (typeof VENDOR_ORDER_FILTERS)[number]["value"];
export type VendorOrderSort = "date" | "amount";
export type SortDirection = "asc" | "desc";

export interface VendorOrderQuery {
  q: string;
  status: VendorOrderFilter;
  sort: VendorOrderSort;
  dir: SortDirection;
  page: number;
}

export const VENDOR_ORDERS_PAGE_SIZE = 20;

export function parseVendorOrderQuery(params: URLSearchParams): VendorOrderQuery {
  const status = params.get("status") ?? "all";
  const sort = params.get("sort") === "amount" ? "amount" : "date";
  const dir = params.get("dir") === "asc" ? "asc" : "desc";
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    status: VENDOR_ORDER_FILTERS.some((f) => f.value === status) ? (status as VendorOrderFilter) : "all",
    sort,
    dir,
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1,
  };
}

/** The query string for a change of the current query (defaults left out, page reset unless given). */
export function vendorOrderSearch(query: VendorOrderQuery, change: Partial<VendorOrderQuery> & { expand?: string; ship?: string }): string {
  const next = { ...query, page: 1, ...change };
  const p = new URLSearchParams();
  if (next.q) p.set("q", next.q);
  if (next.status !== "all") p.set("status", next.status);
  if (next.sort !== "date") p.set("sort", next.sort);
  if (next.dir !== "desc") p.set("dir", next.dir);
  if (next.page > 1) p.set("page", String(next.page));
  if (change.expand) p.set("expand", change.expand);
  if (change.ship) p.set("ship", change.ship);
  const s = p.toString();
  return s ? `?${s}` : "?";
}

/** Clicking a sort header: the same column flips its direction; a new column starts descending. */
export function toggleSort(query: VendorOrderQuery, column: VendorOrderSort): Pick<VendorOrderQuery, "sort" | "dir"> {
  if (query.sort === column) return { sort: column, dir: query.dir === "asc" ? "desc" : "asc" };
  return { sort: column, dir: "desc" };
}
