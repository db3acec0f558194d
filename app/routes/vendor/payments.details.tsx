import { useRef } from "react";
import { data, redirect } from "react-router";
import { Form } from "~/lib/route-links";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/Field";
import { FormAlert } from "~/components/ui/FormAlert";
import { BRAND } from "~/config/brand";
import { dbContext, secretBoxContext, storeOf } from "~/context";
import { flashHeaders, readFlash } from "~/lib/flash.server";
import { formFailure, type FormFailure } from "~/lib/form";
import { useFormReply, useIsPending } from "~/lib/form-hooks";
import { readFormValues } from "~/lib/form.server";
import { statusFor } from "~/lib/outcome";
import { requireVendorProfile } from "~/modules/identity/guards.server";
import { formatOrderDateTime } from "~/lib/dates";
import { pageMeta } from "~/modules/seo/meta";
import { PAYOUT_ACCOUNT_HIDDEN } from "~/modules/settlements/payout-account";
import { payoutAccountView, savePayoutAccount } from "~/modules/settlements/payout-account.server";
import type { Route } from "./+types/payments.details";

const PAGE = "/vendor/payments/details";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Payout details", description: "The bank account your payouts go to." }),
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  const { vendor } = await requireVendorProfile(args);
  const [account, flash] = await Promise.all([payoutAccountView(args.context.get(dbContext), vendor.id), readFlash(args.request)]);
  return data({ account, flash: flash.message }, { headers: flash.headers });
}

export async function action(args: Route.ActionArgs) {
  // The seller is the session's own: a vendor id in the post is never read.
  const { user, vendor } = await requireVendorProfile(args);
  const values = await readFormValues(args.request);
  const result = await savePayoutAccount(storeOf(args.context), args.context.get(secretBoxContext), { vendorId: vendor.id, actorUserId: user.id, details: values });
  if (!result.ok) {
    const errors = "fieldErrors" in result ? { fieldErrors: result.fieldErrors } : { formError: result.message };
    return data<FormFailure>(formFailure(values, errors, PAYOUT_ACCOUNT_HIDDEN), { status: statusFor(result.reason) });
  }
  throw redirect(PAGE, { headers: await flashHeaders(result.message) });
}

export default function PayoutDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { account, flash } = loaderData;
  const formRef = useRef<HTMLFormElement>(null);
  useFormReply(formRef, actionData, { clearOnError: PAYOUT_ACCOUNT_HIDDEN });
  const busy = useIsPending();
  const errors = actionData?.fieldErrors ?? {};
  const typed = actionData?.values ?? {};
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <div className="max-w-2xl">
      <h1 className="text-2xl font-bold text-gray-900">Payout details</h1>
      <p className="mt-1 text-sm text-gray-600">The bank account {BRAND.name} pays your earnings into.</p>

      {flash && (
        <p role="status" data-announce className="mt-4 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-800">
          {flash}
        </p>
      )}

      <section aria-labelledby="current-account" className="mt-6 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
        <h2 id="current-account" className="text-lg font-semibold text-gray-900">
          Current account
        </h2>
        {account ? (
          <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-gray-600">Account holder</dt>
            <dd className="font-medium text-gray-900">{account.holderName}</dd>
            <dt className="text-gray-600">Account number</dt>
            <dd className="font-mono font-medium text-gray-900">{account.masked}</dd>
            <dt className="text-gray-600">IFSC</dt>
            <dd className="font-mono font-medium text-gray-900">{account.ifsc}</dd>
            <dt className="text-gray-600">Last changed</dt>
            <dd className="text-gray-900">
              {formatOrderDateTime(account.updatedAt)}
              {account.updatedByName ? ` by ${account.updatedByName}` : ""}
            </dd>
          </dl>
        ) : (
          <p className="mt-3 text-sm text-gray-700">No payout account yet. Add one below so we can pay you.</p>
        )}
      </section>

      <section aria-labelledby="change-account" className="mt-6 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
        <h2 id="change-account" className="text-lg font-semibold text-gray-900">
          {account ? "Change the account" : "Add your account"}
        </h2>
        <p className="mt-1 text-sm text-gray-600">We email you whenever these details change. Payouts go to the new account from then on.</p>
        <Form ref={formRef} method="post" noValidate aria-labelledby="change-account" className="mt-4 space-y-5">
          {(actionData?.formError || hasErrors) && <FormAlert>{actionData?.formError ?? "Please correct the highlighted fields."}</FormAlert>}
          <TextField label="Account holder name" name="holderName" autoComplete="name" required maxLength={100} defaultValue={typed.holderName ?? ""} error={errors.holderName} />
          <TextField
            label="Account number"
            name="accountNumber"
            inputMode="numeric"
            autoComplete="off"
            required
            maxLength={24}
            hint="9 to 18 digits"
            error={errors.accountNumber}
          />
          <TextField label="Confirm account number" name="confirmAccountNumber" inputMode="numeric" autoComplete="off" required maxLength={24} error={errors.confirmAccountNumber} />
          <TextField
            label="IFSC"
            name="ifsc"
            autoComplete="off"
            autoCapitalize="characters"
            required
            maxLength={11}
            hint="11 characters, on your cheque book or passbook, like HDFC0001234"
            defaultValue={typed.ifsc ?? ""}
            error={errors.ifsc}
          />
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Save payout details"}
          </Button>
        </Form>
      </section>
    </div>
  );
}
