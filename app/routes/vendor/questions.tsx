import { useRef } from "react";
import { data, redirect } from "react-router";
import { Form, Link } from "~/lib/route-links";
import { Pager } from "~/components/admin/Pager";
import { QuestionItem } from "~/components/questions/QuestionList";
import { Button } from "~/components/ui/Button";
import { TextAreaField } from "~/components/ui/Field";
import { FormAlert } from "~/components/ui/FormAlert";
import { dbContext, storeOf } from "~/context";
import { flashHeaders, readFlash } from "~/lib/flash.server";
import { formFailure, type FormFailure } from "~/lib/form";
import { useFormReply, useIsPending } from "~/lib/form-hooks";
import { readFormValues } from "~/lib/form.server";
import { statusFor } from "~/lib/outcome";
import { pageAfterPost } from "~/lib/page-after-post";
import { requireVendorProfile } from "~/modules/identity/guards.server";
import { answerQuestion, vendorQuestions } from "~/modules/questions/questions.server";
import { ANSWER_MAX, parseQuestionPage, questionHref } from "~/modules/questions/rules";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/questions";

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Questions", description: "Customers' questions about your products." }),
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  const { vendor } = await requireVendorProfile(args);
  const page = parseQuestionPage(new URL(args.request.url).searchParams.get("page"));
  const [list, flash] = await Promise.all([vendorQuestions(args.context.get(dbContext), vendor.id, page), readFlash(args.request)]);
  return data({ list, flash: flash.message }, { headers: flash.headers });
}

type ActionData = FormFailure & { questionId: string };

/** The seller answers a question on one of its products; its answer is marked "Seller" on the product page. */
export async function action(args: Route.ActionArgs) {
  const { user } = await requireVendorProfile(args);
  const values = await readFormValues(args.request);
  const questionId = values.questionId ?? "";
  const outcome = await answerQuestion(storeOf(args.context), { id: user.id, role: user.role }, questionId, values);
  if (!outcome.ok) {
    return data<ActionData>({ ...formFailure(values, { formError: outcome.fieldErrors ? undefined : outcome.message, fieldErrors: outcome.fieldErrors }), questionId }, { status: statusFor(outcome.reason) });
  }
  throw redirect(pageAfterPost("/vendor/questions", args.request.url), { headers: await flashHeaders("Your answer is published on the product page, marked “Seller”.") });
}

function AnswerForm({ questionId, failure }: { questionId: string; failure: ActionData | null }) {
  const formRef = useRef<HTMLFormElement>(null);
  const mine = failure?.questionId === questionId ? failure : null;
  const pending = useIsPending();
  useFormReply(formRef, mine);
  return (
    <Form ref={formRef} method="post" noValidate className="mt-3 space-y-3">
      <input type="hidden" name="questionId" value={questionId} />
      {mine?.formError && <FormAlert>{mine.formError}</FormAlert>}
      <TextAreaField label="Your answer" name="answer" rows={3} required maxLength={ANSWER_MAX} defaultValue={mine?.values.answer ?? ""} error={mine?.fieldErrors.answer} hint="2 to 2,000 characters, shown on the product page." />
      <Button type="submit" size="sm" disabled={pending}>
        Post answer
      </Button>
    </Form>
  );
}

/** Questions on the seller's products: unanswered first, each with its answer form. */
export default function VendorQuestions({ loaderData, actionData }: Route.ComponentProps) {
  const { list, flash } = loaderData;
  const failure = actionData ?? null;
  const orphan = failure?.formError !== undefined && !list.questions.some((q) => q.id === failure.questionId);
  return (
    <div>
      <h1 className="text-2xl font-bold text-gray-900">Questions</h1>
      <p className="mt-1 text-sm text-gray-600">
        {list.unanswered === 0 ? "Every question on your products has an answer." : list.unanswered === 1 ? "1 question is waiting for your answer." : `${list.unanswered} questions are waiting for your answer.`}
      </p>
      {flash && (
        <p role="status" data-announce className="mt-4 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-800">
          {flash}
        </p>
      )}
      {orphan && (
        <div className="mt-4">
          <FormAlert>{failure.formError}</FormAlert>
        </div>
      )}
      {list.questions.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-gray-300 px-6 py-10 text-center text-gray-600">No questions on your products yet.</p>
      ) : (
        <div className="mt-6 divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white px-5">
          {list.questions.map((q) => (
            <div key={q.id}>
              <p className="pt-5 text-sm">
                <Link to={questionHref(q.productId, 1)} className="font-semibold text-pink-700 hover:text-pink-800">
                  {q.productName}
                </Link>
                {q.answeredAt === null && <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Unanswered</span>}
              </p>
              <QuestionItem question={q} headingLevel={2}>
                <AnswerForm questionId={q.id} failure={failure} />
              </QuestionItem>
            </div>
          ))}
        </div>
      )}
      <Pager page={list.page} pageCount={list.pages} label="Question pages" />
    </div>
  );
}
