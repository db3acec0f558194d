import { useRef } from "react";
import { data, redirect, useSearchParams } from "react-router";
import { Form, Link } from "~/lib/route-links";
import { AuthCard, authLinkClass } from "~/components/auth/AuthCard";
import { FormAlert } from "~/components/ui/FormAlert";
import { Button } from "~/components/ui/Button";
import { Checkbox } from "~/components/ui/Checkbox";
import { TextField } from "~/components/ui/Field";
import { BRAND } from "~/config/brand";
import { identityContext, userContext } from "~/context";
import { formFailure, type FormFailure } from "~/lib/form";
import { useFormReply, useIsPending } from "~/lib/form-hooks";
import { readFormValues } from "~/lib/form.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { registerCustomer } from "~/modules/identity/accounts.server";
import { parseRegistration } from "~/modules/identity/forms";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/register";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Register", description: `Create your ${BRAND.name} account to order computers and accessories across India.` });

export function loader({ context }: Route.LoaderArgs) {
  if (context.get(userContext)) throw redirect("/");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = await readFormValues(request);
  const parsed = parseRegistration(values);
  if (!parsed.ok) return data<FormFailure>(formFailure(values, parsed), { status: 400 });
  const result = await registerCustomer(context.get(identityContext), parsed.data, request);
  if (!result.ok) {
    const fieldErrors = result.field ? { [result.field]: result.message } : undefined;
    return data<FormFailure>(formFailure(values, { formError: result.message, fieldErrors }), { status: result.field ? 409 : 500 });
  }
  throw redirect(safeRedirectPath(values.redirectTo, "/"), { headers: result.headers });
}

export default function Register({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const busy = useIsPending();
  const formRef = useRef<HTMLFormElement>(null);
  useFormReply(formRef, actionData);
  const errors = actionData?.fieldErrors ?? {};
  const v = actionData?.values ?? {};
  return (
    <AuthCard
      title="Create your account"
      subtitle="Join thousands of customers shopping for tech across India."
      footer={
        <>
          <p>
            Already have an account?{" "}
            <Link to="/login" className={authLinkClass}>
              Sign in
            </Link>
          </p>
          <p>
            {`Want to sell on ${BRAND.name}? `}
            <Link to="/vendor/register" className={authLinkClass}>
              Register as a vendor
            </Link>
          </p>
        </>
      }
    >
      <Form ref={formRef} method="post" noValidate className="space-y-5">
        {actionData?.formError && <FormAlert>{actionData.formError}</FormAlert>}
        <input type="hidden" name="redirectTo" value={safeRedirectPath(params.get("redirectTo"), "/")} />
        <TextField label="Full Name" name="name" autoComplete="name" required maxLength={100} defaultValue={v.name} error={errors.name} />
        <TextField label="Email Address" name="email" type="email" autoComplete="email" required maxLength={254} defaultValue={v.email} error={errors.email} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={6}
          maxLength={128}
          hint="At least 6 characters"
          error={errors.password}
        />
        <TextField label="Confirm Password" name="confirmPassword" type="password" autoComplete="new-password" required maxLength={128} error={errors.confirmPassword} />
        <Checkbox
          name="terms"
          required
          defaultChecked={v.terms === "on"}
          error={errors.terms}
          label={
            <>
              I agree to the{" "}
              <Link to="/terms" className={authLinkClass} target="_blank">
                Terms &amp; Conditions
              </Link>{" "}
              and{" "}
              <Link to="/privacy" className={authLinkClass} target="_blank">
                Privacy Policy
              </Link>
            </>
          }
        />
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? "Registering..." : "Create Account"}
        </Button>
      </Form>
    </AuthCard>
  );
}
