import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = () => [{ title: "Manage Users | Admin | RC Computers" }, { name: "robots", content: "noindex" }];

/** The admin panel issue fills this screen; the guard and frame are in place. */
export default function AdminUsers() {
  return <h1 className="text-2xl font-bold text-gray-900">Manage Users</h1>;
}
