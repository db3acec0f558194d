import { data } from "react-router";
import { Link } from "~/lib/route-links";
import { GrievanceHistory, GrievanceStatusBadge } from "~/components/grievances/GrievanceParts";
import { FormAlert } from "~/components/ui/FormAlert";
import { dbContext } from "~/context";
import { readFlash } from "~/lib/flash.server";
import { customerGrievance } from "~/modules/grievances/grievances.server";
import { categoryLabel } from "~/modules/grievances/rules";
import { requireUser } from "~/modules/identity/guards.server";
import { formatOrderDateTime } from "~/lib/dates";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/grievance";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({ title: loaderData ? `Complaint ${loaderData.grievance.number}` : "Complaint", description: "Your complaint, its state and our replies." }),
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const grievance = await customerGrievance(args.context.get(dbContext), user.id, args.params.id);
  // Another customer's ticket looks exactly like one that does not exist.
  if (!grievance) throw data("Complaint not found", { status: 404 });
  const flash = await readFlash(args.request);
  return data({ grievance, notice: flash.message }, { headers: flash.headers });
}

export default function Grievance({ loaderData }: Route.ComponentProps) {
  const { grievance: g, notice } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to="/grievances" className="text-sm font-semibold text-pink-700 hover:text-pink-800">
        ← Your Complaints
      </Link>
      {notice && (
        <div className="mt-4">
          <FormAlert tone="success">{notice}</FormAlert>
        </div>
      )}
      <div className="mt-4 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold text-gray-900 wrap-anywhere">{g.subject}</h1>
          <p className="mt-1 text-sm text-gray-600">
            Ticket {g.number} · raised on {formatOrderDateTime(g.createdAt)}
          </p>
        </div>
        <GrievanceStatusBadge status={g.status} />
      </div>

      <section aria-labelledby="details-heading" className="mt-6 rounded-xl border border-gray-200 bg-white p-6">
        <h2 id="details-heading" className="text-lg font-semibold text-gray-900">
          Your complaint
        </h2>
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-gray-600">About</dt>
            <dd className="text-gray-900">{categoryLabel(g.category)}</dd>
          </div>
          <div>
            <dt className="text-gray-600">Order</dt>
            <dd className="text-gray-900">{g.orderNumber ? <Link to={`/orders/${g.orderNumber}`} className="text-pink-700 hover:underline">{g.orderNumber}</Link> : "None"}</dd>
          </div>
          <div>
            <dt className="text-gray-600">Acknowledgement</dt>
            <dd className="text-gray-900">{g.acknowledgedAt ? `Acknowledged on ${formatOrderDateTime(g.acknowledgedAt)}` : g.status === "closed" ? "Closed" : `Due by ${formatOrderDateTime(g.acknowledgeBy)}`}</dd>
          </div>
          <div>
            <dt className="text-gray-600">Resolution</dt>
            <dd className="text-gray-900">{g.closedAt ? `Closed on ${formatOrderDateTime(g.closedAt)}` : `Due by ${formatOrderDateTime(g.resolveBy)}`}</dd>
          </div>
        </dl>
        <p className="mt-4 whitespace-pre-wrap wrap-anywhere text-gray-900">{g.details}</p>
      </section>

      <section aria-labelledby="history-heading" className="mt-6">
        <h2 id="history-heading" className="text-lg font-semibold text-gray-900">
          History and replies
        </h2>
        <GrievanceHistory history={g.history} customerLabel="You" adminLabel="Grievance officer" />
      </section>
    </div>
  );
}
