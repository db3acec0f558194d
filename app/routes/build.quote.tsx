import { Link } from "~/lib/route-links";
import { BuildQuote } from "~/components/builds/BuildQuote";
import { dbContext } from "~/context";
import { sharedPage } from "~/lib/http-policy";
import { quoteOf } from "~/modules/builds/saved-builds.server";
import { builderHref, partIdsFrom } from "~/modules/builds/selection";
import { legalDetails } from "~/modules/content/legal.server";
import { orderTotals } from "~/modules/orders/totals";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/build.quote";

/** The same quote for everyone who asks for these parts: a shared page (docs/decisions/027-one-page-for-everyone.md). */
export const headers = sharedPage();

export const meta: Route.MetaFunction = () => [...pageMeta({ title: "Quote for a PC build", description: "A printable quote of a PC build: parts, sellers, GST and total." }), { name: "robots", content: "noindex" }];

/** A build in progress's quote, at today's prices; the totals are the cart's (orderTotals). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const partIds = partIdsFrom(new URL(request.url).searchParams);
  const [quote, legal] = await Promise.all([quoteOf(db, partIds), legalDetails(db)]);
  return { quote, totals: orderTotals(quote.lines), legal, date: new Date().toISOString(), back: builderHref(partIds) };
}

export default function BuildQuotePage({ loaderData }: Route.ComponentProps) {
  const { quote, totals, legal, date, back } = loaderData;
  return (
    <BuildQuote
      title="PC build"
      date={date}
      sellers={quote.sellers}
      totals={totals}
      missing={quote.missing}
      legal={legal}
      controls={
        <Link to={back} className="text-sm font-semibold text-pink-700 hover:text-pink-800">
          Back to the builder
        </Link>
      }
    />
  );
}
