import { data, redirect } from "react-router";
import { Form, Link } from "~/lib/route-links";
import { SaveBuildForm, type SaveBuildRefusal } from "~/components/builds/SaveBuildForm";
import { Button, ButtonLink } from "~/components/ui/Button";
import { FormAlert } from "~/components/ui/FormAlert";
import { Money } from "~/components/ui/Money";
import { dbContext, userContext } from "~/context";
import { formatOrderDate } from "~/lib/dates";
import { echoValues, formValues, issueErrors } from "~/lib/form";
import { readFlash } from "~/lib/flash.server";
import { readForm } from "~/lib/form.server";
import { statusFor } from "~/lib/outcome";
import { saveBuildSchema } from "~/modules/builds/save-build-form";
import { defaultBuildName } from "~/modules/builds/saved-build";
import { saveBuild, savedBuildsOf } from "~/modules/builds/saved-builds.server";
import { builderHref, partIdsFrom } from "~/modules/builds/selection";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/builds";

export const meta: Route.MetaFunction = () => [...pageMeta({ title: "Your saved builds", description: "The PC builds you saved, with their parts and prices." }), { name: "robots", content: "noindex" }];

/**
 * The signed-in customer's saved builds, their own private page linked from the profile (as Orders
 * and the Wishlist are): a list that grows with every save would crowd the profile's forms.
 * Signed out there is no list to show, only the way in; the page still shows a refused save
 * (below), which a signed-out shopper may make.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  if (!user) return { builds: null, notice: null };
  const [builds, flash] = await Promise.all([savedBuildsOf(context.get(dbContext), user.id), readFlash(request)]);
  return data({ builds, notice: flash.message }, { headers: flash.headers });
}

/**
 * "Save build" from the builder: its `part` fields and an optional name. Saved, it goes to the
 * build's own address, owned by the signed-in customer or by no one; refused, this page shows the
 * form again with the message beside the name or above it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const values = formValues(form);
  const partIds = partIdsFrom(form);
  const refuse = (errors: { formError?: string; fieldErrors?: Partial<Record<string, string>> }, status: number) =>
    data<SaveBuildRefusal>({ status: "error", ...errors, fieldErrors: errors.fieldErrors ?? {}, values: echoValues(values), parts: partIds }, { status });
  const parsed = saveBuildSchema.safeParse(values);
  if (!parsed.success) return refuse(issueErrors(parsed.error.issues), 400);
  const now = new Date();
  const result = await saveBuild(context.get(dbContext), { partIds, name: parsed.data.name || defaultBuildName(now), userId: context.get(userContext)?.id ?? null }, now);
  if (!result.ok) return refuse({ formError: result.message }, statusFor(result.reason));
  throw redirect(`/builds/${result.id}`);
}

export default function SavedBuilds({ loaderData, actionData }: Route.ComponentProps) {
  const { builds, notice } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      {actionData && (
        <section aria-labelledby="save-heading" className="mb-10 rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
          <h1 id="save-heading" className="text-2xl font-bold text-gray-900">
            Save build
          </h1>
          <p className="mt-2 text-sm text-gray-700">
            The build was not saved.{" "}
            <Link to={builderHref(actionData.parts)} className="font-semibold text-pink-700 underline">
              Back to the builder
            </Link>
          </p>
          <div className="mt-4">
            <SaveBuildForm partIds={actionData.parts} reply={actionData} />
          </div>
        </section>
      )}
      {actionData ? (
        <h2 className="text-2xl font-bold text-gray-900">Your saved builds</h2>
      ) : (
        <h1 className="text-3xl font-bold text-gray-900">Your saved builds</h1>
      )}
      {notice && (
        <div className="mt-4">
          <FormAlert tone="success">{notice}</FormAlert>
        </div>
      )}
      {builds === null ? (
        <p className="mt-6 text-gray-700">
          <Link to="/login?redirectTo=%2Fbuilds" className="font-semibold text-pink-700 underline">
            Sign in
          </Link>{" "}
          to see the builds you saved. A build saved signed out is kept at its own address: keep the link.
        </p>
      ) : builds.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-gray-300 px-6 py-12 text-center text-gray-700">
          You have no saved builds yet.{" "}
          <Link to="/build" className="font-semibold text-pink-700 underline">
            Build a PC
          </Link>{" "}
          and save it to find it here.
        </p>
      ) : (
        <ul className="mt-6 space-y-4" aria-label="Saved builds">
          {builds.map((b) => (
            <li key={b.id} className="rounded-xl border border-gray-200 bg-white p-5 text-sm shadow-sm">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <h2 className="text-base font-semibold text-gray-900">
                    <Link to={`/builds/${b.id}`} className="hover:text-pink-700">
                      {b.name}
                    </Link>
                  </h2>
                  <p className="text-gray-600">Saved on {formatOrderDate(b.createdAt)}</p>
                </div>
                <p className="sm:text-right">
                  <span className="block text-xs text-gray-600">Total with GST when saved</span>
                  <Money paise={b.totalThen} className="font-semibold text-gray-900" />
                </p>
              </div>
              <ul className="mt-3 list-disc pl-5 text-gray-700">
                {b.parts.map((p, i) => (
                  <li key={`${p.name}-${i}`}>{p.name}</li>
                ))}
              </ul>
              <div className="mt-4 flex flex-wrap gap-3">
                <ButtonLink to={`/builds/${b.id}`} variant="outline" size="sm" aria-label={`Open ${b.name}`}>
                  Open
                </ButtonLink>
                <Form method="post" action={`/builds/${b.id}/delete`}>
                  <Button type="submit" variant="danger" size="sm" aria-label={`Delete ${b.name}`}>
                    Delete
                  </Button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
