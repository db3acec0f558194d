import { data } from "react-router";
import { Link } from "~/lib/route-links";
import { BuildQuote } from "~/components/builds/BuildQuote";
import { dbContext } from "~/context";
import { formatOrderDate } from "~/lib/dates";
import { sharedPage } from "~/lib/http-policy";
import { SAVED_BUILD_MESSAGES } from "~/modules/builds/saved-build";
import { quoteOf, savedBuild } from "~/modules/builds/saved-builds.server";
import { legalDetails } from "~/modules/content/legal.server";
import { orderTotals } from "~/modules/orders/totals";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/builds.$id.quote";

/** As the saved build's own page: one page for everyone with the address. */
export const headers = sharedPage();

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({ title: loaderData ? `Quote: ${loaderData.name}` : "Quote", description: "A printable quote of a saved PC build: parts, sellers, GST and total." }),
  { name: "robots", content: "noindex" },
];

/** A saved build's quote: what its parts cost today (a quote is an offer of today's prices), the parts no longer sold left out and counted. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const build = await savedBuild(db, params.id);
  if (!build) throw data(SAVED_BUILD_MESSAGES.notFound, { status: 404 });
  const [quote, legal] = await Promise.all([quoteOf(db, build.partIdsToday), legalDetails(db)]);
  const gone = build.parts.length - build.partIdsToday.length;
  return { id: build.id, name: build.name, savedAt: build.createdAt, quote: { ...quote, missing: quote.missing + gone }, totals: orderTotals(quote.lines), legal, date: new Date().toISOString() };
}

export default function SavedBuildQuotePage({ loaderData }: Route.ComponentProps) {
  const { id, name, savedAt, quote, totals, legal, date } = loaderData;
  return (
    <BuildQuote
      title={name}
      subtitle={`Build saved on ${formatOrderDate(savedAt)}`}
      date={date}
      sellers={quote.sellers}
      totals={totals}
      missing={quote.missing}
      legal={legal}
      controls={
        <Link to={`/builds/${id}`} className="text-sm font-semibold text-pink-700 hover:text-pink-800">
          Back to the build
        </Link>
      }
    />
  );
}
