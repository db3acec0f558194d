import { Form, Link, data, useNavigation } from "react-router";
import { AuthCard, FormAlert, authLinkClass } from "~/components/auth/AuthCard";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/Field";
import { identityContext } from "~/context";
import { requestPasswordReset } from "~/modules/identity/accounts.server";
import { MESSAGES, formValues } from "~/modules/identity/forms";
import { RESET_LINK_MINUTES } from "~/modules/identity/reset";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Forgot Password", description: "Reset the password of your RC Computers account." });

const SENT = `If an account exists for that email, we've sent a link to reset its password. The link works once, within ${RESET_LINK_MINUTES} minutes.`;

export async function action({ request, context }: Route.ActionArgs) {
  const { email = "" } = formValues(await request.formData());
  const trimmed = email.trim().toLowerCase();
  if (!trimmed || trimmed.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed)) {
    return data({ sent: false, error: MESSAGES.emailInvalid, email }, { status: 400 });
  }
  await requestPasswordReset(context.get(identityContext), trimmed);
  return { sent: true, error: null, email: trimmed };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email you signed up with and we'll send you a link to choose a new password."
      footer={
        <p>
          Remembered it?{" "}
          <Link to="/login" className={authLinkClass}>
            Back to sign in
          </Link>
        </p>
      }
    >
      {actionData?.sent ? (
        <FormAlert tone="success">{SENT}</FormAlert>
      ) : (
        <Form method="post" noValidate className="space-y-5">
          {actionData?.error && <FormAlert>{actionData.error}</FormAlert>}
          <TextField label="Email Address" name="email" type="email" autoComplete="email" required maxLength={254} defaultValue={actionData?.email} />
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            {busy ? "Sending..." : "Send Reset Link"}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
