import { useRef, useState } from "react";
import { data, redirect, useLocation, type ShouldRevalidateFunctionArgs } from "react-router";
import { Form, Link } from "~/lib/route-links";
import { FormAlert } from "~/components/ui/FormAlert";
import { Button, ButtonLink } from "~/components/ui/Button";
import { Checkbox } from "~/components/ui/Checkbox";
import { TextField } from "~/components/ui/Field";
import { dbContext, outboxContext, secretBoxContext } from "~/context";
import { useHydrated } from "~/hooks";
import { formFailure, type FormFailure } from "~/lib/form";
import { useFormReply, useIsPending } from "~/lib/form-hooks";
import { readFormValues } from "~/lib/form.server";
import { statusFor } from "~/lib/outcome";
import { requireAdmin } from "~/modules/identity/guards.server";
import { checkoutMethods, paymentMethodLabel } from "~/modules/payments/methods";
import { parsePaymentSettingsForm } from "~/modules/payments/settings-form.server";
import { loadPaymentSettings, savePaymentSettings, storedSecrets } from "~/modules/payments/settings.server";
import { PAYMENT_SETTINGS_MESSAGES, PUBLIC_FIELDS, SECRET_FIELDS, type PaymentSettingsView, type SecretState } from "~/modules/payments/settings";
import { brandTitle } from "~/modules/seo/meta";
import type { Route } from "./+types/payment-settings";

export const meta: Route.MetaFunction = () => [{ title: brandTitle("Payment Settings", "Admin") }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args);
  // Secrets leave the server masked to their last 4 characters, never in full.
  const settings = await loadPaymentSettings(args.context.get(dbContext), args.context.get(secretBoxContext));
  const url = new URL(args.request.url);
  // Where Razorpay sends its webhooks: on the shop's public address (BASE_URL), as mails' links are.
  const webhookUrl = args.context.get(outboxContext).link("/webhooks/razorpay");
  return { settings, webhookUrl, editing: url.searchParams.get("edit") === "1", saved: url.searchParams.get("saved") === "1" };
}

/** The one reply shape; its values are the public fields only (secrets never go back to the browser). */
type ActionData = FormFailure & { retype: boolean; conflict: boolean };

function refusal(values: Record<string, string>, errors: Parameters<typeof formFailure>[1], more: { retype: boolean; conflict: boolean }): ActionData {
  const publicOnly = Object.fromEntries(PUBLIC_FIELDS.map((f) => [f, (values[f] ?? "").slice(0, 300)]));
  return { ...formFailure(publicOnly, errors, SECRET_FIELDS), ...more };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args);
  const db = args.context.get(dbContext);
  const box = args.context.get(secretBoxContext);
  const values = await readFormValues(args.request);
  const current = await loadPaymentSettings(db, box);
  const parsed = parsePaymentSettingsForm(values, storedSecrets(current));
  if (!parsed.ok) {
    return data(refusal(values, { formError: PAYMENT_SETTINGS_MESSAGES.fix, fieldErrors: parsed.fieldErrors }, { retype: parsed.typedSecret, conflict: false }), { status: 400 });
  }
  const version = /^\d{1,9}$/.test(values.version ?? "") ? Number(values.version) : -1;
  const result = await savePaymentSettings(db, box, parsed.data, { expectedVersion: version, actorUserId: admin.id });
  if (!result.ok) {
    const typed = SECRET_FIELDS.some((f) => (values[f] ?? "").trim() !== "");
    return data(refusal(values, { formError: result.message }, { retype: typed, conflict: true }), { status: statusFor(result.reason) });
  }
  throw redirect("/admin/payment-settings?saved=1");
}

/** After a conflict, load the settings someone else saved (and their version) under the admin's form. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if ((actionResult as ActionData | undefined)?.conflict) return true;
  return defaultShouldRevalidate;
}

function SecretText({ secret }: { secret: SecretState }) {
  if (secret.state === "stored") return <span className="font-mono">{secret.masked}</span>;
  if (secret.state === "unreadable") return <span className="text-red-700">Can't be read with the current SECRETS_KEY: enter it again</span>;
  return <span className="text-gray-600">Not set</span>;
}

function secretHint(secret: SecretState): string {
  if (secret.state === "stored") return `Stored: ${secret.masked}. Leave blank to keep it.`;
  if (secret.state === "unreadable") return PAYMENT_SETTINGS_MESSAGES.unreadable;
  return "Not set yet.";
}

function EnabledBadge({ enabled }: { enabled: boolean }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${enabled ? "bg-green-100 text-green-800" : "bg-gray-100 text-gray-800"}`}>
      {enabled ? "Enabled" : "Disabled"}
    </span>
  );
}

function MethodCard({ id, title, enabled, rows }: { id: string; title: string; enabled: boolean; rows: [string, React.ReactNode][] }) {
  return (
    <article aria-labelledby={`${id}-heading`} className="rounded-xl border border-gray-200 bg-white p-5">
      <div className="flex items-center justify-between gap-3">
        <h3 id={`${id}-heading`} className="font-semibold text-gray-900">
          {title}
        </h3>
        <EnabledBadge enabled={enabled} />
      </div>
      {rows.length > 0 && (
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-gray-600">{term}</dt>
              <dd className="min-w-0 break-all text-gray-900">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </article>
  );
}

const notSet = <span className="text-gray-600">Not set</span>;

function CurrentSettings({ settings: s }: { settings: PaymentSettingsView }) {
  const offered = checkoutMethods({ razorpay: s.razorpay.enabled, stripe: s.stripe.enabled, cod: s.cod.enabled, bankTransfer: s.bank.enabled });
  return (
    <section aria-labelledby="current-heading" className="mt-8">
      <h2 id="current-heading" className="text-lg font-semibold text-gray-900">
        Current settings
      </h2>
      {offered.length > 0 ? (
        <p className="mt-1 text-sm text-gray-700">Checkout offers: {offered.map(paymentMethodLabel).join(", ")}.</p>
      ) : (
        <div className="mt-3">
          <FormAlert tone="info">
            No payment method is enabled: customers can't place orders until you enable one.
            {s.stripe.enabled && " Stripe is enabled, but checkout does not use it."}
          </FormAlert>
        </div>
      )}
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <MethodCard
          id="razorpay"
          title="Razorpay"
          enabled={s.razorpay.enabled}
          rows={[
            ["Key ID", s.razorpay.keyId ?? notSet],
            ["Key Secret", <SecretText key="secret" secret={s.razorpay.keySecret} />],
            ["Webhook Secret", <SecretText key="webhook" secret={s.razorpay.webhookSecret} />],
          ]}
        />
        <MethodCard id="cod" title="Cash on Delivery" enabled={s.cod.enabled} rows={[]} />
        <MethodCard
          id="stripe"
          title="Stripe"
          enabled={s.stripe.enabled}
          rows={[
            ["Publishable Key", s.stripe.publishableKey ?? notSet],
            ["Secret Key", <SecretText key="secret" secret={s.stripe.secretKey} />],
          ]}
        />
        <MethodCard
          id="bank"
          title="Bank Transfer"
          enabled={s.bank.enabled}
          rows={[
            ["Account Name", s.bank.accountName ?? notSet],
            ["Account Number", <SecretText key="number" secret={s.bank.accountNumber} />],
            ["Bank Name", s.bank.bankName ?? notSet],
            ["IFSC Code", s.bank.ifsc ?? notSet],
          ]}
        />
      </div>
      <p className="mt-3 text-xs text-gray-600">
        At checkout, Razorpay offers Credit / Debit Card and UPI; Cash on Delivery and Bank Transfer are offered while enabled. Stripe is not used at checkout.
      </p>
    </section>
  );
}

function SettingsForm({ settings: s, webhookUrl, failure }: { settings: PaymentSettingsView; webhookUrl: string; failure: ActionData | undefined }) {
  const busy = useIsPending();
  const formRef = useRef<HTMLFormElement>(null);
  const e = failure?.fieldErrors ?? {};
  // After a refused save, the admin's own (non-secret) entries stay; otherwise what is stored.
  const v = failure?.values;
  const text = (field: string, stored: string | null) => (v ? (v[field] ?? "") : (stored ?? ""));
  const checked = (field: string, stored: boolean) => (v ? v[field] === "on" : stored);

  // A typed secret never comes back, so the page asks for it again (retype): its field starts empty.
  useFormReply(formRef, failure, { clearOnError: SECRET_FIELDS });

  const fieldset = "space-y-4 rounded-xl border border-gray-200 bg-white p-5";
  const legend = "px-1 text-base font-semibold text-gray-900";
  return (
    <Form ref={formRef} method="post" noValidate id="payment-settings-form" aria-labelledby="form-heading" className="mt-6 space-y-6">
      <h2 id="form-heading" className="text-lg font-semibold text-gray-900">
        Add/Edit Payment Methods
      </h2>
      <input type="hidden" name="version" value={s.version} />
      <fieldset className={fieldset}>
        <legend className={legend}>Razorpay</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Key ID" name="razorpayKeyId" autoComplete="off" spellCheck={false} maxLength={255} placeholder="rzp_test_…" defaultValue={text("razorpayKeyId", s.razorpay.keyId)} error={e.razorpayKeyId} />
          <TextField
            label="Key Secret"
            name="razorpayKeySecret"
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            maxLength={255}
            hint={secretHint(s.razorpay.keySecret)}
            error={e.razorpayKeySecret}
          />
          <div className="sm:col-span-2">
            <TextField
              label="Webhook Secret"
              name="razorpayWebhookSecret"
              type="password"
              autoComplete="new-password"
              spellCheck={false}
              maxLength={255}
              hint={
                <>
                  In Razorpay's Dashboard, add a webhook to <span className="break-all font-mono">{webhookUrl}</span> with the events payment.authorized,
                  payment.captured, payment.failed, order.paid, refund.processed, refund.failed, transfer.processed and transfer.failed, and paste its secret here. {secretHint(s.razorpay.webhookSecret)}
                </>
              }
              error={e.razorpayWebhookSecret}
            />
          </div>
        </div>
        <Checkbox label="Enabled" name="razorpayEnabled" defaultChecked={checked("razorpayEnabled", s.razorpay.enabled)} error={e.razorpayEnabled} />
      </fieldset>

      <fieldset className={fieldset}>
        <legend className={legend}>Cash on Delivery</legend>
        <Checkbox label="Enabled" name="codEnabled" defaultChecked={checked("codEnabled", s.cod.enabled)} />
      </fieldset>

      <fieldset className={fieldset}>
        <legend className={legend}>Stripe</legend>
        <p className="text-sm text-gray-600">Checkout takes cards and UPI through Razorpay. Stripe's keys are kept here for later; they are not used at checkout.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Publishable Key"
            name="stripePublishableKey"
            autoComplete="off"
            spellCheck={false}
            maxLength={255}
            placeholder="pk_test_…"
            defaultValue={text("stripePublishableKey", s.stripe.publishableKey)}
            error={e.stripePublishableKey}
          />
          <TextField
            label="Secret Key"
            name="stripeSecretKey"
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            maxLength={255}
            hint={secretHint(s.stripe.secretKey)}
            error={e.stripeSecretKey}
          />
        </div>
        <Checkbox label="Enabled" name="stripeEnabled" defaultChecked={checked("stripeEnabled", s.stripe.enabled)} />
      </fieldset>

      <fieldset className={fieldset}>
        <legend className={legend}>Bank Transfer</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Account Name" name="bankAccountName" autoComplete="off" maxLength={100} defaultValue={text("bankAccountName", s.bank.accountName)} error={e.bankAccountName} />
          <TextField
            label="Account Number"
            name="bankAccountNumber"
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={30}
            hint={secretHint(s.bank.accountNumber)}
            error={e.bankAccountNumber}
          />
          <TextField label="Bank Name" name="bankName" autoComplete="off" maxLength={100} defaultValue={text("bankName", s.bank.bankName)} error={e.bankName} />
          <TextField
            label="IFSC Code"
            name="bankIfsc"
            autoComplete="off"
            spellCheck={false}
            maxLength={11}
            placeholder="HDFC0001234"
            className="uppercase"
            defaultValue={text("bankIfsc", s.bank.ifsc)}
            error={e.bankIfsc}
          />
        </div>
        <Checkbox label="Enabled" name="bankEnabled" defaultChecked={checked("bankEnabled", s.bank.enabled)} />
      </fieldset>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Save Settings"}
        </Button>
        <Link to="/admin/payment-settings" className="text-sm font-semibold text-gray-700 hover:text-pink-700">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

function PaymentSettingsScreen({ loaderData, failure }: { loaderData: Route.ComponentProps["loaderData"]; failure: ActionData | undefined }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(loaderData.editing || Boolean(failure));
  // Every navigation but a refused save (a save, Cancel, ?edit=1) starts afresh: the form closes after a save.
  // A refused save keeps the form as it is, with what was typed and where focus is.
  const location = useLocation();
  const [shownFor, setShownFor] = useState(location.key);
  if (shownFor !== location.key) {
    setShownFor(location.key);
    if (!failure) setOpen(loaderData.editing);
  }
  const { settings, webhookUrl, saved } = loaderData;
  return (
    <div className="max-w-5xl">
      <h1 className="text-2xl font-bold text-gray-900">Payment Settings</h1>
      <p className="mt-1 text-sm text-gray-600">Choose how customers can pay at checkout. Secrets are stored encrypted and only their last 4 characters are ever shown.</p>
      <div className="mt-6 space-y-3">
        {saved && !failure && <FormAlert tone="success">{PAYMENT_SETTINGS_MESSAGES.saved}</FormAlert>}
        {failure && (
          <FormAlert>
            {failure.formError}
            {failure.retype && ` ${PAYMENT_SETTINGS_MESSAGES.retype}`}
          </FormAlert>
        )}
      </div>
      <CurrentSettings settings={settings} />
      <div className="mt-8">
        {hydrated ? (
          <Button variant="outline" aria-expanded={open} aria-controls={open ? "payment-settings-form" : undefined} onClick={() => setOpen((o) => !o)}>
            Add/Edit Payment Methods
          </Button>
        ) : (
          !open && (
            <ButtonLink to="/admin/payment-settings?edit=1" variant="outline">
              Add/Edit Payment Methods
            </ButtonLink>
          )
        )}
      </div>
      {open && <SettingsForm settings={settings} webhookUrl={webhookUrl} failure={failure} />}
    </div>
  );
}

export default function AdminPaymentSettings({ loaderData, actionData }: Route.ComponentProps) {
  return <PaymentSettingsScreen loaderData={loaderData} failure={actionData as ActionData | undefined} />;
}
