import { useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { NoScriptRedirect } from "~/components/ui/NoScriptRedirect";
import { Static } from "~/components/ui/Static";
import { useKeptUntilUsed } from "~/components/ui/kept-until-used";
import { announce } from "~/components/ui/PageChange";
import { REPORT_REASONS } from "~/modules/reviews/rules";
import { useHelpfulVote } from "./helpful-votes";

type Reply = { status: "success"; message: string; voted?: boolean } | { status: "error"; formError?: string } | undefined;

function useReviewFetcher(kind: string, reviewId: string) {
  const fetcher = useFetcher<Reply>({ key: `review-${kind}-${reviewId}` });
  const reply = fetcher.data;
  const message = reply ? (reply.status === "success" ? reply.message : reply.formError) : null;
  return { fetcher, message, failed: reply?.status === "error" };
}

/**
 * A review's "Helpful" and "Report" forms. The product page is shared, so its HTML shows them the
 * same to everyone; once it has loaded, a signed-in customer's Helpful buttons show their own
 * votes pressed (`useHelpfulVote`). With JavaScript they post through fetchers and say what
 * happened beside the button; without, they post and come back to the page. Signed-out visitors
 * are sent to sign in first.
 *
 * The Helpful form is kept as written while the page loads, until it is used or the visitor's
 * answer knows their vote (useKeptUntilUsed): a form with a fetcher per review need not hydrate
 * for a reader who never votes.
 */
export function ReviewActions({ reviewId, helpful, about }: { reviewId: string; helpful: number; about: string }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}#review-${reviewId}`;
  const { live, onClick } = useKeptUntilUsed(useHelpfulVote(reviewId) !== undefined);
  return (
    // Not a control of its own: it passes a kept button's click on to the live one (useKeptUntilUsed).
    <div className="mt-3 flex flex-wrap items-start gap-x-4 gap-y-2 text-sm" onClick={onClick}>
      <Static className="contents" version={live ? `live ${helpful} ${here}` : `${helpful}`}>
        <HelpfulVote reviewId={reviewId} helpful={helpful} here={here} about={about} />
      </Static>
      <ReportReview reviewId={reviewId} here={here} about={about} />
    </div>
  );
}

/**
 * While its vote is on its way the button is marked `aria-disabled` and ignores presses, keeping
 * the focus (a disabled button would drop it); the reply is said through the page's live region
 * (a status that appears with its text is not read by every screen reader).
 */
function HelpfulVote({ reviewId, helpful, here, about }: { reviewId: string; helpful: number; here: string; about: string }) {
  const vote = useReviewFetcher("helpful", reviewId);
  const reply = vote.fetcher.data;
  const known = useHelpfulVote(reviewId);
  const busy = vote.fetcher.state !== "idle";
  // Voting toggles: once known, the button says whether the visitor's vote counts.
  const voted = reply?.status === "success" && reply.voted !== undefined ? reply.voted : known;
  useEffect(() => {
    if (reply?.status === "success") announce(reply.message);
  }, [reply]);
  return (
    <vote.fetcher.Form
      discover="none"
      method="post"
      action={`/reviews/${encodeURIComponent(reviewId)}/helpful`}
      className="flex flex-wrap items-center gap-2"
      onSubmit={(e) => busy && e.preventDefault()}
    >
      <NoScriptRedirect to={here} />
      <input type="hidden" name="returnTo" value={here} />
      <button
        type="submit"
        data-kept-action="helpful"
        aria-disabled={busy || undefined}
        aria-pressed={voted}
        aria-label={`Helpful: ${about}`}
        className={`rounded-md border px-3 py-1 font-medium hover:border-pink-600 hover:text-pink-700 ${voted ? "border-pink-600 bg-pink-50 text-pink-800" : "border-gray-300 bg-white text-gray-800"}`}
      >
        {voted && <span aria-hidden="true">✓ </span>}
        Helpful
      </button>
      <span className="text-gray-600">{helpful === 1 ? "1 person found this helpful" : `${helpful} people found this helpful`}</span>
      {vote.message && (
        <span role={vote.failed ? "alert" : undefined} className={vote.failed ? "text-red-700" : "text-green-700"}>
          {vote.message}
        </span>
      )}
    </vote.fetcher.Form>
  );
}

/**
 * A review's Report: a closed <details> holding the reasons and Send report. The page hydrates
 * the form as it was written (Static: a form per review is many elements a reader rarely opens),
 * and the first opening brings it to life, before anyone can choose a reason, so that it posts
 * through its fetcher; without JavaScript it posts and comes back to the page.
 */
function ReportReview({ reviewId, here, about }: { reviewId: string; here: string; about: string }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [opened, setOpened] = useState(false);
  // Opened before the page had hydrated.
  useEffect(() => {
    if (ref.current?.open) setOpened(true);
  }, []);
  return (
    <details ref={ref} className="group" onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary className="cursor-pointer rounded-md px-1 py-1 font-medium text-gray-700 hover:text-pink-700">
        <span>Report</span>
        <span className="sr-only"> {about}</span>
      </summary>
      <Static className="contents" version={opened ? "opened" : ""}>
        <ReportForm reviewId={reviewId} here={here} />
      </Static>
    </details>
  );
}

function ReportForm({ reviewId, here }: { reviewId: string; here: string }) {
  const report = useReviewFetcher("report", reviewId);
  return (
    <report.fetcher.Form discover="none" method="post" action={`/reviews/${encodeURIComponent(reviewId)}/report`} className="mt-2 rounded-lg border border-gray-200 bg-white p-3">
      <NoScriptRedirect to={here} />
      <input type="hidden" name="returnTo" value={here} />
      <fieldset>
        <legend className="text-sm font-medium text-gray-800">Why are you reporting this review?</legend>
        <div className="mt-2 space-y-1">
          {REPORT_REASONS.map((r) => (
            <label key={r.value} className="flex items-center gap-2 text-sm text-gray-800">
              <input type="radio" name="reason" value={r.value} required className="accent-pink-600" />
              {r.label}
            </label>
          ))}
        </div>
      </fieldset>
      <button
        type="submit"
        disabled={report.fetcher.state !== "idle"}
        className="mt-3 rounded-md border border-gray-300 bg-white px-3 py-1 font-medium text-gray-800 hover:border-pink-600 hover:text-pink-700"
      >
        Send report
      </button>
      {report.message && (
        <p role={report.failed ? "alert" : "status"} className={`mt-2 ${report.failed ? "text-red-700" : "text-green-700"}`}>
          {report.message}
        </p>
      )}
    </report.fetcher.Form>
  );
}
