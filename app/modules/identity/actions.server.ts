import { data, redirect, type RouterContextProvider } from "react-router";
import { clientIpContext, identityContext } from "~/context";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { signIn, type SignInDoor } from "./accounts.server";
import { formValues, parseLogin, type FieldErrors } from "./forms";

export interface AuthActionData {
  formError?: string;
  code?: string;
  fieldErrors?: FieldErrors;
  values?: Record<string, string>;
}

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** The shared action of the three sign-in pages: validate, sign in through the door, go on. */
export async function signInAction({ request, context }: Args, door: SignInDoor, fallback: string) {
  const values = formValues(await request.formData());
  const echo = { email: values.email ?? "", rememberMe: values.rememberMe ?? "" };
  const parsed = parseLogin(values);
  if (!parsed.ok) return data<AuthActionData>({ formError: parsed.formError, fieldErrors: parsed.fieldErrors, values: echo }, { status: 400 });
  const result = await signIn(context.get(identityContext), door, parsed.data, request, context.get(clientIpContext));
  if (!result.ok) {
    const status = result.code === "rate_limited" ? 429 : result.code === "auth/not-an-admin" || result.code === "not-a-vendor" ? 403 : 401;
    return data<AuthActionData>({ formError: result.message, code: result.code, values: echo }, { status });
  }
  const redirectTo = safeRedirectPath(values.redirectTo, fallback);
  // An administrator signing in from an admin page goes back there; from elsewhere, to the admin dashboard.
  const target = door === "admin" && !redirectTo.startsWith("/admin") ? fallback : redirectTo;
  throw redirect(target, { headers: result.headers });
}
