import { NavLink } from "~/lib/route-links";

const LINKS = [
  { to: "/admin/settlements", label: "Balances and payouts" },
  { to: "/admin/settlements/rates", label: "Rates" },
  { to: "/admin/settlements/reports", label: "Tax reports" },
] as const;

/** The Settlements pages' own links; the admin sidebar keeps its five sections. */
export function SettlementsNav() {
  return (
    <nav aria-label="Settlements" className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {LINKS.map((l) => (
          <li key={l.to}>
            <NavLink
              to={l.to}
              end
              className={({ isActive }) =>
                `inline-block rounded-lg border px-3 py-1.5 text-sm font-semibold ${isActive ? "border-pink-600 bg-pink-600 text-white" : "border-gray-300 bg-white text-gray-900 hover:border-pink-600 hover:text-pink-700"}`
              }
            >
              {l.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
