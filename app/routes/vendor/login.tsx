import { useRef } from "react";
import { useSearchParams } from "react-router";
import { Form, Link } from "~/lib/route-links";
import { AuthCard, authLinkClass } from "~/components/auth/AuthCard";
import { FormAlert } from "~/components/ui/FormAlert";
import { Button } from "~/components/ui/Button";
import { Checkbox } from "~/components/ui/Checkbox";
import { TextField } from "~/components/ui/Field";
import { BRAND } from "~/config/brand";
import { useFormReply, useIsPending } from "~/lib/form-hooks";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { signInAction } from "~/modules/identity/actions.server";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Vendor Login", description: `Sign in to the ${BRAND.name} vendor portal to manage your products and orders.` });

export function action(args: Route.ActionArgs) {
  return signInAction(args, "vendor", "/vendor/dashboard");
}

export default function VendorLogin({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const busy = useIsPending();
  const formRef = useRef<HTMLFormElement>(null);
  useFormReply(formRef, actionData, { clearOnError: ["password"] });
  const errors = actionData?.fieldErrors ?? {};
  return (
    <AuthCard
      title="Vendor Login"
      subtitle="Sign in to manage your products and orders."
      footer={
        <>
          <p>
            New vendor?{" "}
            <Link to="/vendor/register" className={authLinkClass}>
              Register your business
            </Link>
          </p>
          <p>
            Shopping with us?{" "}
            <Link to="/login" className={authLinkClass}>
              Customer login
            </Link>
          </p>
        </>
      }
    >
      <Form ref={formRef} method="post" noValidate className="space-y-5">
        {actionData?.formError && <FormAlert>{actionData.formError}</FormAlert>}
        <input type="hidden" name="redirectTo" value={safeRedirectPath(params.get("redirectTo"), "/vendor/dashboard")} />
        <TextField label="Email Address" name="email" type="email" autoComplete="email" required maxLength={254} defaultValue={actionData?.values.email} error={errors.email} />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" required maxLength={128} error={errors.password} />
        <div className="flex items-center justify-between gap-4">
          <Checkbox label="Remember me" name="rememberMe" defaultChecked={actionData?.values.rememberMe === "on"} />
          <Link to="/forgot-password" className="text-sm font-semibold text-pink-700 hover:text-pink-800">
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? "Signing in..." : "Sign In"}
        </Button>
      </Form>
    </AuthCard>
  );
}
