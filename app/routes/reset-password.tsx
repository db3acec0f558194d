import { useRef } from "react";
import { data, redirect } from "react-router";
import { Form, Link } from "~/lib/route-links";
import { AuthCard, authLinkClass } from "~/components/auth/AuthCard";
import { FormAlert } from "~/components/ui/FormAlert";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/Field";
import { BRAND } from "~/config/brand";
import { identityContext } from "~/context";
import { formFailure, type FormFailure } from "~/lib/form";
import { useFormReply, useIsPending } from "~/lib/form-hooks";
import { readFormValues } from "~/lib/form.server";
import { resetPassword } from "~/modules/identity/accounts.server";
import { parseNewPassword } from "~/modules/identity/forms";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Choose a New Password", description: `Choose a new password for your ${BRAND.name} account.` }),
  { name: "robots", content: "noindex" },
];

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (url.searchParams.has("done")) return { token: "", done: true };
  const token = url.searchParams.get("token") ?? "";
  return { token: token.slice(0, 200), done: false };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = await readFormValues(request);
  const parsed = parseNewPassword(values);
  if (!parsed.ok) return data<FormFailure>(formFailure(values, parsed), { status: 400 });
  const result = await resetPassword(context.get(identityContext), parsed.data.token, parsed.data.password);
  if (!result.ok) return data<FormFailure>(formFailure(values, { formError: result.message }), { status: 400 });
  throw redirect("/reset-password?done=1");
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsPending();
  const formRef = useRef<HTMLFormElement>(null);
  useFormReply(formRef, actionData);
  if (loaderData.done) {
    return (
      <AuthCard title="Password changed">
        <div className="space-y-5">
          <FormAlert tone="success">Your password has been changed. For your safety, you have been signed out everywhere.</FormAlert>
          <Link to="/login" className={`${authLinkClass} block text-center`}>
            Sign in with your new password
          </Link>
        </div>
      </AuthCard>
    );
  }
  const errors = actionData?.fieldErrors ?? {};
  return (
    <AuthCard
      title="Choose a new password"
      footer={
        <p>
          Link not working?{" "}
          <Link to="/forgot-password" className={authLinkClass}>
            Ask for a new one
          </Link>
        </p>
      }
    >
      {!loaderData.token ? (
        <FormAlert>This password reset link is invalid or has expired. Please ask for a new one.</FormAlert>
      ) : (
        <Form ref={formRef} method="post" noValidate className="space-y-5">
          {actionData?.formError && <FormAlert>{actionData.formError}</FormAlert>}
          <input type="hidden" name="token" value={loaderData.token} />
          <TextField label="New Password" name="password" type="password" autoComplete="new-password" required minLength={6} maxLength={128} hint="At least 6 characters" error={errors.password} />
          <TextField label="Confirm New Password" name="confirmPassword" type="password" autoComplete="new-password" required maxLength={128} error={errors.confirmPassword} />
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            {busy ? "Saving..." : "Set New Password"}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
