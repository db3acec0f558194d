import { Link } from "~/lib/route-links";
import { builderHref } from "~/modules/builds/selection";
import { useVisitor } from "~/modules/visitor/visitor";

const link = "font-semibold text-pink-700 underline underline-offset-2 hover:text-pink-800";

/**
 * A PC part's product page: whether the part fits the customer's saved build. The page is shared
 * (decision 027), so the answer comes after load from /visitor; until then, and for anyone without
 * a saved build, the box invites a build instead. Its height is fixed so that nothing below moves
 * when the answer arrives (tests/e2e/build-cart.spec.ts measures it); a longer message scrolls
 * inside it.
 */
export function SavedBuildFit({ productId }: { productId: string }) {
  const fit = useVisitor().value.buildFit;
  return (
    <section aria-label="Your PC build" aria-live="polite" className="mt-4 h-24 overflow-y-auto rounded-lg border border-gray-200 bg-gray-50 px-4 py-3 text-sm">
      {fit === null ? (
        <>
          <p className="font-semibold text-gray-900">Building a PC?</p>
          <p className="mt-1 text-gray-700">
            See which parts fit with this one.{" "}
            <Link to={builderHref([productId])} className={link}>
              Start a build with this part
            </Link>
          </p>
        </>
      ) : (
        <>
          <p className={`font-semibold ${!fit.fits ? "text-red-700" : fit.checked ? "text-green-800" : "text-amber-900"}`}>
            {!fit.fits ? "Doesn't fit your saved build " : fit.checked ? "Fits your saved build " : "Not every check ran against your saved build "}
            <Link to={fit.href} className={link}>
              {fit.buildName}
            </Link>
            {fit.messages.length > 0 ? ":" : ""}
          </p>
          {fit.messages.length > 0 && <p className="mt-1 text-gray-800">{fit.messages.join(" ")}</p>}
        </>
      )}
    </section>
  );
}
