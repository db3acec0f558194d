import { Link } from "~/lib/route-links";
import { PageSummary, Pager } from "~/components/admin/Pager";
import { dbContext } from "~/context";
import { parsePage } from "~/modules/admin/forms.server";
import { MESSAGES_PAGE_SIZE, formatAdminDate } from "~/modules/admin/labels";
import { listMessages } from "~/modules/admin/messages.server";
import { requireAdmin } from "~/modules/identity/guards.server";
import { brandTitle } from "~/modules/seo/meta";
import { EmptyList, ListTable } from "~/components/admin/AdminList";
import type { Route } from "./+types/messages";

export const meta: Route.MetaFunction = () => [{ title: brandTitle("Contact Messages", "Admin") }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args);
  const page = parsePage(new URL(args.request.url).searchParams);
  return listMessages(args.context.get(dbContext), page);
}

/** Messages sent through the contact form, newest first; unread ones are marked New. */
export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { messages, total, unread, page, pageCount } = loaderData;
  return (
    <div>
      <h1 id="messages-heading" className="text-2xl font-bold text-gray-900">
        Contact Messages
      </h1>
      <p className="mt-1 text-sm text-gray-600">{unread === 1 ? "1 unread message" : `${unread} unread messages`}</p>
      {messages.length === 0 ? (
        <EmptyList>No messages yet.</EmptyList>
      ) : (
        <ListTable labelledBy="messages-heading" columns={["Status", "From", "Subject", "Received", { label: "Actions", srOnly: true }]}>
            {messages.map((m) => (
              <tr key={m.id} className={m.read ? "" : "bg-pink-50/40"}>
                <td className="px-4 py-3">
                  {m.read ? (
                    <span className="text-xs text-gray-600">Read</span>
                  ) : (
                    <span className="inline-flex rounded-full bg-pink-100 px-2.5 py-0.5 text-xs font-semibold text-pink-800">New</span>
                  )}
                </td>
                <td className="px-4 py-3">
                  <span className={`block text-gray-900 ${m.read ? "" : "font-semibold"}`}>{m.name}</span>
                  <span className="block text-gray-600">{m.email}</span>
                </td>
                <td className={`px-4 py-3 text-gray-900 ${m.read ? "" : "font-semibold"}`}>{m.subject}</td>
                <td className="whitespace-nowrap px-4 py-3 text-gray-700">{formatAdminDate(m.createdAt)}</td>
                <td className="px-4 py-3">
                  <Link
                    to={`/admin/messages/${m.id}`}
                    className="rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm font-semibold text-gray-900 hover:border-pink-600 hover:text-pink-700"
                  >
                    Open<span className="sr-only"> message from {m.name}</span>
                  </Link>
                </td>
              </tr>
            ))}
        </ListTable>
      )}
      <PageSummary page={page} pageSize={MESSAGES_PAGE_SIZE} shown={messages.length} total={total} noun="messages" />
      <Pager page={page} pageCount={pageCount} label="Message pages" />
    </div>
  );
}
