import { statusLabel, statusTone } from "~/modules/orders/status";
import { returnStatusLabel, returnStatusTone } from "~/modules/returns/rules";

export const BADGE_TONES = {
  green: "bg-green-100 text-green-800",
  blue: "bg-blue-100 text-blue-800",
  yellow: "bg-yellow-100 text-yellow-800",
  red: "bg-red-100 text-red-800",
  grey: "bg-gray-100 text-gray-800",
} as const;

export const BADGE = "inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold";

/** An order status, first letter capitalised, coloured by statusTone (modules/orders/status.ts). */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`${BADGE} ${BADGE_TONES[statusTone(status)]}`}>{statusLabel(status)}</span>;
}

/** A return request's status, coloured by returnStatusTone (modules/returns/rules.ts): the seller's and the admin's pages. */
export function ReturnStatusBadge({ status }: { status: string }) {
  return <span className={`${BADGE} ${BADGE_TONES[returnStatusTone(status)]}`}>{returnStatusLabel(status)}</span>;
}
