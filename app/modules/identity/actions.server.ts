import { data, redirect, type RouterContextProvider } from "react-router";
import { clientIpContext, identityContext } from "~/context";
import { formFailure, type FormFailure } from "~/lib/form";
import { readFormValues } from "~/lib/form.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { signIn, type SignInDoor } from "./accounts.server";
import { parseLogin } from "./forms";

/** A refused sign-in; `code` tells the admin page's test hook why (see admin/login.tsx). */
export type SignInFailure = FormFailure & { code?: string };

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** The shared action of the three sign-in pages: validate, sign in through the door, go on. */
export async function signInAction({ request, context }: Args, door: SignInDoor, fallback: string) {
  const values = await readFormValues(request);
  const parsed = parseLogin(values);
  if (!parsed.ok) return data<SignInFailure>(formFailure(values, parsed), { status: 400 });
  const result = await signIn(context.get(identityContext), door, parsed.data, request, context.get(clientIpContext));
  if (!result.ok) {
    const status = result.code === "rate_limited" ? 429 : result.code === "auth/not-an-admin" || result.code === "not-a-vendor" ? 403 : 401;
    return data<SignInFailure>({ ...formFailure(values, { formError: result.message }), ...(result.code ? { code: result.code } : {}) }, { status });
  }
  const redirectTo = safeRedirectPath(values.redirectTo, fallback);
  // An administrator signing in from an admin page goes back there; from elsewhere, to the admin dashboard.
  const target = door === "admin" && !redirectTo.startsWith("/admin") ? fallback : redirectTo;
  throw redirect(target, { headers: result.headers });
}
