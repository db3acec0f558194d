import { data } from "react-router";
import { Form, Link } from "~/lib/route-links";
import { BuildVerdicts } from "~/components/builds/BuildVerdicts";
import { Button, ButtonLink } from "~/components/ui/Button";
import { Money } from "~/components/ui/Money";
import { dbContext } from "~/context";
import { formatOrderDate } from "~/lib/dates";
import { sharedPage } from "~/lib/http-policy";
import { SLOT_NAMES } from "~/modules/builds/compatibility";
import { SAVED_BUILD_MESSAGES } from "~/modules/builds/saved-build";
import { savedBuild } from "~/modules/builds/saved-builds.server";
import { builderHref, PART_FIELD } from "~/modules/builds/selection";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/builds.$id";

/**
 * A saved build's own address, opened by anyone who has it: nothing on it is the visitor's (whose
 * build it is is never shown), so it is one page for everyone (docs/decisions/027-one-page-for-everyone.md).
 * A save, a deletion or a price change empties the shop's cache of it (server/catalogue-changes.ts).
 */
export const headers = sharedPage();

export async function loader({ params, context }: Route.LoaderArgs) {
  const build = await savedBuild(context.get(dbContext), params.id);
  if (!build) throw data(SAVED_BUILD_MESSAGES.notFound, { status: 404 });
  const { userId: _owner, ...shown } = build;
  return { build: shown };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({ title: loaderData ? loaderData.build.name : "Saved build", description: "A saved PC build: its parts, prices then and now, and whether they fit together." }),
  { name: "robots", content: "noindex" },
];

export default function SavedBuildPage({ loaderData }: Route.ComponentProps) {
  const { build } = loaderData;
  const gone = build.parts.filter((p) => !p.today).length;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <p className="text-sm font-semibold text-pink-700">Saved PC build</p>
      <h1 className="mt-1 break-words text-3xl font-bold text-gray-900">{build.name}</h1>
      <p className="mt-1 text-sm text-gray-600">Saved on {formatOrderDate(build.createdAt)}. Anyone with this address can open it.</p>

      <div className="mt-6 flex flex-wrap gap-3">
        <ButtonLink to={builderHref(build.partIdsToday)} variant="outline">
          Copy and edit
        </ButtonLink>
        {build.partIdsToday.length > 0 && (
          <Form method="post" action="/build/cart">
            {build.partIdsToday.map((id, i) => (
              <input key={`${id}-${i}`} type="hidden" name={PART_FIELD} value={id} />
            ))}
            <Button type="submit">Add build to cart</Button>
          </Form>
        )}
        <ButtonLink to={`/builds/${build.id}/quote`} variant="outline">
          Printable quote
        </ButtonLink>
      </div>

      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_340px]">
        <section aria-labelledby="parts-heading" className="rounded-xl border border-gray-200 bg-white p-6">
          <h2 id="parts-heading" className="text-lg font-semibold text-gray-900">
            Parts
          </h2>
          {gone > 0 && <p className="mt-2 text-sm text-gray-700">{gone === 1 ? "One part is no longer sold: Copy and edit starts without it." : `${gone} parts are no longer sold: Copy and edit starts without them.`}</p>}
          <ul className="mt-4 divide-y divide-gray-100" aria-label="Parts of this build">
            {build.parts.map((p, i) => (
              <li key={`${p.productId}-${i}`} className="flex flex-col gap-2 py-3 text-sm sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0">
                  {p.today && <p className="text-xs font-semibold uppercase tracking-wide text-gray-600">{SLOT_NAMES[p.today.slot]}</p>}
                  {p.today ? (
                    <Link to={`/products/${encodeURIComponent(p.productId)}`} className="break-words font-medium text-gray-900 hover:text-pink-700">
                      {p.name}
                    </Link>
                  ) : (
                    <span className="break-words font-medium text-gray-900">{p.name}</span>
                  )}
                  {p.today?.sellerName && <p className="text-gray-600">Sold by {p.today.sellerName}</p>}
                </div>
                <dl className="grid shrink-0 grid-cols-2 gap-x-6 text-left sm:text-right">
                  <div>
                    <dt className="text-xs text-gray-600">When saved</dt>
                    <dd>
                      <Money paise={p.savedPricePaise} />
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-gray-600">Today</dt>
                    <dd className="font-semibold text-gray-900">{p.today ? <Money paise={p.today.pricePaise} /> : "No longer sold"}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
          <dl className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-gray-200 pt-4 text-sm">
            <dt className="text-gray-700">Total with GST when saved</dt>
            <dd className="text-right">
              <Money paise={build.totalThen} />
            </dd>
            <dt className="font-semibold text-gray-900">Total with GST today{gone > 0 ? " (parts still sold)" : ""}</dt>
            <dd className="text-right font-semibold text-gray-900">
              <Money paise={build.totalNow} />
            </dd>
          </dl>
          <p className="mt-2 text-xs text-gray-600">Prices before GST; shipping is worked out at checkout.</p>
        </section>
        <BuildVerdicts check={build.check} />
      </div>
    </div>
  );
}
