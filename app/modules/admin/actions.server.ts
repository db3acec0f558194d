import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { SessionUser } from "~/modules/identity/roles";
import type { UserAction } from "./forms.server";
import { noticeMessage, type AdminNotice } from "./labels";
import { setUserDisabled, userLabel } from "./users.server";
import { decideVendor, vendorName } from "./vendors.server";

type Db = Kysely<Database>;

export type ActionOutcome = { ok: true; notice: AdminNotice; subject: string } | { ok: false; status: 400 | 403 | 404; message: string };

/** Carries out one posted user or vendor action, for the administrator `actor`. */
export async function runUserAction(db: Db, actor: SessionUser, action: UserAction): Promise<ActionOutcome> {
  switch (action.intent) {
    case "disable":
    case "enable": {
      const r = await setUserDisabled(db, actor, action.userId, action.intent === "disable");
      return r.ok ? { ok: true, notice: action.intent === "disable" ? "disabled" : "enabled", subject: action.userId } : r;
    }
    case "approve":
    case "reject": {
      const r = await decideVendor(db, action.vendorId, action.intent === "approve" ? "approved" : "rejected");
      return r.ok ? { ok: true, notice: action.intent === "approve" ? "approved" : "rejected", subject: action.vendorId } : r;
    }
  }
}

/**
 * The page to return to after a successful action: `path` with the list's own query (search,
 * filter, page) and the confirmation. The request's URL is not used as is: a script-driven post
 * arrives at the route's data URL ("….data", with React Router's own parameters).
 */
export function afterAction(path: string, requestUrl: string, outcome: { notice: AdminNotice; subject: string }): string {
  const params = new URLSearchParams(new URL(requestUrl).search);
  for (const key of ["index", "_routes", "done", "subject"]) params.delete(key);
  params.set("done", outcome.notice);
  params.set("subject", outcome.subject);
  return `${path}?${params.toString()}`;
}

/** The confirmation text for a redirect's ?done=…&subject=…, naming the user or vendor from the database. */
export async function confirmationFor(db: Db, done: { notice: AdminNotice; subject: string } | null): Promise<string | null> {
  if (!done) return null;
  const name = done.notice === "approved" || done.notice === "rejected" ? await vendorName(db, done.subject) : await userLabel(db, done.subject);
  return name ? noticeMessage(done.notice, name) : null;
}
