import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { Form, Link } from "~/lib/route-links";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { Detail } from "~/components/admin/Detail";
import { RecordNotFound } from "~/components/admin/RecordNotFound";
import { GrievanceHistory, GrievanceStatusBadge } from "~/components/grievances/GrievanceParts";
import { Button } from "~/components/ui/Button";
import { TextAreaField } from "~/components/ui/Field";
import { dbContext, storeOf } from "~/context";
import { flashHeaders, readFlash } from "~/lib/flash.server";
import { formFailure, type FieldErrors } from "~/lib/form";
import { useIsPending } from "~/lib/form-hooks";
import { readFormValues } from "~/lib/form.server";
import { statusFor } from "~/lib/outcome";
import { MESSAGE_MAX } from "~/modules/grievances/forms";
import { acknowledgeGrievance, adminGrievance, closeGrievance, replyToGrievance } from "~/modules/grievances/grievances.server";
import { categoryLabel } from "~/modules/grievances/rules";
import { requireAdmin } from "~/modules/identity/guards.server";
import { formatOrderDateTime } from "~/lib/dates";
import { brandTitle } from "~/modules/seo/meta";
import type { Route } from "./+types/grievances.$id";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: brandTitle(loaderData ? `Complaint ${loaderData.grievance.number}` : "Complaint", "Complaints", "Admin") },
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args);
  const grievance = await adminGrievance(args.context.get(dbContext), args.params.id);
  if (!grievance) throw data(null, { status: 404 });
  const flash = await readFlash(args.request);
  return data({ grievance, flash: flash.message }, { headers: flash.headers });
}

/** A refused change (another administrator moved the ticket first) reloads it, so the page shows what is true now. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionStatus === 409) return true;
  return defaultShouldRevalidate;
}

const INTENTS = ["acknowledge", "reply", "close"] as const;

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args);
  const values = await readFormValues(args.request);
  const intent = INTENTS.find((i) => i === values.intent);
  if (!intent) return data({ ...formFailure(values, { formError: "Choose acknowledge, reply or close." }), intent: "" }, { status: statusFor("invalid") });
  const store = storeOf(args.context);
  const actor = { role: "admin" as const, userId: admin.id };
  const id = args.params.id;
  const outcome =
    intent === "acknowledge"
      ? await acknowledgeGrievance(store, actor, { id })
      : intent === "reply"
        ? await replyToGrievance(store, actor, { id, values })
        : await closeGrievance(store, actor, { id, values });
  if (!outcome.ok) {
    if (outcome.reason === "not_found") throw data(null, { status: 404 });
    const fieldErrors: FieldErrors = outcome.fieldErrors ?? {};
    return data({ ...formFailure(values, { formError: outcome.message, fieldErrors }), intent }, { status: statusFor(outcome.reason) });
  }
  throw redirect(`/admin/grievances/${encodeURIComponent(id)}`, { headers: await flashHeaders(outcome.message) });
}

export default function AdminGrievance({ loaderData, actionData }: Route.ComponentProps) {
  const { grievance: g, flash } = loaderData;
  const reply = actionData;
  const errorsFor = (intent: string) => (reply?.intent === intent ? reply.fieldErrors : {});
  const valuesFor = (intent: string) => (reply?.intent === intent ? reply.values : {});
  const pending = useIsPending();
  const box = "rounded-xl border border-gray-200 bg-white p-5 shadow-sm";
  return (
    <div>
      <Link to="/admin/grievances" className="text-sm font-semibold text-pink-700 hover:text-pink-800">
        ← Back to Complaints
      </Link>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-gray-900 wrap-anywhere">{g.subject}</h1>
          <p className="mt-1 text-sm text-gray-600">Ticket {g.number}</p>
        </div>
        <GrievanceStatusBadge status={g.status} />
      </div>
      {g.flags.length > 0 && (
        <ul className="mt-3 space-y-1">
          {g.flags.map((f) => (
            <li key={f} className="text-sm font-semibold text-red-800">
              {f}
            </li>
          ))}
        </ul>
      )}
      <ActionNotice error={reply?.formError} confirmation={flash} />

      <div className={`mt-6 ${box}`}>
        <dl className="grid gap-4 sm:grid-cols-2">
          <Detail label="Customer">
            {g.customerName ?? "Deleted account"}
            {g.customerEmail ? ` (${g.customerEmail})` : ""}
          </Detail>
          <Detail label="About">{categoryLabel(g.category)}</Detail>
          <Detail label="Order">{g.orderNumber ?? "None"}</Detail>
          <Detail label="Raised">{formatOrderDateTime(g.createdAt)}</Detail>
          <Detail label="Acknowledge by">{g.acknowledgedAt ? `Acknowledged ${formatOrderDateTime(g.acknowledgedAt)}` : formatOrderDateTime(g.acknowledgeBy)}</Detail>
          <Detail label="Resolve by">{g.closedAt ? `Closed ${formatOrderDateTime(g.closedAt)}` : formatOrderDateTime(g.resolveBy)}</Detail>
        </dl>
        <h2 className="mt-6 text-sm font-medium text-gray-600">Complaint</h2>
        <p className="mt-2 whitespace-pre-wrap wrap-anywhere text-gray-900">{g.details}</p>
      </div>

      {g.status !== "closed" && (
        <div className="mt-6 grid gap-4 lg:grid-cols-2">
          {g.status === "open" && (
            <Form method="post" className={box}>
              <h2 className="text-base font-semibold text-gray-900">Acknowledge</h2>
              <p className="mt-1 text-sm text-gray-700">Tells the customer their complaint is being looked into.</p>
              <input type="hidden" name="intent" value="acknowledge" />
              <Button type="submit" className="mt-4" disabled={pending}>
                Acknowledge complaint
              </Button>
            </Form>
          )}
          {g.status === "acknowledged" && (
            <Form method="post" className={box}>
              <h2 className="text-base font-semibold text-gray-900">Reply</h2>
              <input type="hidden" name="intent" value="reply" />
              <div className="mt-3">
                <TextAreaField label="Reply to the customer" name="reply" rows={5} maxLength={MESSAGE_MAX} defaultValue={valuesFor("reply").reply ?? ""} error={errorsFor("reply").reply} hint="Mailed to the customer and kept in the history." />
              </div>
              <Button type="submit" className="mt-4" disabled={pending}>
                Send reply
              </Button>
            </Form>
          )}
          <Form method="post" className={box}>
            <h2 className="text-base font-semibold text-gray-900">Close</h2>
            <input type="hidden" name="intent" value="close" />
            <div className="mt-3">
              <TextAreaField label="Closing note" name="note" rows={5} maxLength={MESSAGE_MAX} defaultValue={valuesFor("close").note ?? ""} error={errorsFor("close").note} hint="How the complaint was resolved; mailed to the customer." />
            </div>
            <Button type="submit" variant="secondary" className="mt-4" disabled={pending}>
              Close complaint
            </Button>
          </Form>
        </div>
      )}

      <section aria-labelledby="history-heading" className="mt-8">
        <h2 id="history-heading" className="text-lg font-semibold text-gray-900">
          History
        </h2>
        <GrievanceHistory history={g.history} customerLabel="Customer" adminLabel="Administrator" />
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RecordNotFound error={error} title="Complaint not found" text="There is no complaint with this ID." backTo="/admin/grievances" backLabel="Back to Complaints" />;
}
