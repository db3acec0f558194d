import { BuildSummary } from "~/components/builds/BuildSummary";
import { BuildSlots } from "~/components/builds/BuildSlots";
import { SlotPartList } from "~/components/builds/SlotPartList";
import { dbContext } from "~/context";
import { sharedPage } from "~/lib/http-policy";
import { builderPage } from "~/modules/builds/builder.server";
import { quoteCart } from "~/modules/orders/orders.server";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/build";

/**
 * Build a PC: the build in progress is the address (`/build?part=ID&part=ID`, selection.ts), so the
 * page is the same for everyone and may be shared (docs/decisions/027-one-page-for-everyone.md).
 * Every step is a link or a GET form and works without JavaScript.
 */
export const headers = sharedPage();

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const { lines, ...page } = await builderPage(db, new URL(request.url).searchParams);
  // The goods with their GST, computed as the cart and the order compute them (orders/totals.ts).
  const { totals } = await quoteCart(db, lines);
  return { ...page, totals: { subTotal: totals.subTotal, tax: totals.tax, total: totals.subTotal + totals.tax } };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const tags = pageMeta({
    title: "Build a PC",
    description: "Choose a processor, motherboard, memory, graphics card, storage, case, cooler and power supply, and see before you pay whether they fit together.",
  });
  // One builder page is worth indexing; each build and each slot's list is a variation of it.
  return loaderData && (loaderData.parts.length > 0 || loaderData.choosing) ? [...tags, { name: "robots", content: "noindex, follow" }] : tags;
};

export default function BuildPage({ loaderData }: Route.ComponentProps) {
  const { parts, missing, check, totals, choosing } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold text-gray-900">Build a PC</h1>
      <p className="mt-2 max-w-3xl text-gray-700">
        Choose a part for each slot. Every part is checked against the others before you pay, and when one does not fit you are told why and what to change.
      </p>
      {missing.length > 0 && (
        <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900" role="status">
          {missing.length === 1 ? "1 part of this build is" : `${missing.length} parts of this build are`} no longer on sale here and{" "}
          {missing.length === 1 ? "was" : "were"} left out: {missing.join(", ")}.
        </p>
      )}
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_380px]">
        <div className="min-w-0">
          {choosing ? (
            <SlotPartList parts={parts} query={choosing.query} list={choosing.list} />
          ) : (
            <BuildSlots parts={parts} />
          )}
        </div>
        <BuildSummary parts={parts} check={check} totals={totals} />
      </div>
    </div>
  );
}
