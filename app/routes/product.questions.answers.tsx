import { data, redirect } from "react-router";
import { Link } from "~/lib/route-links";
import { AnswerQuestionForm, type QuestionReply } from "~/components/questions/QuestionForms";
import { dbContext, storeOf, userContext } from "~/context";
import { formFailure } from "~/lib/form";
import { readFormValues } from "~/lib/form.server";
import { statusFor } from "~/lib/outcome";
import { answerQuestion, questionForAnswer, questionPlace } from "~/modules/questions/questions.server";
import { questionHref } from "~/modules/questions/rules";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/product.questions.answers";

/**
 * /products/:id/questions/:questionId/answers: where a question's answer form posts, the same way
 * as the ask form (product.questions.tsx). Only the product's seller and customers with a
 * delivered item of it may answer; anyone else is refused with 403 and told why.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const question = await questionForAnswer(context.get(dbContext), params.questionId);
  if (!question || question.productId !== params.id) throw data("Question not found.", { status: 404 });
  return { question };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({ title: loaderData ? `Answer a question about ${loaderData.question.productName}` : "Answer a question", description: "Answer a customer's question about a product." }),
  { name: "robots", content: "noindex" },
];

export async function action({ params, context, request }: Route.ActionArgs) {
  const user = context.get(userContext);
  if (!user) throw redirect(`/login?redirectTo=${encodeURIComponent(`/products/${encodeURIComponent(params.id)}`)}`);
  const values = await readFormValues(request);
  const question = await questionForAnswer(context.get(dbContext), params.questionId);
  if (!question || question.productId !== params.id) return data<QuestionReply>(formFailure(values, { formError: "Question not found." }), { status: 404 });
  const outcome = await answerQuestion(storeOf(context), { id: user.id, role: user.role }, params.questionId, values);
  if (!outcome.ok) {
    return data<QuestionReply>(formFailure(values, { formError: outcome.message, fieldErrors: outcome.fieldErrors }), { status: statusFor(outcome.reason) });
  }
  const place = await questionPlace(context.get(dbContext), params.questionId);
  const href = questionHref(params.id, place?.page ?? 1, params.questionId);
  if (values.redirectTo) throw redirect(href);
  return data<QuestionReply>({ status: "success", message: outcome.message, href });
}

export default function AnswerQuestion({ loaderData, actionData }: Route.ComponentProps) {
  const { question } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to={`/products/${encodeURIComponent(question.productId)}#questions`} className="text-sm font-semibold text-pink-700 hover:text-pink-800">
        {`← ${question.productName}`}
      </Link>
      <h1 className="mt-2 text-3xl font-bold text-gray-900">Answer a question</h1>
      <p className="mt-4 whitespace-pre-line wrap-anywhere rounded-lg bg-gray-50 px-4 py-3 text-gray-900">{question.body}</p>
      <div className="mt-6 rounded-xl border border-gray-200 bg-white p-6">
        <AnswerQuestionForm productId={question.productId} questionId={question.id} reply={actionData} />
      </div>
    </div>
  );
}
