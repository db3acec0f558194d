import { useRef } from "react";
import { data } from "react-router";
import { Form, Link } from "~/lib/route-links";
import { AuthCard, authLinkClass } from "~/components/auth/AuthCard";
import { FormAlert } from "~/components/ui/FormAlert";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/Field";
import { BRAND } from "~/config/brand";
import { identityContext } from "~/context";
import { formFailure, type FormFailure, type FormSuccess } from "~/lib/form";
import { useFormReply, useIsPending } from "~/lib/form-hooks";
import { readFormValues } from "~/lib/form.server";
import { requestPasswordReset } from "~/modules/identity/accounts.server";
import { MESSAGES } from "~/modules/identity/messages";
import { RESET_LINK_MINUTES } from "~/modules/identity/reset";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Forgot Password", description: `Reset the password of your ${BRAND.name} account.` });

const SENT = `If an account exists for that email, we've sent a link to reset its password. The link works once, within ${RESET_LINK_MINUTES} minutes.`;

export async function action({ request, context }: Route.ActionArgs) {
  const values = await readFormValues(request);
  const trimmed = (values.email ?? "").trim().toLowerCase();
  if (!trimmed || trimmed.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed)) {
    return data<FormFailure>(formFailure(values, { formError: MESSAGES.emailInvalid }), { status: 400 });
  }
  await requestPasswordReset(context.get(identityContext), trimmed);
  return { status: "success", message: SENT } satisfies FormSuccess;
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useIsPending();
  const formRef = useRef<HTMLFormElement>(null);
  useFormReply(formRef, actionData);
  const failure = actionData?.status === "error" ? actionData : undefined;
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
      {actionData?.status === "success" ? (
        <FormAlert tone="success">{actionData.message}</FormAlert>
      ) : (
        <Form ref={formRef} method="post" noValidate className="space-y-5">
          {failure?.formError && <FormAlert>{failure.formError}</FormAlert>}
          <TextField label="Email Address" name="email" type="email" autoComplete="email" required maxLength={254} defaultValue={failure?.values.email} />
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            {busy ? "Sending..." : "Send Reset Link"}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
