import { data, redirect } from "react-router";
import { DispatchForm } from "~/components/delivery/DispatchForm";
import { dbContext } from "~/context";
import { flashHeaders, readFlash } from "~/lib/flash.server";
import { formFailure, type FormFailure } from "~/lib/form";
import { readFormValues } from "~/lib/form.server";
import { statusFor } from "~/lib/outcome";
import { saveSellerDispatch, sellerDispatch } from "~/modules/delivery/dispatch.server";
import { formatPromiseDay, formatTimeLeft } from "~/modules/delivery/promise";
import { promiseForSeller } from "~/modules/delivery/promise.server";
import { requireVendorProfile } from "~/modules/identity/guards.server";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/dispatch";

const PAGE = "/vendor/dispatch";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Dispatch settings", description: "Where you dispatch from, your handling time and your daily cut-off." }),
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  const { vendor } = await requireVendorProfile(args);
  const db = args.context.get(dbContext);
  const [settings, flash] = await Promise.all([sellerDispatch(db, vendor.id), readFlash(args.request)]);
  if (!settings) throw data(null, { status: 404 });
  // The dispatch day does not depend on where the parcel goes: the seller's own PIN stands in.
  const now = new Date();
  const example = settings.dispatchPin ? await promiseForSeller(db, { vendorId: vendor.id, destinationPin: settings.dispatchPin, now }) : null;
  return data(
    { settings, flash: flash.message, example: example && { dispatchOn: formatPromiseDay(example.dispatchOn), cutOffIn: example.orderWithinMs === null ? null : formatTimeLeft(example.orderWithinMs) } },
    { headers: flash.headers },
  );
}

export async function action(args: Route.ActionArgs) {
  const { vendor } = await requireVendorProfile(args);
  const values = await readFormValues(args.request);
  // A post naming another seller is refused, never applied to this one.
  const result = await saveSellerDispatch(args.context.get(dbContext), { kind: "seller", vendorId: vendor.id }, values.vendorId ?? vendor.id, values);
  if (!result.ok) {
    const errors = result.fieldErrors ? { fieldErrors: result.fieldErrors } : { formError: result.message };
    return data<FormFailure>(formFailure(values, errors), { status: statusFor(result.reason) });
  }
  throw redirect(PAGE, { headers: await flashHeaders(result.message) });
}

export default function VendorDispatch({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, flash, example } = loaderData;
  return (
    <div className="max-w-2xl">
      <h1 className="text-2xl font-bold text-gray-900">Dispatch settings</h1>
      <p className="mt-1 text-sm text-gray-600">
        Customers see a delivery date for your products worked out from these: your handling time and cut-off, the courier&apos;s 2 to 3 business days between metros
        (3 to 5 otherwise), Sundays and holidays.
      </p>

      {flash && (
        <p role="status" data-announce className="mt-4 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-800">
          {flash}
        </p>
      )}

      <section aria-labelledby="current-dispatch" className="mt-6 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
        <h2 id="current-dispatch" className="text-lg font-semibold text-gray-900">
          Now in use
        </h2>
        <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-gray-600">Dispatch PIN code</dt>
          <dd className="font-medium text-gray-900">{settings.dispatchPin ?? "Not set: your products show no delivery date"}</dd>
          <dt className="text-gray-600">Handling time</dt>
          <dd className="font-medium text-gray-900">
            {settings.handlingDays} business {settings.handlingDays === 1 ? "day" : "days"}
          </dd>
          <dt className="text-gray-600">Daily cut-off</dt>
          <dd className="font-medium text-gray-900">{settings.cutOff} (India time)</dd>
          {example && (
            <>
              <dt className="text-gray-600">An order placed now</dt>
              <dd className="font-medium text-gray-900">
                is dispatched on {example.dispatchOn}
                {example.cutOffIn ? ` (today's cut-off is in ${example.cutOffIn})` : ""}
              </dd>
            </>
          )}
        </dl>
      </section>

      <section aria-labelledby="change-dispatch" className="mt-6 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
        <h2 id="change-dispatch" className="text-lg font-semibold text-gray-900">
          Change your settings
        </h2>
        <DispatchForm current={settings} reply={actionData} labelledBy="change-dispatch" />
      </section>
    </div>
  );
}
