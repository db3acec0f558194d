import { useRef } from "react";
import { redirect, useSearchParams } from "react-router";
import { Form, Link } from "~/lib/route-links";
import { AuthCard, authLinkClass } from "~/components/auth/AuthCard";
import { FormAlert } from "~/components/ui/FormAlert";
import { Button } from "~/components/ui/Button";
import { Checkbox } from "~/components/ui/Checkbox";
import { TextField } from "~/components/ui/Field";
import { BRAND } from "~/config/brand";
import { userContext } from "~/context";
import { useFormReply, useIsPending } from "~/lib/form-hooks";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { signInAction } from "~/modules/identity/actions.server";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Login", description: `Sign in to your ${BRAND.name} account to check out, track orders and manage your profile.` });

export function loader({ request, context }: Route.LoaderArgs) {
  // Already signed in: nothing to do here.
  if (context.get(userContext)) throw redirect(safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "/"));
  return null;
}

export function action(args: Route.ActionArgs) {
  return signInAction(args, "customer", "/");
}

export default function Login({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const busy = useIsPending();
  const formRef = useRef<HTMLFormElement>(null);
  useFormReply(formRef, actionData, { clearOnError: ["password"] });
  const redirectTo = safeRedirectPath(params.get("redirectTo"), "/");
  const errors = actionData?.fieldErrors ?? {};
  return (
    <AuthCard
      title="Sign in to your account"
      subtitle="Welcome back! Sign in to continue shopping."
      footer={
        <>
          <p>
            Don't have an account?{" "}
            <Link to={`/register${redirectTo !== "/" ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ""}`} className={authLinkClass}>
              Register
            </Link>
          </p>
          <p>
            Are you a vendor?{" "}
            <Link to="/vendor/login" className={authLinkClass}>
              Vendor Login
            </Link>
          </p>
        </>
      }
    >
      <Form ref={formRef} method="post" noValidate className="space-y-5">
        {actionData?.formError && <FormAlert>{actionData.formError}</FormAlert>}
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          label="Email Address"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={actionData?.values.email}
          error={errors.email}
        />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" required maxLength={128} error={errors.password} />
        <div className="flex items-center justify-between gap-4">
          <Checkbox label="Remember me" name="rememberMe" defaultChecked={actionData?.values.rememberMe === "on"} />
          <Link to="/forgot-password" className="text-sm font-semibold text-pink-700 hover:text-pink-800">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? "Signing in..." : "Sign In"}
        </Button>
      </Form>
    </AuthCard>
  );
}
