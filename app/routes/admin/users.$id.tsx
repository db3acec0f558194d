import type { ReactNode } from "react";
import { data, Form, isRouteErrorResponse, Link, redirect, useNavigation } from "react-router";
import { FormAlert } from "~/components/auth/AuthCard";
import { Button } from "~/components/ui/Button";
import { Money } from "~/components/ui/Money";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { dbContext } from "~/context";
import { afterAction, confirmationFor, runUserAction } from "~/modules/admin/actions.server";
import { parseDone, parseUserAction } from "~/modules/admin/forms.server";
import { ADMIN_MESSAGES, ROLE_LABELS, formatAdminDate, toggleLabel, vendorDecisions, vendorStatusLabel } from "~/modules/admin/labels";
import { getUserDetail } from "~/modules/admin/users.server";
import { requireAdmin } from "~/modules/identity/guards.server";
import type { Route } from "./+types/users.$id";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.user.name ?? "User"} | Manage Users | Admin | RC Computers` },
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args);
  const db = args.context.get(dbContext);
  const user = await getUserDetail(db, args.params.id);
  if (!user) throw data(null, { status: 404 });
  const confirmation = await confirmationFor(db, parseDone(new URL(args.request.url).searchParams));
  return { user, confirmation, isSelf: user.id === admin.id };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args);
  const act = parseUserAction(await args.request.formData());
  if (!act) return data({ message: ADMIN_MESSAGES.badRequest }, { status: 400 });
  const outcome = await runUserAction(args.context.get(dbContext), admin, act);
  if (!outcome.ok) return data({ message: outcome.message }, { status: outcome.status });
  throw redirect(afterAction(`/admin/users/${encodeURIComponent(args.params.id)}`, args.request.url, outcome));
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-medium text-gray-600">{label}</dt>
      <dd className="mt-1 break-words text-sm text-gray-900">{children}</dd>
    </div>
  );
}

export default function AdminUser({ loaderData, actionData }: Route.ComponentProps) {
  const { user, confirmation, isSelf } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const vendor = user.vendor;
  const decisions = vendor ? vendorDecisions(vendor.status) : null;
  return (
    <div>
      <Link to="/admin/users" className="text-sm font-semibold text-pink-700 hover:text-pink-800">
        ← Back to Manage Users
      </Link>
      <h1 className="mt-3 break-words text-2xl font-bold text-gray-900">{user.name}</h1>
      <div className="mt-4 space-y-3 empty:hidden">
        {actionData && <FormAlert>{actionData.message}</FormAlert>}
        {!actionData && confirmation && <FormAlert tone="success">{confirmation}</FormAlert>}
      </div>

      <div className="mt-6 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
        <h2 className="text-lg font-semibold text-gray-900">Account</h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Detail label="ID">
            <span className="font-mono text-xs">{user.id}</span>
          </Detail>
          <Detail label="Name">{user.name}</Detail>
          <Detail label="Email">{user.email}</Detail>
          <Detail label="Role">{ROLE_LABELS[user.role]}</Detail>
          <Detail label="Joined Date">{formatAdminDate(user.joinedAt)}</Detail>
          <Detail label="Status">{user.status}</Detail>
        </dl>
        {isSelf ? (
          <p className="mt-5 text-sm text-gray-600">This is your own account.</p>
        ) : (
          <Form method="post" className="mt-5">
            <input type="hidden" name="intent" value={user.status === "Active" ? "disable" : "enable"} />
            <input type="hidden" name="userId" value={user.id} />
            <Button type="submit" variant={user.status === "Active" ? "danger" : "pink"} disabled={busy}>
              {toggleLabel(user.status)}
            </Button>
          </Form>
        )}
      </div>

      {vendor && decisions && (
        <div className="mt-6 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
          <h2 className="text-lg font-semibold text-gray-900">Business</h2>
          <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Detail label="Business Name">{vendor.businessName}</Detail>
            <Detail label="GSTIN">{vendor.gstin ?? "—"}</Detail>
            <Detail label="Phone">{vendor.phone ?? "—"}</Detail>
            <Detail label="Address">{[vendor.address, vendor.city, vendor.state].filter(Boolean).join(", ") || "—"}</Detail>
            <Detail label="Registered">{formatAdminDate(vendor.registeredAt)}</Detail>
            <Detail label="Approval status">{vendorStatusLabel(vendor.status)}</Detail>
          </dl>
          <div className="mt-5 flex flex-wrap gap-3">
            {decisions.approve && (
              <Form method="post">
                <input type="hidden" name="intent" value="approve" />
                <input type="hidden" name="vendorId" value={vendor.id} />
                <Button type="submit" disabled={busy}>
                  Approve
                </Button>
              </Form>
            )}
            {decisions.reject && (
              <Form method="post">
                <input type="hidden" name="intent" value="reject" />
                <input type="hidden" name="vendorId" value={vendor.id} />
                <Button type="submit" variant="danger" disabled={busy}>
                  Reject
                </Button>
              </Form>
            )}
          </div>
        </div>
      )}
      {user.role === "vendor" && !vendor && <p className="mt-6 text-sm text-gray-600">This vendor account has no business profile.</p>}

      <div className="mt-6">
        <h2 id="user-orders" className="text-lg font-semibold text-gray-900">
          Orders
        </h2>
        {user.orders.length === 0 ? (
          <p className="mt-3 rounded-xl border border-dashed border-gray-300 px-6 py-6 text-center text-sm text-gray-600">No orders yet.</p>
        ) : (
          <>
            <div className="relative mt-3 overflow-x-auto rounded-xl border border-gray-200" tabIndex={0} role="region" aria-labelledby="user-orders">
              <table className="min-w-full divide-y divide-gray-200 text-sm">
                <thead className="bg-gray-50 text-left text-xs font-semibold uppercase tracking-wide text-gray-700">
                  <tr>
                    <th scope="col" className="px-4 py-3">Order ID</th>
                    <th scope="col" className="px-4 py-3">Date</th>
                    <th scope="col" className="px-4 py-3 text-right">Total</th>
                    <th scope="col" className="px-4 py-3">Status</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-100 bg-white">
                  {user.orders.map((o) => (
                    <tr key={o.number}>
                      <td className="whitespace-nowrap px-4 py-3 font-medium text-gray-900">{o.number}</td>
                      <td className="whitespace-nowrap px-4 py-3 text-gray-700">{formatAdminDate(o.createdAt)}</td>
                      <td className="whitespace-nowrap px-4 py-3 text-right text-gray-900">
                        <Money paise={o.total} decimals={2} />
                      </td>
                      <td className="px-4 py-3">
                        <StatusBadge status={o.status} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="mt-3 text-sm text-gray-600">
              Showing {user.orders.length} of {user.orderCount} orders
            </p>
          </>
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <div>
      <h1 className="text-2xl font-bold text-gray-900">{notFound ? "User not found" : "Something went wrong"}</h1>
      <p className="mt-2 text-gray-600">{notFound ? "There is no user with this ID. They may have been removed." : "Please try again in a moment."}</p>
      <Link to="/admin/users" className="mt-4 inline-block font-semibold text-pink-700 hover:text-pink-800">
        Back to Manage Users
      </Link>
    </div>
  );
}
