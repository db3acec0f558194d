import type { Kysely } from "kysely";
import { data, redirect } from "react-router";
import type { Database } from "~/db/schema";
import { formFailure } from "~/lib/form";
import { readForm } from "~/lib/form.server";
import { statusFor, type Refusal } from "~/lib/outcome";
import { pageAfterPost } from "~/lib/page-after-post";
import type { SessionUser } from "~/modules/identity/roles";
import type { Store } from "~/modules/jobs/outbox.server";
import { parseUserAction, type UserAction } from "./forms.server";
import { ADMIN_MESSAGES, noticeMessage, type AdminNotice } from "./labels";
import { setUserDisabled, userLabel } from "./users.server";
import { decideVendor, vendorName } from "./vendors.server";

type Db = Kysely<Database>;

export type ActionOutcome = { ok: true; notice: AdminNotice; subject: string } | Refusal<"forbidden" | "not_found">;

/** Carries out one posted user or vendor action, for the administrator `actor`. */
export async function runUserAction(store: Store, actor: SessionUser, action: UserAction): Promise<ActionOutcome> {
  switch (action.intent) {
    case "disable":
    case "enable": {
      const r = await setUserDisabled(store.db, actor, action.userId, action.intent === "disable");
      return r.ok ? { ok: true, notice: action.intent === "disable" ? "disabled" : "enabled", subject: action.userId } : r;
    }
    case "approve":
    case "reject": {
      const r = await decideVendor(store, action.vendorId, action.intent === "approve" ? "approved" : "rejected");
      return r.ok ? { ok: true, notice: action.intent === "approve" ? "approved" : "rejected", subject: action.vendorId } : r;
    }
  }
}

/**
 * A user or vendor form's post, for Manage Users and a user's own page alike: a bad or refused
 * post answers with its message; a done one returns to `returnTo` with the confirmation.
 */
export async function postUserAction(store: Store, actor: SessionUser, request: Request, returnTo: string) {
  const act = parseUserAction(await readForm(request));
  if (!act) return data(formFailure({}, { formError: ADMIN_MESSAGES.badRequest }), { status: statusFor("invalid") });
  const outcome = await runUserAction(store, actor, act);
  if (!outcome.ok) return data(formFailure({}, { formError: outcome.message }), { status: statusFor(outcome.reason) });
  throw redirect(afterAction(returnTo, request.url, outcome));
}

/** The page to return to after a successful action (see pageAfterPost), with the confirmation replacing any earlier one. */
export function afterAction(path: string, requestUrl: string, outcome: { notice: AdminNotice; subject: string }): string {
  return pageAfterPost(path, requestUrl, (params) => {
    for (const key of ["done", "subject"]) params.delete(key);
    params.set("done", outcome.notice);
    params.set("subject", outcome.subject);
  });
}

/** The confirmation text for a redirect's ?done=…&subject=…, naming the user or vendor from the database. */
export async function confirmationFor(db: Db, done: { notice: AdminNotice; subject: string } | null): Promise<string | null> {
  if (!done) return null;
  const name = done.notice === "approved" || done.notice === "rejected" ? await vendorName(db, done.subject) : await userLabel(db, done.subject);
  return name ? noticeMessage(done.notice, name) : null;
}
