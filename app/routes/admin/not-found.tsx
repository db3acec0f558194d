import { data } from "react-router";
import { Link } from "~/lib/route-links";
import { brandTitle } from "~/modules/seo/meta";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: brandTitle("Page Not Found", "Admin") }, { name: "robots", content: "noindex" }];

export default function AdminNotFound() {
  return (
    <div>
      <h1 className="text-2xl font-bold text-gray-900">Page Not Found</h1>
      <p className="mt-2 text-gray-600">This admin page doesn't exist.</p>
      <Link to="/admin/dashboard" className="mt-4 inline-block font-semibold text-pink-700 hover:text-pink-800">
        Back to Dashboard
      </Link>
    </div>
  );
}
