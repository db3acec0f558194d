import { data, redirect, useSubmit, type ShouldRevalidateFunctionArgs } from "react-router";
import { Form } from "~/lib/route-links";
import { Button, ButtonLink } from "~/components/ui/Button";
import { dbContext, storeOf } from "~/context";
import { flashHeaders, readFlash } from "~/lib/flash.server";
import { formFailure, formValues, type FieldErrors } from "~/lib/form";
import { readForm } from "~/lib/form.server";
import { statusFor } from "~/lib/outcome";
import { pageAfterPost } from "~/lib/page-after-post";
import { requireVendorProfile } from "~/modules/identity/guards.server";
import { actOnReturn } from "~/modules/returns/returns.server";
import { SELLER_ANSWER_HOURS } from "~/modules/returns/rules";
import { SELLER_ACTION_FIELD, SHIPMENT_NEEDED, parseSellerAction, type SellerActionReply } from "~/modules/returns/seller-actions";
import { pageMeta } from "~/modules/seo/meta";
import { parseVendorReturnQuery, VENDOR_RETURN_FILTERS, vendorReturnSearch } from "~/modules/vendors/return-query";
import { vendorReturns } from "~/modules/vendors/returns.server";
import { VendorReturnCard } from "~/components/returns/VendorReturnCard";
import type { Route } from "./+types/returns";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Returns", description: "Your customers' return and replacement requests." }),
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  const { vendor } = await requireVendorProfile(args);
  const db = args.context.get(dbContext);
  const query = parseVendorReturnQuery(new URL(args.request.url).searchParams);
  const [page, flash] = await Promise.all([vendorReturns(db, vendor.id, query), readFlash(args.request)]);
  return data({ query, page, flash: flash.message }, { headers: flash.headers });
}

/** A refused change (the request moved on since the page was drawn) reloads the list, so it shows what is true now. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionStatus === 409) return true;
  return defaultShouldRevalidate;
}

export async function action(args: Route.ActionArgs) {
  const { user, vendor } = await requireVendorProfile(args);
  const values = formValues(await readForm(args.request));
  const number = values.number ?? "";
  const intent = values.intent ?? "";
  const refuse = (status: number, formError: string | undefined, fieldErrors?: FieldErrors) =>
    data<SellerActionReply>({ ...formFailure(values, { formError, fieldErrors }), number, intent }, { status });
  const parsed = parseSellerAction(values);
  if (!parsed) return refuse(400, "Choose one of the actions offered for the request.");
  if (!parsed.ok) return refuse(400, SHIPMENT_NEEDED[intent as keyof typeof SHIPMENT_NEEDED], parsed.fieldErrors);
  const result = await actOnReturn(storeOf(args.context), { role: "vendor", userId: user.id, vendorId: vendor.id }, parsed.action);
  if (!result.ok) {
    const field = result.reason === "invalid" ? SELLER_ACTION_FIELD[parsed.action.intent] : undefined;
    return field ? refuse(400, undefined, { [field]: result.message }) : refuse(statusFor(result.reason), result.message);
  }
  throw redirect(pageAfterPost("/vendor/returns", args.request.url), { headers: await flashHeaders(result.message) });
}

export default function VendorReturns({ loaderData, actionData }: Route.ComponentProps) {
  const { query, page, flash } = loaderData;
  const submit = useSubmit();
  const failure = actionData ?? null;
  // A refusal about a request no longer listed (it left the status filtered on) is said above the list.
  const orphan = failure?.formError !== undefined && !page.rows.some((r) => r.number === failure.number);

  return (
    <div>
      <h1 className="text-2xl font-bold text-gray-900">Returns</h1>
      <p className="mt-1 text-sm text-gray-600">Answer your customers&rsquo; return and replacement requests within {SELLER_ANSWER_HOURS} hours</p>

      {flash && (
        <p role="status" data-announce className="mt-4 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-800">
          {flash}
        </p>
      )}
      {orphan && (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {failure.formError}
        </p>
      )}

      <Form method="get" role="search" aria-label="Returns" className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="return-search" className="sr-only">
            Search returns
          </label>
          <input
            id="return-search"
            type="search"
            name="q"
            defaultValue={query.q}
            placeholder="Return or order number, product, customer..."
            className="block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-sm text-gray-900 shadow-sm placeholder:text-gray-500 focus:border-pink-600 focus:outline-none focus:ring-2 focus:ring-pink-600/20"
          />
        </div>
        <div>
          <label htmlFor="return-status" className="sr-only">
            Status
          </label>
          <select
            id="return-status"
            name="status"
            defaultValue={query.status}
            onChange={(e) => void submit(e.currentTarget.form)}
            className="block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-sm text-gray-900 shadow-sm focus:border-pink-600 focus:outline-none focus:ring-2 focus:ring-pink-600/20 sm:w-56"
          >
            {VENDOR_RETURN_FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>

      {page.rows.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-gray-300 px-6 py-12 text-center text-gray-600">No return requests found matching your criteria.</p>
      ) : (
        <ul aria-label="Return requests" className="mt-6 space-y-4">
          {page.rows.map((r) => (
            <li key={r.number}>
              <VendorReturnCard r={r} failure={failure?.number === r.number ? failure : null} />
            </li>
          ))}
        </ul>
      )}

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-gray-600">
        <p>
          Showing {page.rows.length} of {page.total} returns
        </p>
        {page.pageCount > 1 && (
          <nav aria-label="Pages" className="flex items-center gap-3">
            {page.page > 1 && (
              <ButtonLink to={vendorReturnSearch(query, { page: page.page - 1 })} variant="outline" size="sm">
                Previous
              </ButtonLink>
            )}
            <span>
              Page {page.page} of {page.pageCount}
            </span>
            {page.page < page.pageCount && (
              <ButtonLink to={vendorReturnSearch(query, { page: page.page + 1 })} variant="outline" size="sm">
                Next
              </ButtonLink>
            )}
          </nav>
        )}
      </div>
    </div>
  );
}
