import { formatCount } from "~/lib/numbers";
import { ChartFigure, CHART_FONT, SERIES_FILLS, textWidth } from "./ChartFigure";

export interface BarItem {
  /** Stable key (an id), the label when not given. */
  key?: string;
  label: string;
  value: number;
  /** A count shown beside the label and in its own column, as units sold. */
  count?: number;
}

export interface BarChartProps {
  caption: string;
  note?: string;
  /** Largest first, as they should be read. */
  items: readonly BarItem[];
  /** The table's headings: ["Category", "Sales"], or with the count's ["Product", "Sales", "Units sold"]. */
  head: readonly [string, string] | readonly [string, string, string];
  format: (value: number) => string;
  /** "3 units": the count beside the label. */
  countLabel?: (count: number) => string;
  /** Said instead of the chart when there is nothing to draw. */
  empty: string;
}

const WIDTH = 360;
const ROW = 44;

/** Horizontal bars, one row each: the label on its own line (cut with … when long), the bar and its value below. */
export function BarChart({ caption, note, items, head, format, countLabel = String, empty }: BarChartProps) {
  if (items.length === 0) {
    return (
      <figure className="min-w-0 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
        <figcaption className="text-base font-semibold text-gray-900">{caption}</figcaption>
        <p className="mt-3 text-sm text-gray-600">{empty}</p>
      </figure>
    );
  }
  const max = Math.max(1, ...items.map((i) => i.value));
  const valueRoom = Math.max(...items.map((i) => textWidth(format(i.value)))) + 8;
  const barRoom = WIDTH - valueRoom;
  const height = items.length * ROW;
  const label = `${caption}. ${items.map((i) => `${i.label}: ${format(i.value)}${i.count === undefined ? "" : `, ${countLabel(i.count)}`}`).join("; ")}.`;

  return (
    <ChartFigure
      caption={caption}
      note={note}
      label={label}
      width={WIDTH}
      height={height}
      table={{
        head,
        rows: items.map((i) => ({
          key: i.key ?? i.label,
          cells: [i.label, format(i.value), ...(head.length === 3 ? [formatCount(i.count ?? 0)] : [])],
        })),
      }}
    >
      {items.map((item, n) => {
        const top = n * ROW;
        const count = item.count === undefined ? "" : countLabel(item.count);
        const room = WIDTH - (count ? textWidth(count) + 12 : 0);
        const chars = Math.floor(room / (CHART_FONT * 0.55));
        const shown = item.label.length > chars ? `${item.label.slice(0, chars - 1).trimEnd()}…` : item.label;
        const length = Math.max(2, (Math.max(0, item.value) / max) * barRoom);
        return (
          <g key={item.key ?? item.label}>
            <text x={0} y={top + 14} className="fill-gray-900">
              {shown}
            </text>
            {count ? (
              <text x={WIDTH} y={top + 14} textAnchor="end" className="fill-gray-600">
                {count}
              </text>
            ) : null}
            <rect x={0} y={top + 21} width={length} height={14} rx={2} className={SERIES_FILLS[0]}>
              <title>{`${item.label}: ${format(item.value)}`}</title>
            </rect>
            <text x={length + 6} y={top + 28} dy="0.35em" className="fill-gray-700">
              {format(item.value)}
            </text>
          </g>
        );
      })}
    </ChartFigure>
  );
}
