import { data, redirect, useFetcher, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { FormAlert } from "~/components/auth/AuthCard";
import { Button } from "~/components/ui/Button";
import { NoScriptRedirect } from "~/components/ui/NoScriptRedirect";
import { CityStatePinFields } from "~/components/orders/AddressFields";
import { TextField } from "~/components/ui/Field";
import { dbContext, identityContext, userContext } from "~/context";
import { changePassword, loadProfile, saveProfile } from "~/modules/identity/accounts.server";
import { MESSAGES, formValues, parseNewPassword, parseProfile, type FieldErrors } from "~/modules/identity/forms";
import { requireUser } from "~/modules/identity/guards.server";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "My Profile", description: "Your RC Computers account details and saved address." }),
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  return { profile: await loadProfile(args.context.get(dbContext), user) };
}

type ActionData = { intent: "profile" | "password"; ok: boolean; message: string; fieldErrors?: FieldErrors; values?: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const values = formValues(await request.formData());
  const intent = values.intent === "password" ? "password" : "profile";
  if (!user) return data<ActionData>({ intent, ok: false, message: MESSAGES.profileSignedOut }, { status: 401 });

  if (intent === "password") {
    const parsed = parseNewPassword({ password: values.newPassword ?? "", confirmPassword: values.confirmPassword ?? "", token: "-" });
    if (!values.currentPassword) return data<ActionData>({ intent, ok: false, message: "Please enter your current password", fieldErrors: { currentPassword: "Required" } }, { status: 400 });
    if (!parsed.ok) {
      const fieldErrors = parsed.fieldErrors.password ? { newPassword: parsed.fieldErrors.password } : parsed.fieldErrors;
      return data<ActionData>({ intent, ok: false, message: parsed.formError, fieldErrors }, { status: 400 });
    }
    const result = await changePassword(context.get(identityContext), request, { currentPassword: values.currentPassword, newPassword: parsed.data.password });
    if (!result.ok) {
      return data<ActionData>({ intent, ok: false, message: result.message, fieldErrors: result.field ? { [result.field]: result.message } : undefined }, { status: 400 });
    }
    return data<ActionData>({ intent, ok: true, message: "Password changed. You have been signed out on every other device." }, { headers: result.headers });
  }

  const parsed = parseProfile(values);
  if (!parsed.ok) return data<ActionData>({ intent, ok: false, message: parsed.formError, fieldErrors: parsed.fieldErrors, values }, { status: 400 });
  const result = await saveProfile(context.get(dbContext), user.id, parsed.data);
  if (!result.ok) {
    return data<ActionData>(
      { intent, ok: false, message: result.message, fieldErrors: result.field ? { [result.field]: result.message } : undefined, values },
      { status: result.field ? 409 : 500 },
    );
  }
  if (values.redirectTo) throw redirect("/profile?saved=1");
  return data<ActionData>({ intent, ok: true, message: MESSAGES.profileSaved });
}

/** A post whose session had expired keeps its message on screen instead of bouncing to sign-in. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const r = actionResult as ActionData | undefined;
  if (r && !r.ok && r.message === MESSAGES.profileSignedOut) return false;
  return defaultShouldRevalidate;
}

function ProfileForm({ profile, fallback }: { profile: Route.ComponentProps["loaderData"]["profile"]; fallback?: ActionData }) {
  const fetcher = useFetcher<ActionData>();
  const [params] = useSearchParams();
  const busy = fetcher.state !== "idle";
  // A plain (no-JavaScript) post lands as the page's action data, or as ?saved=1 after success.
  const posted = fetcher.data ?? fallback ?? (params.has("saved") ? { intent: "profile" as const, ok: true, message: MESSAGES.profileSaved } : undefined);
  const result = posted?.intent === "profile" ? posted : undefined;
  const errors = result?.fieldErrors ?? {};
  const v = { ...profile, ...(result?.ok === false ? result.values : {}) };
  return (
    <fetcher.Form method="post" noValidate className="space-y-5" key={result && !result.ok ? JSON.stringify(result.values) : "profile"}>
      <input type="hidden" name="intent" value="profile" />
      <NoScriptRedirect to="/profile?saved=1" />
      {result && <FormAlert tone={result.ok ? "success" : "error"}>{result.message}</FormAlert>}
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

function PasswordForm({ fallback }: { fallback?: ActionData }) {
  const fetcher = useFetcher<ActionData>();
  const busy = fetcher.state !== "idle";
  const posted = fetcher.data ?? fallback;
  const result = posted?.intent === "password" ? posted : undefined;
  const errors = result?.fieldErrors ?? {};
  return (
    <fetcher.Form method="post" noValidate className="space-y-5" key={result?.ok ? "done" : "password"}>
      <input type="hidden" name="intent" value="password" />
      {result && <FormAlert tone={result.ok ? "success" : "error"}>{result.message}</FormAlert>}
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

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-gray-900">My Profile</h1>
      <p className="mt-2 text-sm text-gray-600">Your saved address fills in checkout for you.</p>
      <section aria-label="Profile details" className="mt-8 rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <ProfileForm profile={loaderData.profile} fallback={actionData} />
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
