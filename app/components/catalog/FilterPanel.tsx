import { useEffect, useEffectEvent, useRef, type FormEvent } from "react";
import { useSubmit, type SubmitFunction } from "react-router";
import { Form, Link } from "~/lib/route-links";
import { FilterFieldsets } from "~/components/catalog/CatalogFilters";
import { useHydrated } from "~/hooks";
import { Button, ButtonLink } from "~/components/ui/Button";
import { Static } from "~/components/ui/Static";
import { ALL_CATEGORIES, FILTER_CATEGORIES } from "~/modules/catalog/categories";
import type { Facet } from "~/modules/catalog/filters";
import { DEFAULT_SORT, RELEVANCE, SORT_OPTIONS, catalogHref, type CatalogQuery } from "~/modules/catalog/search";

/** The /products page's controls that are not its grid: the sort choices, and the slide-in filter panel of small screens. */

/**
 * Sends a catalogue form without a sort the shopper never chose (the page's default left as it
 * was, or Relevance), so that a new search ranks by relevance and links stay canonical. Before
 * JavaScript loads, the select's value is sent as it stands, which the loader reads the same way.
 */
export function submitWithoutImplicitSort(e: FormEvent<HTMLFormElement>, submit: SubmitFunction, sortInUrl: boolean) {
  const data = new FormData(e.currentTarget);
  const sort = data.get("sort");
  if (sort === RELEVANCE.value || (sort === DEFAULT_SORT && !sortInUrl)) {
    e.preventDefault();
    data.delete("sort");
    void submit(data, { method: "get", action: "/products" });
  }
}

/** The four sorts; while searching, Relevance first (the default then, docs/decisions/016). */
export function SortOptions({ searching }: { searching: boolean }) {
  return (
    <>
      {searching && <option value={RELEVANCE.value}>{RELEVANCE.label}</option>}
      {SORT_OPTIONS.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </>
  );
}

/**
 * The catalogue's filters, drawn once: a sidebar on wide screens (the category links, then the
 * filters, each change applied at once) and, on small ones, a slide-in panel with the category
 * and sort too, Clear All and Apply Filters (issue 34: the two were drawn side by side, a sixth of
 * a listing's elements). Which is which is CSS; the panel is a dialog only while it is open.
 */
export function FilterPanel({
  open,
  onClose,
  query,
  facets,
  sortInUrl,
}: {
  open: boolean;
  onClose: () => void;
  query: CatalogQuery;
  facets: Facet[];
  sortInUrl: boolean;
}) {
  // Read here, not by the page: learning it after hydration renders the panel again, not the catalogue.
  const hydrated = useHydrated();
  const submit = useSubmit();
  const closeRef = useRef<HTMLAnchorElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, onClose]);

  /** The sidebar applies a change at once, with what its own fields said: the category and the sort only when chosen. */
  const applyNow = () => {
    if (open || !formRef.current) return;
    const data = new FormData(formRef.current);
    if (data.get("category") === ALL_CATEGORIES) data.delete("category");
    if (data.get("sort") === DEFAULT_SORT) data.delete("sort");
    void submit(data, { method: "get", action: "/products", preventScrollReset: true });
  };
  // The fields are kept as the server wrote them (Static; the panel is drawn anew for each address):
  // one listener hears their changes instead of a handler on each.
  const fieldsRef = useRef<HTMLDivElement>(null);
  const onFieldChange = useEffectEvent(applyNow);
  useEffect(() => {
    const fields = fieldsRef.current;
    if (!fields) return;
    const listener = () => onFieldChange();
    fields.addEventListener("change", listener);
    return () => fields.removeEventListener("change", listener);
  }, []);

  // Before JavaScript loads the panel opens through the #filter-panel anchor (CSS :target); a
  // dialog to a screen reader then, as on a phone, and after loading only while it is open.
  const visibility = hydrated ? (open ? "flex" : "hidden") : "hidden target:flex";
  const dialog = !hydrated || open;
  return (
    <div
      id="filter-panel"
      className={`${visibility} fixed inset-0 z-50 md:static md:z-auto md:block`}
      role={dialog ? "dialog" : undefined}
      aria-modal={open ? true : undefined}
      aria-labelledby={dialog ? "filters-heading" : undefined}
    >
      <a href="#" aria-hidden="true" tabIndex={-1} onClick={(e) => { e.preventDefault(); onClose(); }} className="absolute inset-0 bg-black/40 md:hidden" />
      <Static className="contents">
        <nav aria-labelledby="category-heading" className="hidden md:block">
          <h2 id="category-heading" className="text-sm font-semibold uppercase tracking-wider text-gray-900">
            Categories
          </h2>
          <ul className="mt-3 space-y-1">
            {FILTER_CATEGORIES.map((c) => {
              const active = c === query.category;
              return (
                <li key={c}>
                  <Link
                    // Brand and price carry over to another category; its own attributes do not.
                    to={catalogHref({ ...query, category: c, page: 1, filters: { ...query.filters, attributes: {} } })}
                    aria-current={active ? "page" : undefined}
                    className={`block rounded-md px-3 py-2 text-sm ${active ? "bg-pink-600 font-semibold text-white" : "text-gray-700 hover:bg-gray-100"}`}
                  >
                    {c}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </Static>
      <Form
        ref={formRef}
        method="get"
        action="/products"
        aria-labelledby="filters-heading"
        preventScrollReset
        onSubmit={(e) => {
          onClose();
          submitWithoutImplicitSort(e, submit, sortInUrl);
        }}
        className={`relative ml-auto flex h-full w-full max-w-xs animate-[slide-in_200ms_ease-out] flex-col bg-white shadow-xl md:mt-8 md:block md:h-auto md:max-w-none md:animate-none md:bg-transparent md:shadow-none ${facets.length > 0 ? "" : "md:hidden"}`}
      >
        <div className="flex items-center justify-between border-b border-gray-200 px-4 py-4 md:border-0 md:p-0">
          <h2 id="filters-heading" className="text-lg font-semibold text-gray-900 md:sr-only">
            Filters
          </h2>
          <a
            ref={closeRef}
            href="#"
            onClick={(e) => {
              e.preventDefault();
              onClose();
            }}
            className="icon-before icon-close flex rounded-md p-1 text-gray-700 [--icon-size:24px] hover:bg-gray-100 md:hidden"
            aria-label="Close filters"
          />
        </div>
        <div ref={fieldsRef} className="flex-1 overflow-y-auto px-4 py-4 md:overflow-visible md:p-0">
          <Static className="contents">
            {query.q && <input type="hidden" name="q" value={query.q} />}
            {/* The wide screen's category is its links; these send the page's own to its filters. */}
            <fieldset className="md:hidden">
              <legend className="text-sm font-semibold uppercase tracking-wider text-gray-900">Category</legend>
              <div className="mt-3 space-y-1">
                {FILTER_CATEGORIES.map((c) => (
                  <label key={c} className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm text-gray-800 hover:bg-gray-50">
                    <input type="radio" name="category" value={c} defaultChecked={c === query.category} className="h-4 w-4 accent-pink-600" />
                    {c}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="mt-6 md:hidden">
              <label htmlFor="panel-sort" className="text-sm font-semibold uppercase tracking-wider text-gray-900">
                Sort by
              </label>
              <select
                id="panel-sort"
                name="sort"
                defaultValue={query.sort}
                className="mt-2 w-full rounded-lg border border-gray-300 bg-white py-2.5 pl-3 pr-8 text-sm"
              >
                <SortOptions searching={Boolean(query.q)} />
              </select>
            </div>
            {facets.length > 0 && (
              <div className="mt-6 md:mt-0">
                <FilterFieldsets facets={facets} idPrefix="filter" />
              </div>
            )}
          </Static>
          {!hydrated && (
            <Button type="submit" className="mt-6 hidden w-full md:flex">
              Apply Filters
            </Button>
          )}
        </div>
        <div className="grid grid-cols-2 gap-3 border-t border-gray-200 px-4 py-4 md:hidden">
          <ButtonLink to={catalogHref({ q: query.q })} variant="outline" onClick={onClose}>
            Clear All
          </ButtonLink>
          <Button type="submit">Apply Filters</Button>
        </div>
      </Form>
    </div>
  );
}
