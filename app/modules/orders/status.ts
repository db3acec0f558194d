/** Order statuses as stored (lower case) and shown (first letter capitalised); docs/product-rules.md, "Orders". */
export const ORDER_STATUSES = ["pending", "processing", "shipped", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** Badge colours: delivered green, shipped blue, processing yellow, anything else grey. */
export function statusTone(status: string): "green" | "blue" | "yellow" | "grey" {
  switch (status) {
    case "delivered":
      return "green";
    case "shipped":
      return "blue";
    case "processing":
      return "yellow";
    default:
      return "grey";
  }
}

/** A customer may cancel an order only while every seller's part of it is still pending. */
export function customerMayCancel(partStatuses: readonly string[]): boolean {
  return partStatuses.length > 0 && partStatuses.every((s) => s === "pending");
}

/** The fulfilment steps a vendor's part goes through, in order. */
export const FULFILMENT_STEPS = ["pending", "processing", "shipped", "delivered"] as const;
export type FulfilmentStep = (typeof FULFILMENT_STEPS)[number];

export function isOrderStatus(s: string): s is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(s);
}

function rank(status: string): number {
  return (FULFILMENT_STEPS as readonly string[]).indexOf(status);
}

/** The step after this one, or null when delivered, cancelled or unknown. */
export function nextStep(status: string): FulfilmentStep | null {
  const r = rank(status);
  return r >= 0 && r < FULFILMENT_STEPS.length - 1 ? FULFILMENT_STEPS[r + 1]! : null;
}

/**
 * The customer's one status for an order made of vendors' parts: the least advanced part, ignoring
 * cancelled parts; cancelled only when every part is.
 */
export function orderStatusOfParts(parts: readonly string[]): OrderStatus {
  const live = parts.filter((s) => s !== "cancelled" && rank(s) >= 0);
  if (live.length === 0) return "cancelled";
  return FULFILMENT_STEPS[Math.min(...live.map(rank))]!;
}

/**
 * The timeline of a part (Order Placed, Processing, Shipped, Delivered), cumulative: every step up
 * to the part's status is reached, each with the date it was last reached.
 */
export function fulfilmentTimeline(
  status: string,
  placedAt: string,
  history: readonly { status: string; createdAt: string }[],
): { step: FulfilmentStep; label: string; reached: boolean; at: string | null }[] {
  const current = status === "cancelled" ? reachedBeforeCancel(history) : rank(status);
  return FULFILMENT_STEPS.map((step, i) => {
    const reached = i <= current;
    const at = !reached ? null : i === 0 ? placedAt : (history.filter((h) => h.status === step).at(-1)?.createdAt ?? null);
    return { step, label: i === 0 ? "Order Placed" : statusLabel(step), reached, at };
  });
}

function reachedBeforeCancel(history: readonly { status: string }[]): number {
  const before = history.filter((h) => h.status !== "cancelled").at(-1);
  return before ? Math.max(0, rank(before.status)) : 0;
}

/** The statuses an administrator may choose, in any order; "Pending Payment" is the stored pending. */
export const ADMIN_STATUS_OPTIONS: readonly { value: OrderStatus; label: string }[] = [
  { value: "pending", label: "Pending Payment" },
  { value: "processing", label: "Processing" },
  { value: "shipped", label: "Shipped" },
  { value: "delivered", label: "Delivered" },
  { value: "cancelled", label: "Cancelled" },
];

export function adminStatusLabel(status: string): string {
  return ADMIN_STATUS_OPTIONS.find((o) => o.value === status)?.label ?? statusLabel(status);
}
