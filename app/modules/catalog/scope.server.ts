import type { RouterContextProvider } from "react-router";
import { requireAdmin, requireVendorProfile } from "~/modules/identity/guards.server";
import type { ProductScope } from "./manage.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** The signed-in vendor's scope: its own products only. Not a vendor → the guard's redirect. */
export async function vendorScope(args: Args): Promise<Extract<ProductScope, { kind: "vendor" }>> {
  const { vendor } = await requireVendorProfile(args);
  return { kind: "vendor", vendorId: vendor.id };
}

/** An administrator's scope: every vendor's products. Anyone else → /admin/login. */
export function adminScope(args: Args): Extract<ProductScope, { kind: "admin" }> {
  requireAdmin(args);
  return { kind: "admin" };
}
