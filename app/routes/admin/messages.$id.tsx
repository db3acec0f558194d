import { data } from "react-router";
import { Link } from "~/lib/route-links";
import { Detail } from "~/components/admin/Detail";
import { RecordNotFound } from "~/components/admin/RecordNotFound";
import { dbContext } from "~/context";
import { formatOrderDateTime } from "~/lib/dates";
import { openMessage } from "~/modules/admin/messages.server";
import { requireAdmin } from "~/modules/identity/guards.server";
import { brandTitle } from "~/modules/seo/meta";
import type { Route } from "./+types/messages.$id";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: brandTitle(loaderData?.message.subject ?? "Message", "Contact Messages", "Admin") },
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
          <Detail label="From">{message.name}</Detail>
          <Detail label="Email">
            <a href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`} className="text-pink-700 hover:underline">
              {message.email}
            </a>
          </Detail>
          <Detail label="Phone">{message.phone ?? "Not given"}</Detail>
          <Detail label="Received">{formatOrderDateTime(message.createdAt)}</Detail>
        </dl>
        <h2 className="mt-6 text-sm font-medium text-gray-600">Message</h2>
        <p className="mt-2 whitespace-pre-wrap break-words text-gray-900">{message.message}</p>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RecordNotFound error={error} title="Message not found" text="There is no contact message with this ID." backTo="/admin/messages" backLabel="Back to Contact Messages" />;
}
