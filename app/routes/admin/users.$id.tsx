import { data } from "react-router";
import { Link } from "~/lib/route-links";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { Detail } from "~/components/admin/Detail";
import { OrdersTable } from "~/components/admin/OrdersTable";
import { RecordNotFound } from "~/components/admin/RecordNotFound";
import { UserActionButton } from "~/components/admin/UserActionButton";
import { dbContext, storeOf } from "~/context";
import { confirmationFor, postUserAction } from "~/modules/admin/actions.server";
import { parseDone } from "~/modules/admin/forms.server";
import { ROLE_LABELS, formatAdminDate, toggleLabel, vendorDecisions, vendorStatusLabel } from "~/modules/admin/labels";
import { getUserDetail } from "~/modules/admin/users.server";
import { requireAdmin } from "~/modules/identity/guards.server";
import { brandTitle } from "~/modules/seo/meta";
import type { Route } from "./+types/users.$id";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: brandTitle(loaderData?.user.name ?? "User", "Manage Users", "Admin") },
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
  return postUserAction(storeOf(args.context), admin, args.request, `/admin/users/${encodeURIComponent(args.params.id)}`);
}

export default function AdminUser({ loaderData, actionData }: Route.ComponentProps) {
  const { user, confirmation, isSelf } = loaderData;
  const vendor = user.vendor;
  const decisions = vendor ? vendorDecisions(vendor.status) : null;
  return (
    <div>
      <Link to="/admin/users" className="text-sm font-semibold text-pink-700 hover:text-pink-800">
        ← Back to Manage Users
      </Link>
      <h1 className="mt-3 break-words text-2xl font-bold text-gray-900">{user.name}</h1>
      <ActionNotice error={actionData?.formError} confirmation={confirmation} />

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
          <div className="mt-5">
            <UserActionButton intent={user.status === "Active" ? "disable" : "enable"} id={user.id} variant={user.status === "Active" ? "danger" : "pink"}>
              {toggleLabel(user.status)}
            </UserActionButton>
          </div>
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
              <UserActionButton intent="approve" id={vendor.id}>
                Approve
              </UserActionButton>
            )}
            {decisions.reject && (
              <UserActionButton intent="reject" id={vendor.id} variant="danger">
                Reject
              </UserActionButton>
            )}
          </div>
          <p className="mt-5 text-sm">
            <Link to={`/admin/users/${encodeURIComponent(user.id)}/dispatch`} className="font-semibold text-pink-700 hover:text-pink-800">
              Dispatch settings
            </Link>{" "}
            <span className="text-gray-600">(dispatch PIN, handling time and cut-off for delivery dates)</span>
          </p>
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
            <OrdersTable orders={user.orders} labelledBy="user-orders" className="mt-3" />
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
  return <RecordNotFound error={error} title="User not found" text="There is no user with this ID. They may have been removed." backTo="/admin/users" backLabel="Back to Manage Users" />;
}
