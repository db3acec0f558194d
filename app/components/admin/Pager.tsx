import { useSearchParams } from "react-router";
import { Link } from "~/lib/route-links";

/** Previous / next links for an admin list, keeping its search and filters (not a past confirmation). */
export function Pager({ page, pageCount, label }: { page: number; pageCount: number; label: string }) {
  const [params] = useSearchParams();
  if (pageCount <= 1) return null;
  const href = (p: number) => {
    const next = new URLSearchParams(params);
    next.delete("done");
    next.delete("subject");
    if (p === 1) next.delete("page");
    else next.set("page", String(p));
    const qs = next.toString();
    return qs ? `?${qs}` : "?";
  };
  const linkClass = "rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm font-semibold text-gray-900 hover:border-pink-600 hover:text-pink-700";
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center gap-3">
      {page > 1 && (
        <Link to={href(page - 1)} className={linkClass} rel="prev">
          Previous
        </Link>
      )}
      <span className="text-sm text-gray-700">
        Page {page} of {pageCount}
      </span>
      {page < pageCount && (
        <Link to={href(page + 1)} className={linkClass} rel="next">
          Next
        </Link>
      )}
    </nav>
  );
}

/** "Showing 21–40 of 57 users" under a list of `pageSize` rows a page, or "No users" when there are none. */
export function PageSummary({ page, pageSize, shown, total, noun }: { page: number; pageSize: number; shown: number; total: number; noun: string }) {
  const first = (page - 1) * pageSize + 1;
  const last = (page - 1) * pageSize + shown;
  return <p className="mt-4 text-sm text-gray-600">{total === 0 ? `No ${noun}` : `Showing ${first}–${last} of ${total} ${noun}`}</p>;
}
