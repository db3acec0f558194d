import { data, redirect } from "react-router";
import { Form, Link } from "~/lib/route-links";
import { z } from "zod";
import { Button } from "~/components/ui/Button";
import { FormAlert } from "~/components/ui/FormAlert";
import { dbContext } from "~/context";
import { formValues } from "~/lib/form";
import { readForm } from "~/lib/form.server";
import { builderHref, partIdsFrom, PART_FIELD } from "~/modules/builds/selection";
import { addBuildToCart } from "~/modules/cart/build-cart.server";
import { cartCookieHeader, readCartLines } from "~/modules/cart/cart.server";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/build.cart";

/** The field "Add anyway" posts with the build's parts: the customer has read the build's problems. */
const CONFIRM_FIELD = "confirm";
const confirmation = z.object({ [CONFIRM_FIELD]: z.literal("yes") });

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Add build to cart", description: "Add every part of a PC build to your cart." }),
  { name: "robots", content: "noindex" },
];

/**
 * Only posts come here (the builder's and a saved build's "Add build to cart"); an address typed
 * in goes to the builder. After a post without JavaScript the server renders this page with the
 * action's answer, and its loader then sees the post's own headers: a form's content type.
 */
export function loader({ request }: Route.LoaderArgs) {
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/.test(request.headers.get("Content-Type") ?? "")) throw redirect("/build");
  return null;
}

/**
 * In the browser the page loads nothing from the server: after a post the router runs this
 * route's loaders without the post's headers, and the server's would send the answer away.
 */
export function clientLoader() {
  return null;
}

/**
 * "Add build to cart": every part, stock checked here, or nothing (cart/build-cart.server.ts). A
 * build with an error is added only once confirmed: the first post answers its problems.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const partIds = partIdsFrom(form);
  const confirmed = confirmation.safeParse(formValues(form)).success;
  const result = await addBuildToCart(context.get(dbContext), await readCartLines(request), partIds, { confirmed });
  if (result.ok) throw redirect("/cart", { headers: { "Set-Cookie": await cartCookieHeader(result.lines) } });
  const back = builderHref(partIds);
  if (result.reason === "unconfirmed") {
    return { kind: "confirm" as const, message: result.message, problems: result.problems.map((v) => v.message), partIds, back };
  }
  return data({ kind: "refused" as const, message: result.message, problems: result.problems, partIds, back }, { status: 409 });
}

export default function AddBuildToCart({ actionData }: Route.ComponentProps) {
  if (!actionData) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:px-8">
        <h1 className="text-3xl font-bold text-gray-900">Add build to cart</h1>
        <p className="mt-4 text-gray-700">
          Choose a build&apos;s parts in the{" "}
          <Link to="/build" className="font-semibold text-pink-700 underline underline-offset-2 hover:text-pink-800">
            PC builder
          </Link>
          , then add them all to your cart from there.
        </p>
      </div>
    );
  }
  const { kind, message, problems, partIds, back } = actionData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold text-gray-900">Add build to cart</h1>
      <div className="mt-6">
        <FormAlert tone={kind === "refused" ? "error" : "info"}>{message}</FormAlert>
      </div>
      {problems.length > 0 && (
        <section aria-labelledby="build-problems" className="mt-6">
          <h2 id="build-problems" className="text-lg font-semibold text-gray-900">
            {kind === "refused" ? "What cannot be had" : "Problems with this build"}
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-gray-800">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </section>
      )}
      <div className="mt-8 flex flex-wrap items-center gap-4">
        {kind === "confirm" && (
          <Form method="post" action="/build/cart">
            {partIds.map((id, i) => (
              <input key={`${id}-${i}`} type="hidden" name={PART_FIELD} value={id} />
            ))}
            <input type="hidden" name={CONFIRM_FIELD} value="yes" />
            <Button type="submit" size="lg">
              Add anyway
            </Button>
          </Form>
        )}
        <Link to={back} className="font-semibold text-pink-700 underline underline-offset-2 hover:text-pink-800">
          Back to the builder
        </Link>
      </div>
    </div>
  );
}
