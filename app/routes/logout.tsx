import { redirect } from "react-router";
import { identityContext } from "~/context";
import { signOut } from "~/modules/identity/accounts.server";
import type { Route } from "./+types/logout";

/** Logout ends the session on the server (not just the cookie) and returns to /. */
export async function action({ request, context }: Route.ActionArgs) {
  const headers = await signOut(context.get(identityContext), request);
  throw redirect("/", { headers });
}

export function loader() {
  throw redirect("/");
}
