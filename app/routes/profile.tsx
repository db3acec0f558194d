import { useRef } from "react";
import { data, redirect, useFetcher, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { Form, Link } from "~/lib/route-links";
import { Checkbox } from "~/components/ui/Checkbox";
import { FormAlert } from "~/components/ui/FormAlert";
import { Button } from "~/components/ui/Button";
import { NoScriptRedirect } from "~/components/ui/NoScriptRedirect";
import { CityStatePinFields } from "~/components/orders/AddressFields";
import { TextField } from "~/components/ui/Field";
import { LEGAL_NAME_MAX } from "~/modules/gst/business-buyer";
import { BRAND } from "~/config/brand";
import { dbContext, identityContext, userContext } from "~/context";
import { formFailure, type FormReply } from "~/lib/form";
import { useFormReply } from "~/lib/form-hooks";
import { readFormValues } from "~/lib/form.server";
import { changePassword, loadProfile, saveBusinessDetails, saveProfile } from "~/modules/identity/accounts.server";
import { parseBusinessDetails, parseNewPassword, parseProfile } from "~/modules/identity/forms";
import { MESSAGES } from "~/modules/identity/messages";
import { requireUser } from "~/modules/identity/guards.server";
import { isPinFormat } from "~/modules/addresses/pin-codes";
import { pinProblem } from "~/modules/addresses/pin-directory.server";
import { reviewRemindersOn, setReviewReminders } from "~/modules/reviews/reminders.server";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "My Profile", description: `Your ${BRAND.name} account details and saved address.` }),
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const db = args.context.get(dbContext);
  const [profile, reviewReminders] = await Promise.all([loadProfile(db, user), reviewRemindersOn(db, user.id)]);
  // A saved PIN code that no longer passes is kept as it is and flagged on its field.
  const savedPinProblem = isPinFormat(profile.zipCode) ? pinProblem(profile.zipCode, profile.stateVal) : null;
  return { profile, reviewReminders, savedErrors: savedPinProblem ? { zipCode: savedPinProblem } : {} };
}

/** Each of the page's forms answers with the one reply shape, saying which form it was for. */
type Intent = "profile" | "business" | "password";
type ActionData = FormReply & { intent: Intent };

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const values = await readFormValues(request);
  const intent: Intent = values.intent === "password" || values.intent === "business" ? values.intent : "profile";
  const refuse = (errors: Parameters<typeof formFailure>[1], status: number) => data<ActionData>({ ...formFailure(values, errors), intent }, { status });
  if (!user) return refuse({ formError: MESSAGES.profileSignedOut }, 401);

  // The "review what you bought" mails: a checkbox of its own, posted with or without JavaScript.
  if (values.intent === "reminders") {
    await setReviewReminders(context.get(dbContext), user.id, values.reviewReminders === "on");
    throw redirect("/profile?reminders=saved#mail-heading");
  }

  // The business details for GST invoices: checked as at checkout, kept for the next checkout.
  if (intent === "business") {
    const parsed = parseBusinessDetails(values);
    if (!parsed.ok) return refuse(parsed, 400);
    await saveBusinessDetails(context.get(dbContext), user.id, parsed.data, new Date());
    if (values.redirectTo) throw redirect(`/profile?business=${parsed.data ? "saved" : "removed"}#business-heading`);
    return data<ActionData>({ intent, status: "success", message: parsed.data ? MESSAGES.businessSaved : MESSAGES.businessRemoved });
  }

  if (intent === "password") {
    const parsed = parseNewPassword({ password: values.newPassword ?? "", confirmPassword: values.confirmPassword ?? "", token: "-" });
    if (!values.currentPassword) return refuse({ formError: "Please enter your current password", fieldErrors: { currentPassword: "Required" } }, 400);
    if (!parsed.ok) {
      const fieldErrors = parsed.fieldErrors.password ? { newPassword: parsed.fieldErrors.password } : parsed.fieldErrors;
      return refuse({ formError: parsed.formError, fieldErrors }, 400);
    }
    const result = await changePassword(context.get(identityContext), request, { currentPassword: values.currentPassword, newPassword: parsed.data.password });
    if (!result.ok) return refuse({ formError: result.message, fieldErrors: result.field ? { [result.field]: result.message } : undefined }, 400);
    return data<ActionData>({ intent, status: "success", message: "Password changed. You have been signed out on every other device." }, { headers: result.headers });
  }

  const parsed = parseProfile(values);
  if (!parsed.ok) return refuse(parsed, 400);
  // The PIN code exists and is in the state chosen (the address is optional: an empty PIN passes).
  const pinError = parsed.data.zipCode ? pinProblem(parsed.data.zipCode, parsed.data.stateVal) : null;
  if (pinError) return refuse({ formError: pinError, fieldErrors: { zipCode: pinError } }, 400);
  const result = await saveProfile(context.get(dbContext), user.id, parsed.data);
  if (!result.ok) return refuse({ formError: result.message, fieldErrors: result.field ? { [result.field]: result.message } : undefined }, result.field ? 409 : 500);
  if (values.redirectTo) throw redirect("/profile?saved=1");
  return data<ActionData>({ intent, status: "success", message: MESSAGES.profileSaved });
}

/** A post whose session had expired keeps its message on screen instead of bouncing to sign-in. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionStatus === 401) return false;
  return defaultShouldRevalidate;
}

function ProfileForm({
  profile,
  savedErrors,
  fallback,
}: {
  profile: Route.ComponentProps["loaderData"]["profile"];
  savedErrors: Partial<Record<string, string>>;
  fallback?: ActionData;
}) {
  const fetcher = useFetcher<ActionData>();
  const [params] = useSearchParams();
  const busy = fetcher.state !== "idle";
  // A plain (no-JavaScript) post lands as the page's action data, or as ?saved=1 after success.
  const formRef = useRef<HTMLFormElement>(null);
  const posted: ActionData | undefined = fetcher.data ?? fallback ?? (params.has("saved") ? { intent: "profile", status: "success", message: MESSAGES.profileSaved } : undefined);
  const result = posted?.intent === "profile" ? posted : undefined;
  useFormReply(formRef, fetcher.data?.intent === "profile" ? fetcher.data : undefined);
  const failure = result?.status === "error" ? result : undefined;
  const errors = failure?.fieldErrors ?? (result ? {} : savedErrors);
  const v = { ...profile, ...failure?.values };
  return (
    <fetcher.Form discover="none" ref={formRef} method="post" noValidate className="space-y-5">
      <input type="hidden" name="intent" value="profile" />
      <NoScriptRedirect to="/profile?saved=1" />
      {result && <FormAlert tone={result.status}>{result.status === "success" ? result.message : result.formError}</FormAlert>}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Name" name="name" autoComplete="name" required maxLength={100} defaultValue={v.name} error={errors.name} />
        <TextField label="Email" name="email" type="email" autoComplete="email" required maxLength={254} defaultValue={v.email} error={errors.email} />
      </div>
      <fieldset className="space-y-5">
        <legend className="text-base font-semibold text-gray-900">Shipping Address</legend>
        <TextField label="Street Address" name="streetAddress" autoComplete="street-address" maxLength={300} defaultValue={v.streetAddress} error={errors.streetAddress} />
        <CityStatePinFields
          names={{ city: "city", state: "stateVal", pin: "zipCode" }}
          values={{ city: v.city, state: v.stateVal, pin: v.zipCode }}
          errors={{ city: errors.city, state: errors.stateVal, pin: errors.zipCode }}
        />
      </fieldset>
      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : "Save Changes"}
      </Button>
    </fetcher.Form>
  );
}

/**
 * The GSTIN and legal name that fill in checkout's "Buying for a business?" part. Both empty (or
 * Remove) removes them; an order already placed keeps the GSTIN its invoices were issued with.
 */
function BusinessForm({ profile, fallback }: { profile: Route.ComponentProps["loaderData"]["profile"]; fallback?: ActionData }) {
  const fetcher = useFetcher<ActionData>();
  const [params] = useSearchParams();
  const busy = fetcher.state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);
  // A plain (no-JavaScript) post lands as the page's action data, or as ?business=saved|removed after success.
  const landed = params.get("business");
  const fromUrl: ActionData | undefined =
    landed === "saved" || landed === "removed" ? { intent: "business", status: "success", message: landed === "saved" ? MESSAGES.businessSaved : MESSAGES.businessRemoved } : undefined;
  const posted: ActionData | undefined = fetcher.data ?? fallback ?? fromUrl;
  const result = posted?.intent === "business" ? posted : undefined;
  useFormReply(formRef, fetcher.data?.intent === "business" ? fetcher.data : undefined);
  const failure = result?.status === "error" ? result : undefined;
  const errors = failure?.fieldErrors ?? {};
  const v = { gstin: failure?.values.gstin ?? profile.gstin, legalName: failure?.values.legalName ?? profile.businessLegalName };
  // The fields start again from what is saved whenever that changes (saved in upper case, or removed).
  const saved = `${profile.gstin}|${profile.businessLegalName}`;
  return (
    <fetcher.Form discover="none" ref={formRef} method="post" noValidate className="mt-4 space-y-5">
      <input type="hidden" name="intent" value="business" />
      <NoScriptRedirect to="/profile?business=saved#business-heading" />
      {result && <FormAlert tone={result.status}>{result.status === "success" ? result.message : result.formError}</FormAlert>}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          key={`gstin-${saved}`}
          label="GSTIN"
          name="gstin"
          autoComplete="off"
          maxLength={20}
          placeholder="27AAPFU0939F1ZV"
          hint="15 characters, as on the GST registration. It must be registered in the state the goods are delivered to."
          defaultValue={v.gstin}
          error={errors.gstin}
        />
        <TextField
          key={`legal-${saved}`}
          label="Business legal name"
          name="legalName"
          autoComplete="organization"
          maxLength={LEGAL_NAME_MAX}
          hint="As on the GST registration"
          defaultValue={v.legalName}
          error={errors.legalName}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="outline" disabled={busy}>
          {busy ? "Saving..." : "Save business details"}
        </Button>
        {profile.gstin && (
          <Button type="submit" name="remove" value="on" variant="outline" disabled={busy}>
            Remove business details
          </Button>
        )}
      </div>
    </fetcher.Form>
  );
}

function PasswordForm({ fallback }: { fallback?: ActionData }) {
  const fetcher = useFetcher<ActionData>();
  const busy = fetcher.state !== "idle";
  const posted = fetcher.data ?? fallback;
  const result = posted?.intent === "password" ? posted : undefined;
  const formRef = useRef<HTMLFormElement>(null);
  useFormReply(formRef, fetcher.data?.intent === "password" ? fetcher.data : undefined, { resetOnSuccess: true });
  const errors = result?.status === "error" ? result.fieldErrors : {};
  return (
    <fetcher.Form discover="none" ref={formRef} method="post" noValidate className="space-y-5">
      <input type="hidden" name="intent" value="password" />
      {result && <FormAlert tone={result.status}>{result.status === "success" ? result.message : result.formError}</FormAlert>}
      <TextField label="Current Password" name="currentPassword" type="password" autoComplete="current-password" required maxLength={128} error={errors.currentPassword} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="New Password" name="newPassword" type="password" autoComplete="new-password" required minLength={6} maxLength={128} error={errors.newPassword} />
        <TextField label="Confirm New Password" name="confirmPassword" type="password" autoComplete="new-password" required maxLength={128} error={errors.confirmPassword} />
      </div>
      <Button type="submit" variant="outline" disabled={busy}>
        {busy ? "Saving..." : "Change Password"}
      </Button>
    </fetcher.Form>
  );
}

/** Mail about orders and the account always goes; only the review reminders can be turned off. */
function RemindersForm({ on }: { on: boolean }) {
  const [params] = useSearchParams();
  return (
    <Form method="post" className="mt-4 space-y-4" preventScrollReset>
      <input type="hidden" name="intent" value="reminders" />
      {params.get("reminders") === "saved" && <FormAlert tone="success">Your mail choice is saved.</FormAlert>}
      <Checkbox key={String(on)} label="Email me a few days after delivery to review what I bought" name="reviewReminders" defaultChecked={on} />
      <p className="text-xs text-gray-600">Mail about your orders and your account is always sent.</p>
      <Button type="submit" variant="outline">
        Save mail choice
      </Button>
    </Form>
  );
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-gray-900">My Profile</h1>
      <p className="mt-2 text-sm text-gray-600">Your saved address fills in checkout for you.</p>
      <section aria-label="Profile details" className="mt-8 rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <ProfileForm profile={loaderData.profile} savedErrors={loaderData.savedErrors} fallback={actionData} />
      </section>
      <section aria-labelledby="business-heading" className="mt-8 rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <h2 id="business-heading" className="text-lg font-semibold text-gray-900">
          Business details for GST invoices
        </h2>
        <p className="mt-2 text-sm text-gray-600">
          Buying for a business? Save its GSTIN and legal name and they fill in at checkout, so your sellers' tax invoices carry them for input tax credit. An invoice already issued keeps the
          GSTIN it was issued with. To remove them, clear both fields and save.
        </p>
        <BusinessForm profile={loaderData.profile} fallback={actionData} />
      </section>
      <section aria-labelledby="builds-heading" className="mt-8 rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <h2 id="builds-heading" className="text-lg font-semibold text-gray-900">
          Saved PC builds
        </h2>
        <p className="mt-2 text-sm text-gray-600">The builds you saved from the PC builder, each with its own address to share.</p>
        <Link to="/builds" className="mt-4 inline-block text-sm font-semibold text-pink-700 underline hover:text-pink-800">
          Your saved builds
        </Link>
      </section>
      <section aria-labelledby="mail-heading" className="mt-8 rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <h2 id="mail-heading" className="text-lg font-semibold text-gray-900">
          Mail from us
        </h2>
        <RemindersForm on={loaderData.reviewReminders} />
      </section>
      <section aria-labelledby="password-heading" className="mt-8 rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <h2 id="password-heading" className="text-lg font-semibold text-gray-900">
          Change Password
        </h2>
        <div className="mt-5">
          <PasswordForm fallback={actionData} />
        </div>
      </section>
    </div>
  );
}
