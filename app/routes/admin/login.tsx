import { Form, useNavigation, useSearchParams } from "react-router";
import { AuthCard, FormAlert } from "~/components/auth/AuthCard";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/Field";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { signInAction } from "~/modules/identity/actions.server";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Admin Login", description: "RC Computers administration." }),
  { name: "robots", content: "noindex" },
];

export function action(args: Route.ActionArgs) {
  return signInAction(args, "admin", "/admin/dashboard");
}

export default function AdminLogin({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <main id="main">
      <AuthCard title="Admin Login" subtitle="Sign in to the RC Computers admin panel.">
        <Form method="post" className="space-y-5" key={actionData?.formError ?? "form"}>
          {actionData?.formError && (
            <FormAlert>
              {actionData.formError}
              {actionData.code === "auth/not-an-admin" && <span className="sr-only"> (auth/not-an-admin)</span>}
            </FormAlert>
          )}
          <input type="hidden" name="redirectTo" value={safeRedirectPath(params.get("redirectTo"), "/admin/dashboard")} />
          <TextField label="Email" name="email" type="email" autoComplete="email" required maxLength={254} defaultValue={actionData?.values?.email} />
          <TextField label="Password" name="password" type="password" autoComplete="current-password" required maxLength={128} />
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            {busy ? "Signing in..." : "Login"}
          </Button>
        </Form>
      </AuthCard>
    </main>
  );
}
