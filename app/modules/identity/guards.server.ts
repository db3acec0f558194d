import { redirect, type RouterContextProvider } from "react-router";
import { dbContext, userContext, vendorContext } from "~/context";
import { vendorOf, type VendorProfile } from "./accounts.server";
import type { SessionUser } from "./roles";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

function here(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

function to(path: string, request: Request): string {
  return `${path}?redirectTo=${encodeURIComponent(here(request))}`;
}

/** Signed-in users only: others go to /login and come back afterwards (docs/product-rules.md, "Accounts"). */
export function requireUser({ request, context }: Args): SessionUser {
  const user = context.get(userContext);
  if (!user) throw redirect(to("/login", request));
  return user;
}

/** Vendors only: signed out → /vendor/login; signed in but not a vendor → /. */
export function requireVendor({ request, context }: Args): SessionUser {
  const user = context.get(userContext);
  if (!user) throw redirect(to("/vendor/login", request));
  if (user.role !== "vendor") throw redirect("/");
  return user;
}

/** Administrators only: anyone else → /admin/login, remembering where they were going. */
export function requireAdmin({ request, context }: Args): SessionUser {
  const user = context.get(userContext);
  if (!user?.isAdmin) throw redirect(to("/admin/login", request));
  return user;
}

/**
 * A vendor and its business (a vendor account without one is not a working vendor → /).
 * Looked up once per request: the vendor portal's middleware calls this first, the loaders and
 * actions under it then read the same answer.
 */
export async function requireVendorProfile(args: Args): Promise<{ user: SessionUser; vendor: VendorProfile }> {
  const user = requireVendor(args);
  let vendor = args.context.get(vendorContext);
  if (!vendor) {
    vendor = (await vendorOf(args.context.get(dbContext), user.id)) ?? null;
    if (!vendor) throw redirect("/");
    args.context.set(vendorContext, vendor);
  }
  return { user, vendor };
}
