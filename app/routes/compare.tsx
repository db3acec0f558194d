import { data, redirect } from "react-router";
import { Form, Link } from "~/lib/route-links";
import { AddToCartForm } from "~/components/catalog/AddToCartForm";
import { ButtonLink, buttonClass } from "~/components/ui/Button";
import { CheckIcon } from "~/components/ui/icons";
import { Money } from "~/components/ui/Money";
import { dbContext } from "~/context";
import { formFailure, type FormReply } from "~/lib/form";
import { readFormValues } from "~/lib/form.server";
import { statusFor } from "~/lib/outcome";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { compareHref, idsFromParam } from "~/modules/compare/compare";
import { applyCompareAction, compareActionSchema, compareCookieHeader, loadCompareList, loadComparison, readCompareState } from "~/modules/compare/compare.server";
import type { CompareReply } from "~/modules/compare/use-compare";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/compare";

/**
 * /compare?ids=a,b,c: the address lists the products, so a comparison can be shared. Opened without
 * ids, the page shows the visitor's own compare list (from the cookie) at its shareable address.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const param = new URL(request.url).searchParams.get("ids");
  if (param === null) {
    const { ids } = await readCompareState(request);
    if (ids.length > 0) throw redirect(compareHref(ids));
  }
  const ids = idsFromParam(param);
  const comparison = await loadComparison(context.get(dbContext), ids);
  return { ...comparison, ids: comparison.products.map((p) => p.id) };
}

/** Add, remove, clear: a fetcher's post gets the reply; a plain post (or the page's own forms) comes back to `redirectTo`. */
export async function action({ request, context }: Route.ActionArgs) {
  const values = await readFormValues(request);
  const parsed = compareActionSchema.safeParse(values);
  if (!parsed.success) {
    return data<FormReply>(formFailure({}, { formError: "That compare change could not be understood. Please try again." }), { status: 400 });
  }
  const state = await readCompareState(request);
  const result = await applyCompareAction(context.get(dbContext), state.ids, parsed.data);
  if (values.redirectTo) {
    const headers = { "Set-Cookie": await compareCookieHeader({ ids: result.ids, notice: result.message }) };
    throw redirect(safeRedirectPath(values.redirectTo, "/compare"), { headers });
  }
  const headers = { "Set-Cookie": await compareCookieHeader({ ids: result.ids, notice: null }) };
  if (!result.ok) return data<FormReply>(formFailure({}, { formError: result.message }), { status: statusFor(result.reason), headers });
  const { items, ids } = await loadCompareList(context.get(dbContext), result.ids);
  return data<CompareReply>({ status: "success", message: result.message, compare: { items, ids } }, { headers });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: loaderData?.category && loaderData.products.length >= 2 ? `Compare ${loaderData.category} Products` : "Compare Products",
    description: "Compare up to 4 products side by side: specifications, differences and prices.",
  }),
  { name: "robots", content: "noindex" },
];

const BETTER_HINT = { higher: "higher is better", lower: "lower is better", yes: "Yes is better" } as const;

export default function ComparePage({ loaderData }: Route.ComponentProps) {
  const { category, products, rows, notes, ids } = loaderData;
  const enough = products.length >= 2;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-gray-900">{enough ? `Compare ${category} Products` : "Compare Products"}</h1>
          {enough && <p className="mt-1 text-sm text-gray-600">{`${products.length} products side by side. Rows that differ are marked “Differs”; the better value is marked “Best”.`}</p>}
        </div>
        {products.length > 0 && (
          <Form method="post" action="/compare">
            <input type="hidden" name="intent" value="clear" />
            <input type="hidden" name="redirectTo" value="/compare" />
            <button type="submit" className={buttonClass("outline", "sm")}>
              Clear all
            </button>
          </Form>
        )}
      </div>

      {notes.length > 0 && (
        <ul className="mt-6 space-y-1 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" aria-label="About this comparison">
          {notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}

      {!enough ? (
        <section className="mx-auto mt-10 flex max-w-xl flex-col items-center text-center">
          <h2 className="text-xl font-semibold text-gray-900">Choose at least two products to compare</h2>
          <p className="mt-3 text-gray-600">
            {products.length === 1
              ? `Only “${products[0]!.name}” is in this comparison. Add another ${category} product with its Compare button to see them side by side.`
              : "Use the Compare button on up to 4 products of one category (laptops, say) to see their specifications side by side."}
          </p>
          <ButtonLink to="/products" size="lg" className="mt-8">
            Browse Products
          </ButtonLink>
        </section>
      ) : (
        <div className="relative mt-6 overflow-x-auto rounded-xl border border-gray-200" tabIndex={0} role="region" aria-labelledby="compare-caption">
          <table className="w-full min-w-max border-collapse text-sm">
            <caption id="compare-caption" className="sr-only">
              {`${category} products compared side by side`}
            </caption>
            <thead>
              <tr className="align-top">
                <th scope="col" className="sticky left-0 z-10 w-28 min-w-28 border-b border-r border-gray-200 bg-white p-3 text-left text-xs font-semibold uppercase tracking-wide text-gray-600 sm:w-44 sm:min-w-44">
                  Specification
                </th>
                {products.map((p) => {
                  const href = `/products/${encodeURIComponent(p.id)}`;
                  return (
                    <th key={p.id} scope="col" className="w-40 min-w-40 border-b border-gray-200 p-3 text-left align-top font-normal sm:w-56 sm:min-w-56">
                      <Link to={href} tabIndex={-1} aria-hidden="true" className="block overflow-hidden rounded-lg border border-gray-200 bg-gray-50">
                        <img src={p.image} alt="" width={800} height={600} className="aspect-[4/3] h-auto w-full object-cover" />
                      </Link>
                      <Link to={href} className="mt-2 line-clamp-3 block font-semibold text-gray-900 hover:text-pink-700">
                        {p.name}
                      </Link>
                      <Money paise={p.pricePaise} className="mt-1 block text-base font-bold text-gray-900" />
                      <AddToCartForm productId={p.id} productName={p.name} stock={p.stock} size="sm" className="mt-2" />
                      <Form method="post" action="/compare">
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name="productId" value={p.id} />
                        <input type="hidden" name="redirectTo" value={compareHref(ids.filter((id) => id !== p.id))} />
                        <button type="submit" className="text-sm font-medium text-gray-600 underline hover:text-red-700" aria-label={`Remove ${p.name} from compare`}>
                          Remove
                        </button>
                      </Form>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className={row.differs ? "bg-amber-50" : undefined}>
                  <th
                    scope="row"
                    className={`sticky left-0 z-10 border-b border-r border-gray-200 p-3 text-left align-top font-semibold text-gray-900 ${row.differs ? "bg-amber-50" : "bg-white"}`}
                  >
                    <span className="block">{row.label}</span>
                    {row.differs && <span className="mt-1 inline-block rounded bg-amber-200 px-1.5 py-0.5 text-xs font-semibold text-amber-950">Differs</span>}
                    {row.better && <span className="mt-1 block text-xs font-normal text-gray-600">{BETTER_HINT[row.better]}</span>}
                  </th>
                  {row.cells.map((cell, i) => (
                    <td key={products[i]!.id} className="border-b border-gray-200 p-3 align-top text-gray-800">
                      {cell.value === null ? (
                        <>
                          <span aria-hidden="true">—</span>
                          <span className="sr-only">Not listed</span>
                        </>
                      ) : (
                        <span className={cell.best ? "font-semibold text-gray-900" : undefined}>{cell.value}</span>
                      )}
                      {cell.best && (
                        <span className="ml-2 inline-flex items-center gap-1 rounded-full border border-green-700 bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800">
                          <CheckIcon width={12} height={12} strokeWidth={3} />
                          Best
                        </span>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
