import { useEffect, useRef, type FormEvent } from "react";
import { Form, useSubmit, type SubmitFunction } from "react-router";
import { FilterFieldsets } from "~/components/catalog/CatalogFilters";
import { Button, ButtonLink } from "~/components/ui/Button";
import { CloseIcon } from "~/components/ui/icons";
import { FILTER_CATEGORIES } from "~/modules/catalog/categories";
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

/** Small screens: a slide-in panel with the category list and sort, Clear All and Apply Filters. */
export function FilterPanel({
  open,
  onClose,
  query,
  facets,
  hydrated,
  sortInUrl,
}: {
  open: boolean;
  onClose: () => void;
  query: CatalogQuery;
  facets: Facet[];
  hydrated: boolean;
  sortInUrl: boolean;
}) {
  const submit = useSubmit();
  const closeRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, onClose]);

  // Before JavaScript loads the panel opens through the #filter-panel anchor (CSS :target).
  const visibility = hydrated ? (open ? "flex" : "hidden") : "hidden target:flex";
  return (
    <div id="filter-panel" className={`${visibility} fixed inset-0 z-50 md:hidden`} role="dialog" aria-modal="true" aria-labelledby="filter-panel-title">
      <a href="#" aria-hidden="true" tabIndex={-1} onClick={(e) => { e.preventDefault(); onClose(); }} className="absolute inset-0 bg-black/40" />
      <Form
        method="get"
        action="/products"
        onSubmit={(e) => {
          onClose();
          submitWithoutImplicitSort(e, submit, sortInUrl);
        }}
        className="relative ml-auto flex h-full w-full max-w-xs animate-[slide-in_200ms_ease-out] flex-col bg-white shadow-xl"
      >
        <div className="flex items-center justify-between border-b border-gray-200 px-4 py-4">
          <h2 id="filter-panel-title" className="text-lg font-semibold text-gray-900">
            Filters
          </h2>
          <a
            ref={closeRef}
            href="#"
            onClick={(e) => {
              e.preventDefault();
              onClose();
            }}
            className="rounded-md p-1 text-gray-700 hover:bg-gray-100"
            aria-label="Close filters"
          >
            <CloseIcon />
          </a>
        </div>
        <div className="flex-1 overflow-y-auto px-4 py-4">
          {query.q && <input type="hidden" name="q" value={query.q} />}
          <fieldset>
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
          <div className="mt-6">
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
            <div className="mt-6">
              <FilterFieldsets facets={facets} idPrefix="panel-filter" />
            </div>
          )}
        </div>
        <div className="grid grid-cols-2 gap-3 border-t border-gray-200 px-4 py-4">
          <ButtonLink to={catalogHref({ q: query.q })} variant="outline" onClick={onClose}>
            Clear All
          </ButtonLink>
          <Button type="submit">Apply Filters</Button>
        </div>
      </Form>
    </div>
  );
}
