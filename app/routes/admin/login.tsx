import { useRef } from "react";
import { useSearchParams } from "react-router";
import { Form } from "~/lib/route-links";
import { AuthCard } from "~/components/auth/AuthCard";
import { FormAlert } from "~/components/ui/FormAlert";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/Field";
import { BRAND } from "~/config/brand";
import { useFormReply, useIsPending } from "~/lib/form-hooks";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { signInAction } from "~/modules/identity/actions.server";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Admin Login", description: `${BRAND.name} administration.` }),
  { name: "robots", content: "noindex" },
];

export function action(args: Route.ActionArgs) {
  return signInAction(args, "admin", "/admin/dashboard");
}

export default function AdminLogin({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const busy = useIsPending();
  const formRef = useRef<HTMLFormElement>(null);
  useFormReply(formRef, actionData, { clearOnError: ["password"] });
  return (
    <main id="main">
      <AuthCard title="Admin Login" subtitle={`Sign in to the ${BRAND.name} admin panel.`}>
        <Form ref={formRef} method="post" className="space-y-5">
          {actionData?.formError && (
            <FormAlert>
              {actionData.formError}
              {actionData.code === "auth/not-an-admin" && <span className="sr-only"> (auth/not-an-admin)</span>}
            </FormAlert>
          )}
          <input type="hidden" name="redirectTo" value={safeRedirectPath(params.get("redirectTo"), "/admin/dashboard")} />
          <TextField label="Email" name="email" type="email" autoComplete="email" required maxLength={254} defaultValue={actionData?.values.email} error={actionData?.fieldErrors.email} />
          <TextField label="Password" name="password" type="password" autoComplete="current-password" required maxLength={128} error={actionData?.fieldErrors.password} />
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            {busy ? "Signing in..." : "Login"}
          </Button>
        </Form>
      </AuthCard>
    </main>
  );
}
