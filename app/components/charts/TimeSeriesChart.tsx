import { labelledIndexes, niceTicks } from "~/lib/chart-data";
import { ChartFigure, SERIES_FILLS, SERIES_SWATCHES, textWidth } from "./ChartFigure";

export interface TimeSeries {
  /** "Sales", later "Payouts": the legend's and the table's name for it. */
  name: string;
  /** One value per bucket, in the buckets' order. */
  values: readonly number[];
}

export interface TimeSeriesChartProps {
  caption: string;
  note?: string;
  /** The periods along the bottom, oldest first: `label` in the table, `shortLabel` under the columns. */
  buckets: readonly { key: string; label: string; shortLabel: string }[];
  /** Any number of series, drawn as columns side by side in each period; a legend names them when there are several. */
  series: readonly TimeSeries[];
  /** The table's heading over the periods: "Month", "Week", "Day". */
  bucketHeader: string;
  /** The exact value, in the table and the accessible name (formatMoney, formatCount). */
  format: (value: number) => string;
  /** The axis's shorter value (formatMoney with `compact`); `format` when not given. */
  axisFormat?: (value: number) => string;
}

const WIDTH = 360;
const HEIGHT = 220;
const TOP = 8;
const BOTTOM = 22;

/** Columns over time, drawn on the server as SVG: the axis's ticks are "nice", negative values go below the zero line. */
export function TimeSeriesChart({ caption, note, buckets, series, bucketHeader, format, axisFormat = format }: TimeSeriesChartProps) {
  const all = series.flatMap((s) => [...s.values]);
  const ticks = niceTicks(all);
  const lo = ticks[0]!;
  const hi = ticks.length > 1 ? ticks.at(-1)! : lo + 1;
  const left = Math.ceil(Math.max(...ticks.map((t) => textWidth(axisFormat(t))))) + 8;
  const plotWidth = WIDTH - left - 2;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const y = (v: number) => TOP + plotHeight * (1 - (v - lo) / (hi - lo));
  const band = plotWidth / Math.max(1, buckets.length);
  const columnWidth = (band * 0.7) / Math.max(1, series.length);
  const labelled = labelledIndexes(buckets.length, plotWidth, Math.max(0, ...buckets.map((b) => textWidth(b.shortLabel))) + 6);

  const first = buckets[0];
  const last = buckets.at(-1);
  const words = series.map((s) => {
    const total = s.values.reduce((a, b) => a + b, 0);
    if (s.values.every((v) => v === 0)) return `${s.name}: none`;
    const top = s.values.indexOf(Math.max(...s.values));
    return `${s.name}: ${format(total)} in all, the most ${format(s.values[top]!)} in ${buckets[top]?.label}`;
  });
  const label = `${caption}, ${first?.label} to ${last?.label}. ${words.join(". ")}.`;

  return (
    <ChartFigure
      caption={caption}
      note={note}
      label={label}
      width={WIDTH}
      height={HEIGHT}
      legend={
        series.length > 1 ? (
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-gray-700">
            {series.map((s, i) => (
              <li key={s.name} className="flex items-center gap-1.5">
                <span aria-hidden="true" className={`inline-block size-3 rounded-sm ${SERIES_SWATCHES[i % SERIES_SWATCHES.length]}`} />
                {s.name}
              </li>
            ))}
          </ul>
        ) : undefined
      }
      table={{
        head: [bucketHeader, ...series.map((s) => s.name)],
        rows: buckets.map((b, i) => ({ key: b.key, cells: [b.label, ...series.map((s) => format(s.values[i] ?? 0))] })),
      }}
    >
      {ticks.map((t) => (
        <g key={t}>
          <line x1={left} x2={WIDTH} y1={y(t)} y2={y(t)} className={t === 0 ? "stroke-gray-400" : "stroke-gray-200"} strokeWidth={1} />
          <text x={left - 6} y={y(t)} dy="0.35em" textAnchor="end" className="fill-gray-600">
            {axisFormat(t)}
          </text>
        </g>
      ))}
      {buckets.map((b, i) => {
        const x0 = left + i * band + band * 0.15;
        return (
          <g key={b.key}>
            {series.map((s, k) => {
              const v = s.values[i] ?? 0;
              const top = y(Math.max(v, 0));
              return (
                <rect
                  key={s.name}
                  x={x0 + k * columnWidth}
                  y={top}
                  width={Math.max(1, columnWidth - (series.length > 1 ? 1 : 0))}
                  height={Math.max(v === 0 ? 0 : 1, y(Math.min(v, 0)) - top)}
                  rx={1.5}
                  className={SERIES_FILLS[k % SERIES_FILLS.length]}
                >
                  <title>{`${b.label}, ${s.name}: ${format(v)}`}</title>
                </rect>
              );
            })}
            {labelled.has(i) ? (
              <text x={left + i * band + band / 2} y={HEIGHT - 6} textAnchor="middle" className="fill-gray-600">
                {b.shortLabel}
              </text>
            ) : null}
          </g>
        );
      })}
    </ChartFigure>
  );
}
