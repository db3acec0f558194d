import { Link } from "~/lib/route-links";
import { PageSummary, Pager } from "~/components/admin/Pager";
import { GrievanceStatusBadge } from "~/components/grievances/GrievanceParts";
import { dbContext } from "~/context";
import { parsePage } from "~/modules/admin/forms.server";
import { formatAdminDate } from "~/modules/admin/labels";
import { listAdminGrievances } from "~/modules/grievances/grievances.server";
import { ADMIN_GRIEVANCES_PAGE_SIZE, GRIEVANCE_STATUSES, categoryLabel, grievanceStatusLabel, isGrievanceStatus } from "~/modules/grievances/rules";
import { requireAdmin } from "~/modules/identity/guards.server";
import { brandTitle } from "~/modules/seo/meta";
import { EmptyList, FilterForm, FilterSelect, ListTable } from "~/components/admin/AdminList";
import type { Route } from "./+types/grievances";

export const meta: Route.MetaFunction = () => [{ title: brandTitle("Complaints", "Admin") }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args);
  const params = new URL(args.request.url).searchParams;
  const status = params.get("status");
  const query = { status: isGrievanceStatus(status) ? status : null, page: parsePage(params) };
  return { query, ...(await listAdminGrievances(args.context.get(dbContext), query)) };
}

/** Every complaint: open ones first, then acknowledged, then closed; newest first within each, overdue ones flagged in words. */
export default function AdminGrievances({ loaderData }: Route.ComponentProps) {
  const { query, rows, total, page, pageCount } = loaderData;
  return (
    <div>
      <h1 id="grievances-heading" className="text-2xl font-bold text-gray-900">
        Complaints
      </h1>
      <p className="mt-1 text-sm text-gray-700">Acknowledge each complaint within 48 hours of being raised, and resolve it within one month.</p>
      <FilterForm label="Filter complaints" clearTo="/admin/grievances" active={Boolean(query.status)}>
        <FilterSelect
          label="Status"
          name="status"
          defaultValue={query.status ?? ""}
          all="All statuses"
          options={GRIEVANCE_STATUSES.map((s) => ({ value: s, label: grievanceStatusLabel(s) }))}
          className="min-w-0 flex-1 basis-48 sm:max-w-64"
        />
      </FilterForm>
      {rows.length === 0 ? (
        <EmptyList>No complaints{query.status ? ` ${grievanceStatusLabel(query.status).toLowerCase()}` : ""}.</EmptyList>
      ) : (
        <ListTable labelledBy="grievances-heading" columns={["Ticket", "Status", "Customer", "Subject", "Raised", { label: "Actions", srOnly: true }]}>
            {rows.map((g) => (
              <tr key={g.id} className={g.flags.length > 0 ? "bg-amber-50/60" : ""}>
                <td className="whitespace-nowrap px-4 py-3 font-medium text-gray-900">{g.number}</td>
                <td className="px-4 py-3">
                  <GrievanceStatusBadge status={g.status} />
                  {g.flags.map((f) => (
                    <span key={f} className="mt-1 block text-xs font-semibold text-red-800">
                      {f}
                    </span>
                  ))}
                </td>
                <td className="px-4 py-3">
                  <span className="block text-gray-900">{g.customerName ?? "Deleted account"}</span>
                  {g.customerEmail && <span className="block text-gray-600">{g.customerEmail}</span>}
                </td>
                <td className="px-4 py-3 text-gray-900">
                  <span className="block wrap-anywhere">{g.subject}</span>
                  <span className="block text-xs text-gray-600">
                    {categoryLabel(g.category)}
                    {g.orderNumber ? ` · order ${g.orderNumber}` : ""}
                  </span>
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-gray-700">{formatAdminDate(g.createdAt)}</td>
                <td className="px-4 py-3">
                  <Link
                    to={`/admin/grievances/${g.id}`}
                    className="rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm font-semibold text-gray-900 hover:border-pink-600 hover:text-pink-700"
                  >
                    Open<span className="sr-only"> complaint {g.number}</span>
                  </Link>
                </td>
              </tr>
            ))}
        </ListTable>
      )}
      <PageSummary page={page} pageSize={ADMIN_GRIEVANCES_PAGE_SIZE} shown={rows.length} total={total} noun="complaints" />
      <Pager page={page} pageCount={pageCount} label="Complaint pages" />
    </div>
  );
}
