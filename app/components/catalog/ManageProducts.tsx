import { useId, useRef } from "react";
import { Form, Link } from "~/lib/route-links";
import { FormAlert } from "~/components/ui/FormAlert";
import { Button, buttonClass } from "~/components/ui/Button";
import { useHydrated } from "~/hooks";
import {
  MANAGE_PAGE_SIZE,
  MANAGE_SORT_OPTIONS,
  STOCK_FILTER_OPTIONS,
  manageHref,
  productBadge,
  type ManageQuery,
} from "~/modules/catalog/manage-options";
import { brandTitle } from "~/modules/seo/meta";

const controlClass =
  "mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm focus:border-pink-600 focus:outline-none focus:ring-2 focus:ring-pink-600/20";

/**
 * The list's search form: a GET form, so it works without JavaScript and every view has a link.
 * With JavaScript the selects apply as soon as they change.
 */
export function ManageToolbar({ query, filters = true, label = "Search products" }: { query: ManageQuery; filters?: boolean; label?: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const apply = () => formRef.current?.requestSubmit();
  return (
    <Form key={JSON.stringify(query)} ref={formRef} method="get" role="search" aria-label="Products" className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end">
      <div>
        <label htmlFor={`${id}-q`} className="block text-sm font-medium text-gray-800">
          {label}
        </label>
        <input id={`${id}-q`} type="search" name="q" defaultValue={query.q} maxLength={100} placeholder="Name or product ID" className={controlClass} />
      </div>
      {filters && (
        <>
          <div>
            <label htmlFor={`${id}-sort`} className="block text-sm font-medium text-gray-800">
              Sort by
            </label>
            <select id={`${id}-sort`} name="sort" defaultValue={query.sort} onChange={apply} className={controlClass}>
              {MANAGE_SORT_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-stock`} className="block text-sm font-medium text-gray-800">
              Stock
            </label>
            <select id={`${id}-stock`} name="stock" defaultValue={query.stock} onChange={apply} className={controlClass}>
              {STOCK_FILTER_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        </>
      )}
      <Button type="submit" variant="secondary">
        {filters ? "Apply" : "Search"}
      </Button>
    </Form>
  );
}

/** "Showing 21–40 of 45 products" and Previous / Next links that keep the search. */
export function Pagination({ base, query, page, pageCount, total }: { base: string; query: ManageQuery; page: number; pageCount: number; total: number }) {
  const first = total === 0 ? 0 : (page - 1) * MANAGE_PAGE_SIZE + 1;
  const last = Math.min(total, page * MANAGE_PAGE_SIZE);
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-gray-700">
      <p>
        Showing {first}–{last} of {total} {total === 1 ? "product" : "products"}
      </p>
      {pageCount > 1 && (
        <div className="flex items-center gap-3">
          {page > 1 ? (
            <Link to={manageHref(base, { ...query, page: page - 1 })} className={buttonClass("outline", "sm")} rel="prev">
              Previous
            </Link>
          ) : null}
          <span aria-current="page">
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? (
            <Link to={manageHref(base, { ...query, page: page + 1 })} className={buttonClass("outline", "sm")} rel="next">
              Next
            </Link>
          ) : null}
        </div>
      )}
    </nav>
  );
}

export function Notice({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div className="mt-6">
      <FormAlert tone="success">{message}</FormAlert>
    </div>
  );
}

const BADGE_TONES = {
  "Out of stock": "bg-red-100 text-red-800",
  Featured: "bg-pink-100 text-pink-800",
  Active: "bg-green-100 text-green-800",
} as const;

/** Out of stock, Featured or Active (productBadge). */
export function ProductStatusBadge({ stock, featured }: { stock: number; featured: boolean }) {
  const label = productBadge({ stock, featured });
  return <span className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE_TONES[label]}`}>{label}</span>;
}

/** A product saved before declarations were required that still lacks some (docs/product-rules.md). */
export function DeclarationsMissingBadge() {
  return <span className="inline-flex whitespace-nowrap rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">Declarations missing</span>;
}

/**
 * Delete with a confirmation step. With JavaScript the browser asks first and the post carries
 * `confirmed`; without it the post carries nothing and the server answers with a confirmation page.
 */
export function DeleteProductButton({ action, name }: { action: string; name: string }) {
  const hydrated = useHydrated();
  return (
    <Form
      method="post"
      action={action}
      onSubmit={(e) => {
        if (!window.confirm(`Delete “${name}”? If it has been ordered before, it is archived instead.`)) e.preventDefault();
      }}
    >
      {hydrated && <input type="hidden" name="confirmed" value="1" />}
      <button type="submit" aria-label={`Delete ${name}`} className="font-semibold text-red-700 hover:text-red-800 hover:underline">
        Delete
      </button>
    </Form>
  );
}

/** An unknown, archived or someone else's product: one answer for all three. */
export function ProductNotFound({ backHref }: { backHref: string }) {
  return (
    <div>
      <title>{brandTitle("Product Not Found")}</title>
      <h1 className="text-2xl font-bold text-gray-900">Product Not Found</h1>
      <p className="mt-2 text-gray-600">This product doesn't exist or has been removed.</p>
      <Link to={backHref} className="mt-4 inline-block font-semibold text-pink-700 hover:text-pink-800">
        Back to products
      </Link>
    </div>
  );
}

/** The page that asks before deleting, for browsers without JavaScript (and anyone who opens the link). */
export function ConfirmDelete({ name, cancelHref }: { name: string; cancelHref: string }) {
  return (
    <div className="max-w-2xl">
      <h1 className="text-2xl font-bold text-gray-900">Delete Product</h1>
      <p className="mt-4 text-gray-700">
        Delete <strong>{name}</strong>? If it appears in past orders it is archived instead: it leaves the list and the shop, and those orders
        still show it.
      </p>
      <Form method="post" className="mt-6 flex flex-wrap gap-3">
        <input type="hidden" name="confirmed" value="1" />
        <Button type="submit" variant="danger">
          Delete
        </Button>
        <Link to={cancelHref} className={buttonClass("outline")}>
          Cancel
        </Link>
      </Form>
    </div>
  );
}
