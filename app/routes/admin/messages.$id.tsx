import { data, isRouteErrorResponse, Link } from "react-router";
import { dbContext } from "~/context";
import { formatOrderDateTime } from "~/modules/orders/dates";
import { openMessage } from "~/modules/admin/messages.server";
import { requireAdmin } from "~/modules/identity/guards.server";
import type { Route } from "./+types/messages.$id";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.message.subject ?? "Message"} | Contact Messages | Admin | RC Computers` },
  { name: "robots", content: "noindex" },
];

/** Opening a message marks it read. */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args);
  const message = await openMessage(args.context.get(dbContext), args.params.id);
  if (!message) throw data(null, { status: 404 });
  return { message };
}

export default function AdminMessage({ loaderData }: Route.ComponentProps) {
  const { message } = loaderData;
  return (
    <div>
      <Link to="/admin/messages" className="text-sm font-semibold text-pink-700 hover:text-pink-800">
        ← Back to Contact Messages
      </Link>
      <h1 className="mt-3 break-words text-2xl font-bold text-gray-900">{message.subject}</h1>
      <div className="mt-6 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
        <dl className="grid gap-4 sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="text-sm font-medium text-gray-600">From</dt>
            <dd className="mt-1 break-words text-sm text-gray-900">{message.name}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-sm font-medium text-gray-600">Email</dt>
            <dd className="mt-1 break-words text-sm">
              <a href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`} className="text-pink-700 hover:underline">
                {message.email}
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-gray-600">Phone</dt>
            <dd className="mt-1 text-sm text-gray-900">{message.phone ?? "Not given"}</dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-gray-600">Received</dt>
            <dd className="mt-1 text-sm text-gray-900">{formatOrderDateTime(message.createdAt)}</dd>
          </div>
        </dl>
        <h2 className="mt-6 text-sm font-medium text-gray-600">Message</h2>
        <p className="mt-2 whitespace-pre-wrap break-words text-gray-900">{message.message}</p>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <div>
      <h1 className="text-2xl font-bold text-gray-900">{notFound ? "Message not found" : "Something went wrong"}</h1>
      <p className="mt-2 text-gray-600">{notFound ? "There is no contact message with this ID." : "Please try again in a moment."}</p>
      <Link to="/admin/messages" className="mt-4 inline-block font-semibold text-pink-700 hover:text-pink-800">
        Back to Contact Messages
      </Link>
    </div>
  );
}
