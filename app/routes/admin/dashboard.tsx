import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Admin | RC Computers" }, { name: "robots", content: "noindex" }];

/** The admin panel issue fills this screen; the guard and frame are in place. */
export default function AdminDashboard() {
  return <h1 className="text-2xl font-bold text-gray-900">Dashboard</h1>;
}
