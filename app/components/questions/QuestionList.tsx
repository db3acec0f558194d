import type { ReactNode } from "react";
import { formatShortDate } from "~/lib/dates";
import { Static } from "~/components/ui/Static";
import type { AnswerView, QuestionView } from "~/modules/questions/questions.server";

/** "Seller": the mark on the product's seller's answers. */
export function SellerBadge() {
  return <span className="rounded-full bg-pink-100 px-2 py-0.5 text-xs font-semibold text-pink-800">Seller</span>;
}

/** One answer, as text (never HTML: links are not made clickable), marked when the seller wrote it. */
export function AnswerItem({ answer, children }: { answer: AnswerView; children?: ReactNode }) {
  return (
    <li className="rounded-lg bg-gray-50 px-4 py-3">
      <p className="whitespace-pre-line wrap-anywhere text-sm text-gray-900">{answer.body}</p>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-gray-600">
        {answer.bySeller ? (
          <>
            <SellerBadge />
            <span>{`Answered by the seller, ${answer.author}`}</span>
          </>
        ) : (
          <span>{`Answered by ${answer.author}, who bought this product`}</span>
        )}
        <span aria-hidden="true">·</span>
        <span>{formatShortDate(answer.createdAt)}</span>
      </p>
      {children}
    </li>
  );
}

/**
 * A question and its answers; `children` go beneath (an answer form, the admin's buttons). `kept`:
 * the question and its answers are a Static part (the product page's, where nothing in them changes
 * in the browser), brought up to date when the answers change.
 */
export function QuestionItem({
  question,
  headingLevel = 3,
  children,
  answerExtra,
  kept = false,
}: {
  question: QuestionView;
  headingLevel?: 2 | 3;
  children?: ReactNode;
  answerExtra?: (a: AnswerView) => ReactNode;
  kept?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const text = (
    <>
      <Heading id={`question-${question.id}-text`} className="whitespace-pre-line wrap-anywhere font-semibold text-gray-900">
        <span className="sr-only">Question: </span>
        {question.body}
      </Heading>
      <p className="mt-1 text-xs text-gray-600">{`Asked by ${question.asker} on ${formatShortDate(question.createdAt)}`}</p>
      {question.answers.length === 0 ? (
        <p className="mt-3 text-sm text-gray-600">No answers yet.</p>
      ) : (
        <ul className="mt-3 space-y-2" aria-label={`Answers to: ${question.body.slice(0, 80)}`}>
          {question.answers.map((a) => (
            <AnswerItem key={a.id} answer={a}>
              {answerExtra?.(a)}
            </AnswerItem>
          ))}
        </ul>
      )}
    </>
  );
  return (
    <article id={`question-${question.id}`} className="scroll-mt-24 py-5 target:bg-amber-50" aria-labelledby={`question-${question.id}-text`}>
      {kept ? (
        <Static className="contents" version={[question.id, ...question.answers.map((a) => a.id)].join(" ")}>
          {text}
        </Static>
      ) : (
        text
      )}
      {children}
    </article>
  );
}
