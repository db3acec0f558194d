import { Outlet } from "react-router";
import { NavLink } from "~/lib/route-links";
import { BRAND } from "~/config/brand";
import { requireVendorProfile } from "~/modules/identity/guards.server";
import type { Route } from "./+types/_portal";

/** Vendor pages and their actions are for vendors only, checked before any loader runs. */
export const middleware: Route.MiddlewareFunction[] = [
  async (args) => {
    await requireVendorProfile(args);
  },
];

export async function loader(args: Route.LoaderArgs) {
  const { vendor } = await requireVendorProfile(args);
  return { vendor };
}

const TABS = [
  { to: "/vendor/dashboard", label: "Dashboard" },
  { to: "/vendor/products", label: "My Products" },
  { to: "/vendor/orders", label: "Orders" },
  { to: "/vendor/returns", label: "Returns" },
  { to: "/vendor/reviews", label: "Reviews" },
  { to: "/vendor/questions", label: "Questions" },
  { to: "/vendor/payments", label: "Payments" },
  { to: "/vendor/dispatch", label: "Dispatch" },
];

export default function VendorPortal({ loaderData }: Route.ComponentProps) {
  const { vendor } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <p className="text-sm font-semibold uppercase tracking-wide text-pink-700 print:hidden">Vendor Portal</p>
      <p className="mt-1 text-lg font-semibold text-gray-900 print:hidden">{vendor.name}</p>
      {vendor.status === "rejected" && (
        <div role="status" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
          <p className="font-semibold">Your vendor application was not approved.</p>
          <p className="mt-1">
            Your products are not shown in the shop. If you think this is a mistake, please write to us at{" "}
            <a href={`mailto:${BRAND.supportEmail}`} className="font-semibold underline">
              {BRAND.supportEmail}
            </a>
            .
          </p>
        </div>
      )}
      {vendor.status !== "approved" && vendor.status !== "rejected" && (
        <div role="status" className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <p className="font-semibold">Your vendor account is under verification.</p>
          <p className="mt-1">
            Our team is checking your business details (GSTIN {vendor.gstin}). Your products will appear in the shop once your account is
            approved.
          </p>
        </div>
      )}
      <nav aria-label="Vendor" className="mt-6 border-b border-gray-200 print:hidden">
        <ul className="-mb-px flex gap-6 overflow-x-auto">
          {TABS.map((t) => (
            <li key={t.to}>
              <NavLink
                to={t.to}
                className={({ isActive }) =>
                  `block whitespace-nowrap border-b-2 px-1 py-3 text-sm font-semibold ${
                    isActive ? "border-pink-600 text-pink-700" : "border-transparent text-gray-600 hover:text-gray-900"
                  }`
                }
              >
                {t.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="pt-8 print:pt-0">
        <Outlet />
      </div>
    </div>
  );
}
