/** Order statuses as stored (lower case) and shown (first letter capitalised, SPEC §4). */
export const ORDER_STATUSES = ["pending", "processing", "shipped", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** SPEC §4: delivered green, shipped blue, processing yellow, anything else grey. */
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

/** A customer may cancel an order only while it is still pending. */
export function customerMayCancel(status: string): boolean {
  return status === "pending";
}
