import { Link } from "~/lib/route-links";

/**
 * A choice between a chart's periods made of plain links (`?period=day`), so it works before
 * JavaScript loads; the page keeps its place at the chart (`hash`) either way.
 */
export function PeriodLinks<T extends string>({
  label,
  options,
  current,
  param = "period",
  hash,
}: {
  label: string;
  options: readonly { value: T; label: string }[];
  current: T;
  param?: string;
  hash: string;
}) {
  return (
    <nav aria-label={label}>
      <ul className="inline-flex rounded-lg border border-gray-300 bg-white p-0.5 text-sm">
        {options.map((o) => {
          const selected = o.value === current;
          return (
            <li key={o.value}>
              <Link
                to={{ search: `?${param}=${o.value}`, hash }}
                preventScrollReset
                aria-current={selected ? "page" : undefined}
                className={`block rounded-md px-3 py-1.5 font-semibold ${selected ? "bg-pink-700 text-white" : "text-gray-700 hover:bg-gray-100"}`}
              >
                {o.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
