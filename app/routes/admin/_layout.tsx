import { Outlet, useNavigation } from "react-router";
import { Form, Link, NavLink } from "~/lib/route-links";
import { Logo } from "~/components/layout/Logo";
import { BRAND } from "~/config/brand";
import { requireAdmin } from "~/modules/identity/guards.server";
import type { Route } from "./+types/_layout";

/** Everything under /admin but /admin/login is for administrators, checked before any loader or action. */
export const middleware: Route.MiddlewareFunction[] = [
  (args) => {
    requireAdmin(args);
  },
];

export function loader(args: Route.LoaderArgs) {
  const user = requireAdmin(args);
  return { admin: { name: user.name, email: user.email } };
}

export const meta: Route.MetaFunction = () => [{ title: `Admin | ${BRAND.name}` }, { name: "robots", content: "noindex" }];

/** The admin sidebar, 250px wide, with its five sections. */
export const ADMIN_SIDEBAR_WIDTH = 250;

const LINKS = [
  { to: "/admin/dashboard", label: "Dashboard" },
  { to: "/admin/products", label: "Manage Products" },
  { to: "/admin/users", label: "Manage Users" },
  { to: "/admin/orders", label: "Manage Orders" },
  { to: "/admin/payment-settings", label: "Payment Settings" },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const resolving = navigation.state === "loading" && navigation.location.pathname.startsWith("/admin");
  return (
    <div className="min-h-screen bg-gray-50 md:flex">
      <aside style={{ width: ADMIN_SIDEBAR_WIDTH }} className="hidden shrink-0 flex-col bg-gray-950 text-gray-200 md:flex" aria-label="Admin">
        <Link to="/" className="flex items-center gap-2 px-5 py-5">
          <Logo />
          <span className="font-extrabold text-white">{BRAND.name}</span>
        </Link>
        <nav aria-label="Admin sections" className="flex-1 px-3">
          <ul className="space-y-1">
            {LINKS.map((l) => (
              <li key={l.to}>
                <NavLink
                  to={l.to}
                  className={({ isActive }) =>
                    `block rounded-lg px-3 py-2.5 text-sm font-medium ${isActive ? "bg-pink-600 text-white" : "text-gray-300 hover:bg-white/10 hover:text-white"}`
                  }
                >
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-t border-white/10 p-4">
          <p className="truncate text-sm font-semibold text-white">{loaderData.admin.name}</p>
          <p className="truncate text-xs text-gray-400">{loaderData.admin.email}</p>
          <Form method="post" action="/logout" className="mt-3">
            <button type="submit" className="w-full rounded-lg bg-white/10 px-3 py-2 text-sm font-semibold text-white hover:bg-white/20">
              Logout
            </button>
          </Form>
        </div>
      </aside>
      <details className="border-b border-gray-200 bg-gray-950 text-gray-200 md:hidden">
        <summary className="cursor-pointer list-none px-4 py-4 font-semibold text-white [&::-webkit-details-marker]:hidden">{BRAND.name} Admin · Menu</summary>
        <nav aria-label="Admin sections (mobile)" className="px-3 pb-4">
          <ul className="space-y-1">
            {LINKS.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} className="block rounded-lg px-3 py-2.5 text-sm text-gray-200 hover:bg-white/10">
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <Form method="post" action="/logout" className="mt-3 px-3">
            <button type="submit" className="rounded-lg bg-white/10 px-3 py-2 text-sm font-semibold text-white">
              Logout
            </button>
          </Form>
        </nav>
      </details>
      <main id="main" className="min-w-0 flex-1 p-6 lg:p-10">
        {resolving ? <p role="status" className="text-gray-600">Loading authentication status...</p> : <Outlet />}
      </main>
    </div>
  );
}
