import { Link } from "~/lib/route-links";
import { GrievanceStatusBadge } from "~/components/grievances/GrievanceParts";
import { ButtonLink } from "~/components/ui/Button";
import { dbContext } from "~/context";
import { listCustomerGrievances } from "~/modules/grievances/grievances.server";
import { GRIEVANCE_PROMISE, categoryLabel } from "~/modules/grievances/rules";
import { requireUser } from "~/modules/identity/guards.server";
import { formatOrderDate } from "~/lib/dates";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/grievances";

export const meta: Route.MetaFunction = () => [...pageMeta({ title: "Your Complaints", description: "Your complaints and their tickets." }), { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  return { grievances: await listCustomerGrievances(args.context.get(dbContext), user.id) };
}

export default function Grievances({ loaderData }: Route.ComponentProps) {
  const { grievances } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-gray-900">Your Complaints</h1>
          <p className="mt-2 text-sm text-gray-700">Each complaint gets a ticket number. {GRIEVANCE_PROMISE}</p>
        </div>
        <ButtonLink to="/grievances/new">Raise a complaint</ButtonLink>
      </div>
      {grievances.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-gray-300 px-6 py-12 text-center text-gray-700">You have not raised any complaints.</p>
      ) : (
        <ul className="mt-8 space-y-4">
          {grievances.map((g) => (
            <li key={g.id}>
              <article className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h2 className="text-lg font-semibold text-gray-900 wrap-anywhere">
                      <Link to={`/grievances/${g.id}`} className="hover:text-pink-700">
                        {g.subject}
                      </Link>
                    </h2>
                    <p className="text-sm text-gray-600">
                      Ticket {g.number} · {categoryLabel(g.category)}
                      {g.orderNumber ? ` · order ${g.orderNumber}` : ""} · raised on {formatOrderDate(g.createdAt)}
                    </p>
                  </div>
                  <GrievanceStatusBadge status={g.status} />
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
