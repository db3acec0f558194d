import { data, redirect, useNavigation } from "react-router";
import { Form, Link } from "~/lib/route-links";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { PageSummary, Pager } from "~/components/admin/Pager";
import { Button } from "~/components/ui/Button";
import { dbContext, storeOf } from "~/context";
import { flashHeaders, readFlash } from "~/lib/flash.server";
import { formFailure } from "~/lib/form";
import { useIsPending } from "~/lib/form-hooks";
import { readForm } from "~/lib/form.server";
import { statusFor } from "~/lib/outcome";
import { pageAfterPost } from "~/lib/page-after-post";
import { ADMIN_MESSAGES, formatCount } from "~/modules/admin/labels";
import { listMail, parseMailAction, parseMailQuery, type MailStatus } from "~/modules/admin/mail.server";
import { requireAdmin } from "~/modules/identity/guards.server";
import { resendMail } from "~/modules/mail/delivery.server";
import { formatOrderDateTime } from "~/lib/dates";
import { brandTitle } from "~/modules/seo/meta";
import { EmptyList, FilterForm, FilterSearch, FilterSelect, ListTable } from "~/components/admin/AdminList";
import type { Route } from "./+types/mail";

export const meta: Route.MetaFunction = () => [{ title: brandTitle("Mail", "Admin") }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args);
  const query = parseMailQuery(new URL(args.request.url).searchParams);
  const [mail, flash] = await Promise.all([listMail(args.context.get(dbContext), query), readFlash(args.request)]);
  return data({ query, mail, flash: flash.message }, { headers: flash.headers });
}

export async function action(args: Route.ActionArgs) {
  requireAdmin(args);
  const act = parseMailAction(await readForm(args.request));
  if (!act) return data(formFailure({}, { formError: ADMIN_MESSAGES.badRequest }), { status: statusFor("invalid") });
  const store = storeOf(args.context);
  const result = await resendMail(store.db, store.outbox, act.mailId);
  if (!result.ok) return data(formFailure({}, { formError: result.message }), { status: statusFor(result.reason) });
  throw redirect(pageAfterPost("/admin/mail", args.request.url), { headers: await flashHeaders(result.message) });
}


const STATUS_LABELS: Record<MailStatus, string> = { queued: "Queued", sent: "Sent", failed: "Failed" };
const STATUS_OPTIONS = Object.keys(STATUS_LABELS) as MailStatus[];

const BADGE: Record<MailStatus, string> = {
  queued: "bg-yellow-100 text-yellow-800",
  sent: "bg-green-100 text-green-800",
  failed: "bg-red-100 text-red-800",
};

function plural(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

function FailedNotice({ failed, showing }: { failed: number; showing: boolean }) {
  if (failed === 0) return <p className="mt-4 text-sm text-gray-600">No mail has failed.</p>;
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3">
      <p className="text-sm text-red-900">
        <strong className="font-semibold">{plural(failed, "mail", "mails")} could not be sent.</strong> Each shows the reason; Resend tries it again.
      </p>
      {!showing && (
        <Link to="?status=failed" className="text-sm font-semibold text-red-800 underline hover:text-red-900">
          Show failed mail
        </Link>
      )}
    </div>
  );
}

type MailRow = Route.ComponentProps["loaderData"]["mail"]["rows"][number];

function StatusBadge({ status }: { status: MailStatus }) {
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE[status]}`}>{STATUS_LABELS[status]}</span>;
}

function When({ at }: { at: string }) {
  return <time dateTime={at}>{formatOrderDateTime(at)}</time>;
}

/** The subject, the reference it concerns and, on failed mail, why it failed. */
function SubjectLines({ m }: { m: MailRow }) {
  return (
    <>
      <span className="block text-gray-900">{m.subject}</span>
      {m.reference && <span className="block text-xs text-gray-600 wrap-anywhere">Reference: {m.reference}</span>}
      {m.status === "failed" && m.lastError && <span className="mt-1 block text-xs font-medium text-red-800">Reason: {m.lastError}</span>}
    </>
  );
}

/** Resend, a form of its own so it posts without JavaScript; queued mail has none (it is still on its way). */
function ResendButton({ m, busy }: { m: MailRow; busy: boolean }) {
  const pendingId = useNavigation().formData?.get("mailId");
  if (m.status === "queued") return null;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="mailId" value={m.id} />
      <Button type="submit" size="sm" variant="outline" disabled={busy}>
        {busy && pendingId === m.id ? "Resending…" : "Resend"}
        <span className="sr-only">
          {" "}
          “{m.subject}” to {m.to}
        </span>
      </Button>
    </Form>
  );
}

/** Issue 11: the mail the shop sends, newest first; failed mail shows why, and any sent or failed mail can be sent again. */
export default function AdminMail({ loaderData, actionData }: Route.ComponentProps) {
  const { query, mail, flash } = loaderData;
  const busy = useIsPending();
  return (
    <div>
      <h1 id="mail-heading" className="text-2xl font-bold text-gray-900">
        Mail
      </h1>
      <p className="mt-1 text-sm text-gray-600">Mail the shop has sent or is sending to customers, vendors and administrators.</p>
      <ActionNotice error={actionData?.formError} confirmation={flash} />
      <FailedNotice failed={mail.counts.failed} showing={query.status === "failed"} />
      <FilterForm label="Find mail" submit="Search" clearTo="/admin/mail" active={Boolean(query.q || query.status)}>
        <FilterSearch label="Search by recipient, subject or reference" defaultValue={query.q} />
        <FilterSelect
          label="Status"
          name="status"
          defaultValue={query.status ?? ""}
          all={`All (${formatCount(mail.counts.all)})`}
          options={STATUS_OPTIONS.map((s) => ({ value: s, label: `${STATUS_LABELS[s]} (${formatCount(mail.counts[s])})` }))}
          className="min-w-0 basis-40"
        />
      </FilterForm>
      {mail.rows.length === 0 ? (
        <EmptyList>No mail found matching your criteria.</EmptyList>
      ) : (
        <>
          {/* A phone gets one card per mail: five columns do not fit its width. */}
          <ul aria-labelledby="mail-heading" className="mt-6 space-y-3 md:hidden">
            {mail.rows.map((m) => (
              <li key={m.id} className={`rounded-xl border p-4 text-sm shadow-sm ${m.status === "failed" ? "border-red-200 bg-red-50/40" : "border-gray-200 bg-white"}`}>
                <div className="flex items-start justify-between gap-3">
                  <p className="min-w-0 font-medium text-gray-900 wrap-anywhere">
                    <span className="sr-only">To: </span>
                    {m.to}
                  </p>
                  <StatusBadge status={m.status} />
                </div>
                <p className="mt-2">
                  <SubjectLines m={m} />
                </p>
                <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-gray-600">
                  <span>
                    <When at={m.at} /> · {m.attempts === 1 ? "1 try" : `${m.attempts} tries`}
                  </span>
                  <ResendButton m={m} busy={busy} />
                </div>
              </li>
            ))}
          </ul>
          <ListTable className="mt-6 hidden md:block" labelledBy="mail-heading" columns={["To", "Subject", "Status", "When", { label: "Tries", right: true }, { label: "Actions", srOnly: true }]}>
              {mail.rows.map((m) => (
                <tr key={m.id} className={m.status === "failed" ? "bg-red-50/40" : ""}>
                  <td className="px-4 py-3 text-gray-900 wrap-anywhere">{m.to}</td>
                  <td className="min-w-48 px-4 py-3">
                    <SubjectLines m={m} />
                  </td>
                  <td className="px-4 py-3">
                    <StatusBadge status={m.status} />
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-gray-700">
                    <When at={m.at} />
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums text-gray-700">{m.attempts}</td>
                  <td className="px-4 py-3">
                    <ResendButton m={m} busy={busy} />
                  </td>
                </tr>
              ))}
          </ListTable>
        </>
      )}
      {mail.rows.length > 0 && <PageSummary page={mail.page} pageSize={mail.pageSize} shown={mail.rows.length} total={mail.total} noun="mails" />}
      <Pager page={mail.page} pageCount={mail.pageCount} label="Mail pages" />
    </div>
  );
}
