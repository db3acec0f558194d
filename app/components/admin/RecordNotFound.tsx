import { isRouteErrorResponse } from "react-router";
import { Link } from "~/lib/route-links";

/**
 * An admin record page's error boundary: a missing record (404) says so and links back to its
 * list; anything else (logged by entry.server.tsx) asks to try again.
 */
export function RecordNotFound({ error, title, text, backTo, backLabel }: { error: unknown; title: string; text: string; backTo: string; backLabel: string }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div>
      <h1 className="text-2xl font-bold text-gray-900">{notFound ? title : "Something went wrong"}</h1>
      <p className="mt-2 text-gray-600">{notFound ? text : "Please try again in a moment."}</p>
      <Link to={backTo} className="mt-4 inline-block font-semibold text-pink-700 hover:text-pink-800">
        {backLabel}
      </Link>
    </div>
  );
}
