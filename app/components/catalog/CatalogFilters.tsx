import { formatCount } from "~/lib/numbers";
import type { Facet, FacetValue } from "~/modules/catalog/filters";

/** Values a filter shows before "Show all"; the rest fold away (without JavaScript too). */
const SHOWN_VALUES = 8;

/**
 * The catalogue's filters as checkboxes: each filter a fieldset, each value with the number of
 * products it would show. Plain form fields named as the URL's parameters, so a GET form makes
 * the filtered URL with or without JavaScript; the form that holds them hears their changes
 * (FilterPanel). `idPrefix` starts the fields' ids.
 */
export function FilterFieldsets({ facets, idPrefix }: { facets: Facet[]; idPrefix: string }) {
  return (
    <div className="space-y-6">
      {facets.map((facet) => (
        <FilterFieldset key={facet.param} facet={facet} idPrefix={idPrefix} />
      ))}
    </div>
  );
}

function FilterFieldset({ facet, idPrefix }: { facet: Facet; idPrefix: string }) {
  const first = facet.values.slice(0, SHOWN_VALUES);
  const rest = facet.values.slice(SHOWN_VALUES);
  return (
    <fieldset>
      <legend className="text-sm font-semibold uppercase tracking-wider text-gray-900">{facet.label}</legend>
      {/* Labels in a plain block, not a list: a listing draws some 50 of these (tests/support/page-budget.ts). */}
      <div className="mt-2 space-y-0.5">
        {first.map((v, i) => (
          <FilterValue key={v.value} id={`${idPrefix}-${facet.param}-${i}`} param={facet.param} value={v} />
        ))}
      </div>
      {rest.length > 0 && (
        <details open={rest.some((v) => v.selected)} className="mt-1">
          <summary className="cursor-pointer rounded-md px-2 py-1.5 text-sm font-medium text-pink-700 hover:bg-gray-50">
            Show all {facet.values.length}
          </summary>
          <div className="mt-1 space-y-0.5">
            {rest.map((v, i) => (
              <FilterValue key={v.value} id={`${idPrefix}-${facet.param}-${SHOWN_VALUES + i}`} param={facet.param} value={v} />
            ))}
          </div>
        </details>
      )}
    </fieldset>
  );
}

function FilterValue({ id, param, value }: { id: string; param: string; value: FacetValue }) {
  return (
    // `.filter-value` (app.css) styles the box, the name and the count.
    <label htmlFor={id} className="filter-value">
      <input id={id} type="checkbox" name={param} value={value.value} defaultChecked={value.selected} />
      {`${value.label} `}
      <span>{`(${formatCount(value.count)})`}</span>
    </label>
  );
}

/** The chosen filters as hidden fields, for a form that changes something else (search, sort). */
export function HiddenFilters({ facets }: { facets: Facet[] }) {
  return facets.flatMap((facet) =>
    facet.values.filter((v) => v.selected).map((v) => <input key={`${facet.param}=${v.value}`} type="hidden" name={facet.param} value={v.value} />),
  );
}
