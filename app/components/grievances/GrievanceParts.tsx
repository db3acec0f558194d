import { BADGE, BADGE_TONES } from "~/components/ui/StatusBadge";
import { grievanceEventLabel, grievanceStatusLabel } from "~/modules/grievances/rules";
import { formatOrderDateTime } from "~/lib/dates";

const TONES: Record<string, keyof typeof BADGE_TONES> = { open: "yellow", acknowledged: "blue", closed: "green" };

/** A complaint's state: Open, Acknowledged or Closed. */
export function GrievanceStatusBadge({ status }: { status: string }) {
  return <span className={`${BADGE} ${BADGE_TONES[TONES[status] ?? "grey"]}`}>{grievanceStatusLabel(status)}</span>;
}

interface HistoryEntry {
  event: string;
  actorRole: string;
  message: string | null;
  createdAt: string;
}

/** A complaint's steps, oldest first; replies and closing notes are shown as the text they were written as. */
export function GrievanceHistory({ history, customerLabel, adminLabel }: { history: HistoryEntry[]; customerLabel: string; adminLabel: string }) {
  return (
    <ol className="mt-4 space-y-4">
      {history.map((h, i) => (
        <li key={i} className="rounded-lg border border-gray-200 bg-white p-4">
          <p className="text-sm">
            <span className="font-semibold text-gray-900">{grievanceEventLabel(h.event)}</span>
            <span className="text-gray-600">
              {" "}
              · {h.actorRole === "admin" ? adminLabel : customerLabel} · {formatOrderDateTime(h.createdAt)}
            </span>
          </p>
          {h.message && <p className="mt-2 whitespace-pre-wrap wrap-anywhere text-sm text-gray-900">{h.message}</p>}
        </li>
      ))}
    </ol>
  );
}
