import { data, redirect } from "react-router";
import { Link } from "~/lib/route-links";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { RecordNotFound } from "~/components/admin/RecordNotFound";
import { DispatchForm } from "~/components/delivery/DispatchForm";
import { dbContext } from "~/context";
import { flashHeaders, readFlash } from "~/lib/flash.server";
import { formFailure, type FormFailure } from "~/lib/form";
import { readFormValues } from "~/lib/form.server";
import { statusFor } from "~/lib/outcome";
import { saveSellerDispatch, sellerDispatch } from "~/modules/delivery/dispatch.server";
import { vendorOf } from "~/modules/identity/accounts.server";
import { requireAdmin } from "~/modules/identity/guards.server";
import { brandTitle } from "~/modules/seo/meta";
import type { Route } from "./+types/users.$id.dispatch";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: brandTitle(`Dispatch settings of ${loaderData?.settings.vendorName ?? "a seller"}`, "Admin") },
  { name: "robots", content: "noindex" },
];

/** The seller of a vendor account, or a 404. */
async function sellerOf(args: Route.LoaderArgs | Route.ActionArgs) {
  const db = args.context.get(dbContext);
  const vendor = await vendorOf(db, args.params.id);
  const settings = vendor ? await sellerDispatch(db, vendor.id) : null;
  if (!settings) throw data(null, { status: 404 });
  return settings;
}

export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args);
  const [settings, flash] = await Promise.all([sellerOf(args), readFlash(args.request)]);
  return data({ settings, flash: flash.message }, { headers: flash.headers });
}

export async function action(args: Route.ActionArgs) {
  requireAdmin(args);
  const settings = await sellerOf(args);
  const values = await readFormValues(args.request);
  // The seller is the one of this page's account, whatever the post names.
  const result = await saveSellerDispatch(args.context.get(dbContext), { kind: "admin" }, settings.vendorId, values);
  if (!result.ok) {
    const errors = result.fieldErrors ? { fieldErrors: result.fieldErrors } : { formError: result.message };
    return data<FormFailure>(formFailure(values, errors), { status: statusFor(result.reason) });
  }
  throw redirect(`/admin/users/${encodeURIComponent(args.params.id)}/dispatch`, { headers: await flashHeaders(result.message) });
}

export default function AdminSellerDispatch({ loaderData, actionData, params }: Route.ComponentProps) {
  const { settings, flash } = loaderData;
  return (
    <div className="max-w-2xl">
      <Link to={`/admin/users/${encodeURIComponent(params.id)}`} className="text-sm font-semibold text-pink-700 hover:text-pink-800">
        ← Back to {settings.vendorName}
      </Link>
      <h1 className="mt-3 break-words text-2xl font-bold text-gray-900">Dispatch settings of {settings.vendorName}</h1>
      <ActionNotice confirmation={flash} />
      <section aria-labelledby="seller-dispatch" className="mt-6 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
        <h2 id="seller-dispatch" className="text-lg font-semibold text-gray-900">
          Dispatch PIN, handling time and cut-off
        </h2>
        {!settings.dispatchPin && <p className="mt-2 text-sm text-gray-700">No dispatch PIN yet: this seller&apos;s products show no delivery date.</p>}
        <DispatchForm current={settings} reply={actionData} labelledBy="seller-dispatch" />
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RecordNotFound error={error} title="Seller not found" text="There is no seller with this account. It may have been removed." backTo="/admin/users" backLabel="Back to Manage Users" />;
}
