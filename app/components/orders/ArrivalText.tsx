import type { ArrivalLine } from "~/modules/delivery/arrival";

/** A part's arrival line (delivery/arrival.ts): a delayed one stands out in amber, bold. */
export function ArrivalText({ arrival, className = "" }: { arrival: ArrivalLine; className?: string }) {
  return (
    <p className={`${arrival.delayed ? "font-semibold text-amber-800" : "text-gray-700"} ${className}`.trim()} data-testid="arrival">
      {arrival.text}
    </p>
  );
}
