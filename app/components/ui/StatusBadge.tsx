import { statusLabel, statusTone } from "~/modules/orders/status";

const TONES = {
  green: "bg-green-100 text-green-800",
  blue: "bg-blue-100 text-blue-800",
  yellow: "bg-yellow-100 text-yellow-800",
  grey: "bg-gray-100 text-gray-800",
} as const;

/** An order status, first letter capitalised, coloured as SPEC §4 says. */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[statusTone(status)]}`}>{statusLabel(status)}</span>;
}
