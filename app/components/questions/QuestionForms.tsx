import { useRef } from "react";
import { useFetcher } from "react-router";
import { Link } from "~/lib/route-links";
import { Button } from "~/components/ui/Button";
import { TextAreaField } from "~/components/ui/Field";
import { FormAlert } from "~/components/ui/FormAlert";
import { NoScriptRedirect } from "~/components/ui/NoScriptRedirect";
import type { FormReply } from "~/lib/form";
import { useFormReply } from "~/lib/form-hooks";
import { ANSWER_MAX, QUESTION_MAX } from "~/modules/questions/rules";

/** What the ask and answer routes send back to a script-driven post: the usual reply, and where the question now is. */
export type QuestionReply = FormReply & { href?: string };

export const askAction = (productId: string) => `/products/${encodeURIComponent(productId)}/questions`;
export const answerAction = (productId: string, questionId: string) => `${askAction(productId)}/${encodeURIComponent(questionId)}/answers`;

/**
 * The ask form: a fetcher's post with JavaScript (the page then reloads its list), a plain post
 * without, which comes back to the product page at the question (NoScriptRedirect).
 * `reply` is a plain post's refusal, shown by the ask page.
 */
export function AskQuestionForm({ productId, productName, reply }: { productId: string; productName: string; reply?: QuestionReply | undefined }) {
  const fetcher = useFetcher<QuestionReply>();
  const formRef = useRef<HTMLFormElement>(null);
  const r = fetcher.data ?? reply;
  useFormReply(formRef, r, { resetOnSuccess: true });
  const failed = r?.status === "error" ? r : undefined;
  const pending = fetcher.state !== "idle";
  const alertId = `ask-${productId}-alert`;
  return (
    <fetcher.Form discover="none" ref={formRef} method="post" action={askAction(productId)} noValidate className="space-y-3" aria-describedby={r ? alertId : undefined}>
      <NoScriptRedirect to={`/products/${encodeURIComponent(productId)}`} />
      {r?.status === "success" && (
        <FormAlert tone="success" id={alertId}>
          {r.message}{" "}
          {r.href && (
            <Link to={r.href} className="underline">
              See your question
            </Link>
          )}
        </FormAlert>
      )}
      {failed?.formError && <FormAlert id={alertId}>{failed.formError}</FormAlert>}
      <TextAreaField
        label={`Your question about ${productName}`}
        name="question"
        rows={3}
        required
        maxLength={QUESTION_MAX}
        defaultValue={failed?.values.question ?? ""}
        error={failed?.fieldErrors.question}
        hint="10 to 1,000 characters. It is shown with your first name; the seller is told by mail."
      />
      <Button type="submit" disabled={pending}>
        {pending ? "Sending..." : "Ask question"}
      </Button>
    </fetcher.Form>
  );
}

/** One question's answer form, the same way as the ask form. */
export function AnswerQuestionForm({ productId, questionId, reply }: { productId: string; questionId: string; reply?: QuestionReply | undefined }) {
  const fetcher = useFetcher<QuestionReply>();
  const formRef = useRef<HTMLFormElement>(null);
  const r = fetcher.data ?? reply;
  useFormReply(formRef, r, { resetOnSuccess: true });
  const failed = r?.status === "error" ? r : undefined;
  const pending = fetcher.state !== "idle";
  const alertId = `answer-${questionId}-alert`;
  return (
    <fetcher.Form discover="none" ref={formRef} method="post" action={answerAction(productId, questionId)} noValidate className="space-y-3" aria-describedby={r ? alertId : undefined}>
      <NoScriptRedirect to={`/products/${encodeURIComponent(productId)}`} />
      {r?.status === "success" && (
        <FormAlert tone="success" id={alertId}>
          {r.message}
        </FormAlert>
      )}
      {failed?.formError && <FormAlert id={alertId}>{failed.formError}</FormAlert>}
      <TextAreaField
        label="Your answer"
        name="answer"
        rows={3}
        required
        maxLength={ANSWER_MAX}
        defaultValue={failed?.values.answer ?? ""}
        error={failed?.fieldErrors.answer}
        hint="2 to 2,000 characters. The seller, and customers who have received this product, can answer."
      />
      <Button type="submit" size="sm" disabled={pending}>
        {pending ? "Sending..." : "Post answer"}
      </Button>
    </fetcher.Form>
  );
}
