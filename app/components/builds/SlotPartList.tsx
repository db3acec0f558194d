import { Form, Link } from "~/lib/route-links";
import { ButtonLink, buttonClass } from "~/components/ui/Button";
import { Money } from "~/components/ui/Money";
import { PriceWithGst } from "~/components/catalog/PriceWithGst";
import { MISFITS_PARAM, SLOT_PARAM, builderHref, slotHref, withPartAdded } from "~/modules/builds/builder-links";
import type { BuilderPart } from "~/modules/builds/builder.server";
import { SLOT_NAMES, type Slot, type Verdict } from "~/modules/builds/compatibility";
import { PART_FIELD } from "~/modules/builds/selection";
import type { SlotList, SlotQuery } from "~/modules/builds/slot-list.server";
import { BRAND_PARAM, PRICE_PARAM, PRICE_RANGES, hasFilters, priceRangeLabel } from "~/modules/catalog/filters";
import { DEFAULT_SORT, SORT_OPTIONS } from "~/modules/catalog/search";
import { RAM_TYPES, SOCKETS } from "~/modules/catalog/spec-schema";
import { stockText } from "~/modules/catalog/stock";
import { aSlot } from "./BuildSlots";

/** The figure a slot's shoppers narrow by first, as the catalogue filters it (spec-schema.ts, Component). */
const KEY_FILTERS: Partial<Record<Slot, { param: string; label: string; options: readonly string[] }[]>> = {
  processor: [{ param: "socket", label: "Socket", options: SOCKETS }],
  motherboard: [
    { param: "socket", label: "Socket", options: SOCKETS },
    { param: "ramType", label: "Memory type", options: RAM_TYPES },
  ],
  memory: [{ param: "ramType", label: "Memory type", options: RAM_TYPES }],
};

const linkClass = "font-semibold text-pink-700 underline underline-offset-2 hover:text-pink-800";
const fieldsetClass = "min-w-0";
const legendClass = "text-sm font-semibold text-gray-900";

function Choices({ legend, name, options, chosen }: { legend: string; name: string; options: { value: string; label: string }[]; chosen: readonly string[] }) {
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-2 text-sm text-gray-700">
            <input type="checkbox" name={name} value={o.value} defaultChecked={chosen.includes(o.value)} className="h-4 w-4 accent-pink-600" />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** What the rules say about a part in the build, its errors first (the reasons it does not fit). */
function PartVerdicts({ verdicts }: { verdicts: Verdict[] }) {
  if (verdicts.length === 0) return null;
  return (
    <ul className="mt-1 space-y-1 text-sm">
      {verdicts.map((v) => (
        <li key={v.rule + v.message} className={v.severity === "error" ? "text-red-700" : v.severity === "warning" ? "text-amber-800" : "text-gray-700"}>
          {v.severity === "error" ? "Doesn't fit: " : v.severity === "warning" ? "Warning: " : v.severity === "note" ? "Note: " : ""}
          {v.message}
        </li>
      ))}
    </ul>
  );
}

/** A slot's parts for the build: those that fit first, then (asked for) the rest with their reasons; filters, sort and pages as in the catalogue. */
export function SlotPartList({ parts, query, list }: { parts: BuilderPart[]; query: SlotQuery; list: SlotList }) {
  const { slot, filters } = query;
  const ids = parts.map((p) => p.product.id);
  const placed = parts.map((p) => ({ slot: p.slot, id: p.product.id }));
  const misfitCount = list.total - list.fitting;
  const view = { sort: query.sort, filters, misfits: query.misfits };
  const chosenAny = query.sort !== DEFAULT_SORT || hasFilters(filters);
  return (
    <section aria-labelledby="slot-heading">
      <h2 id="slot-heading" className="text-xl font-semibold text-gray-900">
        Choose {aSlot(slot)}
      </h2>
      <p className="mt-1 text-sm text-gray-700" aria-live="polite">
        {list.fitting === 1 ? "1 part fits" : `${list.fitting.toLocaleString("en-IN")} parts fit`} your build
        {misfitCount > 0 ? `; ${misfitCount.toLocaleString("en-IN")} ${misfitCount === 1 ? "doesn't" : "don't"}` : ""}.{" "}
        <Link to={builderHref(ids)} className={linkClass}>
          Back to your build
        </Link>
      </p>

      {/* Folded away until used, so a phone shows the parts first; a chosen filter keeps it open. */}
      <details open={chosenAny} className="mt-4 rounded-xl border border-gray-200 bg-gray-50">
        <summary className="cursor-pointer px-4 py-3 text-sm font-semibold text-gray-900">Filter and sort</summary>
        <Form method="get" action="/build" className="space-y-4 border-t border-gray-200 p-4">
          {ids.map((id, i) => (
            <input key={i} type="hidden" name={PART_FIELD} value={id} />
          ))}
          <input type="hidden" name={SLOT_PARAM} value={slot} />
          {query.misfits && <input type="hidden" name={MISFITS_PARAM} value="1" />}
          {list.brands.length > 0 && (
            <Choices legend="Brand" name={BRAND_PARAM} options={list.brands.map((b) => ({ value: b, label: b }))} chosen={filters.brands} />
          )}
          <Choices legend="Price" name={PRICE_PARAM} options={PRICE_RANGES.map((r) => ({ value: r.value, label: priceRangeLabel(r.value) }))} chosen={filters.prices} />
          {(KEY_FILTERS[slot] ?? []).map((f) => (
            <Choices key={f.param} legend={f.label} name={f.param} options={f.options.map((o) => ({ value: o, label: o }))} chosen={filters.attributes[f.param] ?? []} />
          ))}
          <div className="flex flex-wrap items-end gap-3">
            <span className="flex items-center gap-2">
              <label htmlFor="slot-sort" className="text-sm font-semibold text-gray-900">
                Sort by
              </label>
              <select id="slot-sort" name="sort" defaultValue={query.sort} className="rounded-lg border border-gray-300 bg-white py-2 pl-3 pr-8 text-sm">
                {SORT_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </span>
            <button type="submit" className={buttonClass("pink", "sm")}>
              Apply
            </button>
            <Link to={slotHref(ids, slot, { misfits: query.misfits })} className={`text-sm ${linkClass}`}>
              Clear filters
            </Link>
          </div>
        </Form>
      </details>

      {list.parts.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-gray-300 px-6 py-10 text-center text-gray-700">
          {list.total === 0 ? `No ${SLOT_NAMES[slot]} matches these filters.` : `No ${SLOT_NAMES[slot]} here fits your build.`}
        </p>
      ) : (
        <ul className="mt-6 divide-y divide-gray-200 rounded-xl border border-gray-200" aria-label={`${SLOT_NAMES[slot]} parts`}>
          {list.parts.map(({ product, seller, fits, verdicts }) => (
            <li key={product.id} className={`flex flex-wrap items-start justify-between gap-3 p-4 ${fits ? "" : "bg-red-50/40"}`}>
              <div className="min-w-0 flex-1">
                <Link to={`/products/${encodeURIComponent(product.id)}`} className="font-medium text-gray-900 underline-offset-2 hover:underline">
                  {product.name}
                </Link>
                <p className="text-sm text-gray-700">
                  <Money paise={product.pricePaise} className="font-semibold text-gray-900" />
                  {` · ${stockText(product.stock)} · Sold by ${seller}`}
                </p>
                <PriceWithGst paise={product.pricePaise} className="text-xs text-gray-600" />
                <PartVerdicts verdicts={verdicts} />
              </div>
              <Link to={builderHref(withPartAdded(placed, slot, product.id))} className={buttonClass(fits ? "pink" : "outline", "sm")}>
                Add<span className="sr-only"> {product.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}

      {!query.misfits && misfitCount > 0 && (
        <p className="mt-4">
          <Link to={slotHref(ids, slot, { ...view, misfits: true })} className={linkClass}>
            Show parts that don't fit ({misfitCount.toLocaleString("en-IN")})
          </Link>
        </p>
      )}

      {list.pageCount > 1 && (
        <nav aria-label="Pagination" className="mt-6 flex items-center justify-between gap-4">
          {list.page > 1 ? (
            <ButtonLink to={slotHref(ids, slot, { ...view, page: list.page - 1 })} variant="outline" rel="prev">
              Previous
            </ButtonLink>
          ) : (
            <span />
          )}
          <p className="text-sm text-gray-600">
            Page {list.page} of {list.pageCount}
          </p>
          {list.page < list.pageCount ? (
            <ButtonLink to={slotHref(ids, slot, { ...view, page: list.page + 1 })} variant="outline" rel="next">
              Next
            </ButtonLink>
          ) : (
            <span />
          )}
        </nav>
      )}
    </section>
  );
}
