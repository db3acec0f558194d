import { Link } from "~/lib/route-links";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { PageSummary, Pager } from "~/components/admin/Pager";
import { UserActionButton } from "~/components/admin/UserActionButton";
import { dbContext, storeOf } from "~/context";
import { confirmationFor, postUserAction } from "~/modules/admin/actions.server";
import { parseDone, parseUserListQuery } from "~/modules/admin/forms.server";
import { ROLE_LABELS, USERS_PAGE_SIZE, formatAdminDate, toggleLabel } from "~/modules/admin/labels";
import { listUsers } from "~/modules/admin/users.server";
import { listPendingVendors } from "~/modules/admin/vendors.server";
import { requireAdmin } from "~/modules/identity/guards.server";
import { ROLES } from "~/modules/identity/roles";
import { brandTitle } from "~/modules/seo/meta";
import { EmptyList, FilterForm, FilterSearch, FilterSelect, ListTable } from "~/components/admin/AdminList";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = () => [{ title: brandTitle("Manage Users", "Admin") }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const admin = requireAdmin(args);
  const db = args.context.get(dbContext);
  const params = new URL(args.request.url).searchParams;
  const query = parseUserListQuery(params);
  const [users, pending, confirmation] = await Promise.all([listUsers(db, query), listPendingVendors(db), confirmationFor(db, parseDone(params))]);
  return { query, users, pending, confirmation, adminId: admin.id };
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args);
  return postUserAction(storeOf(args.context), admin, args.request, "/admin/users");
}

const cell = "px-3 py-3";
const head = "px-3 py-3 text-left text-xs font-semibold uppercase tracking-wide text-gray-700";

function PendingVendors({ vendors }: { vendors: Route.ComponentProps["loaderData"]["pending"] }) {
  return (
    <div className="mt-8">
      <h2 id="pending-vendors" className="text-lg font-semibold text-gray-900">
        Pending vendors
      </h2>
      {vendors.length === 0 ? (
        <p className="mt-3 rounded-xl border border-dashed border-gray-300 px-6 py-6 text-center text-sm text-gray-600">No vendors are waiting for approval.</p>
      ) : (
        <ListTable className="mt-3" labelledBy="pending-vendors" columns={["Business Name", "Owner", "GSTIN", "Phone", "Registered", "Actions"]} cellClassName={head}>
            {vendors.map((v) => (
              <tr key={v.id}>
                <td className={`${cell} font-medium text-gray-900`}>
                  {v.ownerId ? (
                    <Link to={`/admin/users/${v.ownerId}`} className="text-pink-700 hover:text-pink-800 hover:underline">
                      {v.businessName}
                    </Link>
                  ) : (
                    v.businessName
                  )}
                </td>
                <td className={cell}>
                  <span className="block text-gray-900">{v.ownerName ?? "—"}</span>
                  <span className="block text-gray-600">{v.ownerEmail ?? ""}</span>
                </td>
                <td className={`${cell} whitespace-nowrap font-mono text-gray-900`}>{v.gstin ?? "—"}</td>
                <td className={`${cell} whitespace-nowrap text-gray-900`}>{v.phone ?? "—"}</td>
                <td className={`${cell} whitespace-nowrap text-gray-700`}>{formatAdminDate(v.registeredAt)}</td>
                <td className={cell}>
                  <div className="flex gap-2">
                    <UserActionButton intent="approve" id={v.id} size="sm">
                      Approve<span className="sr-only"> {v.businessName}</span>
                    </UserActionButton>
                    <UserActionButton intent="reject" id={v.id} size="sm" variant="danger">
                      Reject<span className="sr-only"> {v.businessName}</span>
                    </UserActionButton>
                  </div>
                </td>
              </tr>
            ))}
        </ListTable>
      )}
    </div>
  );
}

/** Manage Users, on real accounts: disabling signs the user out everywhere; vendor approval. */
export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { query, users, pending, confirmation, adminId } = loaderData;
  return (
    <div>
      <h1 className="text-2xl font-bold text-gray-900">Manage Users</h1>
      <ActionNotice error={actionData?.formError} confirmation={confirmation} />

      <PendingVendors vendors={pending} />

      <div className="mt-10">
        <h2 id="all-users" className="text-lg font-semibold text-gray-900">
          All users
        </h2>
        <FilterForm label="Users" submit="Search" className="mt-4" clearTo="/admin/users" active={Boolean(query.q || query.role)}>
          <FilterSearch label="Search by name or email" defaultValue={query.q} />
          <FilterSelect label="Role" name="role" defaultValue={query.role ?? ""} all="All roles" options={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))} className="min-w-0" />
        </FilterForm>
        {users.users.length === 0 ? (
          <EmptyList className="mt-4">No users found matching your criteria.</EmptyList>
        ) : (
          <ListTable className="mt-4" labelledBy="all-users" columns={["ID", "Name", "Email", "Role", "Joined Date", "Status", "Actions"]} cellClassName={head}>
              {users.users.map((u) => (
                <tr key={u.id}>
                  <td className={`${cell} max-w-[6rem] truncate font-mono text-xs text-gray-600`} title={u.id}>
                    {u.id}
                  </td>
                  <td className={`${cell} font-medium text-gray-900`}>{u.name}</td>
                  <td className={`${cell} break-all text-gray-700`}>{u.email}</td>
                  <td className={`${cell} text-gray-700`}>{ROLE_LABELS[u.role]}</td>
                  <td className={`${cell} whitespace-nowrap text-gray-700`}>{formatAdminDate(u.joinedAt)}</td>
                  <td className={cell}>
                    <span
                      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${u.status === "Active" ? "bg-green-100 text-green-800" : "bg-red-100 text-red-800"}`}
                    >
                      {u.status}
                    </span>
                  </td>
                  <td className={cell}>
                    <div className="flex items-center gap-2">
                      <Link
                        to={`/admin/users/${u.id}`}
                        className="rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm font-semibold text-gray-900 hover:border-pink-600 hover:text-pink-700"
                      >
                        View<span className="sr-only"> {u.name}</span>
                      </Link>
                      {u.id !== adminId && (
                        <UserActionButton intent={u.status === "Active" ? "disable" : "enable"} id={u.id} size="sm" variant={u.status === "Active" ? "danger" : "pink"}>
                          {toggleLabel(u.status)}
                          <span className="sr-only"> {u.name}</span>
                        </UserActionButton>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
          </ListTable>
        )}
        <PageSummary page={users.page} pageSize={USERS_PAGE_SIZE} shown={users.users.length} total={users.total} noun="users" />
        <Pager page={users.page} pageCount={users.pageCount} label="Users pages" />
      </div>
    </div>
  );
}
