import { Money } from "~/components/ui/Money";
import { ScrollTable, TableHead } from "~/components/ui/ScrollTable";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { formatAdminDate } from "~/modules/admin/labels";

export interface AdminOrderSummary {
  number: string;
  /** shown in a User column when given (the dashboard); a user's own page leaves it out */
  userName?: string;
  createdAt: string;
  total: number;
  status: string;
}

/** A short list of orders in the admin panel: ID, (user,) date, two-decimal total and status. */
export function OrdersTable({ orders, labelledBy, className, showUser = false }: { orders: AdminOrderSummary[]; labelledBy: string; className?: string; showUser?: boolean }) {
  return (
    <ScrollTable className={className} labelledBy={labelledBy}>
      <TableHead columns={showUser ? ["Order ID", "User", "Date", { label: "Total", right: true }, "Status"] : ["Order ID", "Date", { label: "Total", right: true }, "Status"]} />
      <tbody className="divide-y divide-gray-100 bg-white">
        {orders.map((o) => (
          <tr key={o.number}>
            <td className="whitespace-nowrap px-4 py-3 font-medium text-gray-900">{o.number}</td>
            {showUser && <td className="px-4 py-3 text-gray-900">{o.userName}</td>}
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
    </ScrollTable>
  );
}
