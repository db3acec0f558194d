import { useId, type ReactNode } from "react";

/** A chart's text size in the SVG's own units: about 11 px on a phone, at most 16 px (the SVG is at most 28rem wide). */
export const CHART_FONT = 13;

/** Roughly how wide a text is in the SVG's units: enough to lay labels out on the server without measuring. */
export function textWidth(text: string, fontSize = CHART_FONT): number {
  return text.length * fontSize * 0.6;
}

/** Series colours, in order: each passes 3:1 against white as a graphic (WCAG 1.4.11). */
export const SERIES_FILLS = ["fill-pink-700", "fill-sky-700", "fill-amber-700", "fill-emerald-700"] as const;
export const SERIES_SWATCHES = ["bg-pink-700", "bg-sky-700", "bg-amber-700", "bg-emerald-700"] as const;

export interface NumbersTable {
  head: readonly string[];
  rows: readonly { key: string; cells: readonly string[] }[];
}

/**
 * What every chart is drawn in: a figure named by its caption, the SVG (an image with a name that
 * says what it shows), and the same numbers as a table behind "Show the numbers", for screen
 * readers and for anyone who wants the exact amounts.
 */
export function ChartFigure({
  caption,
  note,
  label,
  width,
  height,
  legend,
  table,
  children,
}: {
  caption: string;
  note?: string;
  /** The SVG's accessible name: what the chart shows, in words. */
  label: string;
  width: number;
  height: number;
  legend?: ReactNode;
  table: NumbersTable;
  children: ReactNode;
}) {
  const captionId = useId();
  return (
    <figure aria-labelledby={captionId} className="min-w-0 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
      <figcaption id={captionId} className="text-base font-semibold text-gray-900">
        {caption}
      </figcaption>
      {note ? <p className="mt-1 text-xs text-gray-600">{note}</p> : null}
      {legend}
      <svg role="img" aria-label={label} viewBox={`0 0 ${width} ${height}`} width="100%" className="mx-auto mt-3 block h-auto max-w-[28rem] overflow-visible" fontSize={CHART_FONT}>
        {children}
      </svg>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-semibold text-pink-700 hover:text-pink-800">Show the numbers</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr className="border-b border-gray-200 text-gray-600">
                {table.head.map((h, i) => (
                  <th key={h} scope="col" className={`py-1.5 pr-3 font-medium ${i > 0 ? "text-right" : ""}`}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {table.rows.map((r) => (
                <tr key={r.key}>
                  {r.cells.map((c, i) =>
                    i === 0 ? (
                      <th key={i} scope="row" className="py-1.5 pr-3 font-normal text-gray-900">
                        {c}
                      </th>
                    ) : (
                      <td key={i} className="whitespace-nowrap py-1.5 pr-3 text-right tabular-nums text-gray-900">
                        {c}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
