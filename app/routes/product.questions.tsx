import { data, redirect } from "react-router";
import { Link } from "~/lib/route-links";
import { AskQuestionForm, type QuestionReply } from "~/components/questions/QuestionForms";
import { dbContext, storeOf, userContext } from "~/context";
import { formFailure } from "~/lib/form";
import { readFormValues } from "~/lib/form.server";
import { statusFor } from "~/lib/outcome";
import { askQuestion, questionPlace } from "~/modules/questions/questions.server";
import { questionHref } from "~/modules/questions/rules";
import { getProduct } from "~/modules/catalog/products.server";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/product.questions";

/**
 * /products/:id/questions: where the product page's ask form posts. A script-driven post gets the
 * reply and stays on the product page; a plain post goes back to the product page at the new
 * question, or, refused, stays here and shows the form again with its message.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const product = await getProduct(context.get(dbContext), params.id);
  if (!product) throw data("Product not found.", { status: 404 });
  return { product: { id: product.id, name: product.name } };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({ title: loaderData ? `Ask about ${loaderData.product.name}` : "Ask a question", description: "Ask a question about a product." }),
  { name: "robots", content: "noindex" },
];

export async function action({ params, context, request }: Route.ActionArgs) {
  const user = context.get(userContext);
  if (!user) throw redirect(`/login?redirectTo=${encodeURIComponent(`/products/${encodeURIComponent(params.id)}`)}`);
  const values = await readFormValues(request);
  const outcome = await askQuestion(storeOf(context), { id: user.id, role: user.role }, params.id, values);
  if (!outcome.ok) {
    return data<QuestionReply>(formFailure(values, { formError: outcome.message, fieldErrors: outcome.fieldErrors }), { status: statusFor(outcome.reason) });
  }
  const place = await questionPlace(context.get(dbContext), outcome.id);
  const href = questionHref(params.id, place?.page ?? 1, outcome.id);
  if (values.redirectTo) throw redirect(href);
  return data<QuestionReply>({ status: "success", message: outcome.message, href });
}

export default function AskQuestion({ loaderData, actionData }: Route.ComponentProps) {
  const { product } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to={`/products/${encodeURIComponent(product.id)}#questions`} className="text-sm font-semibold text-pink-700 hover:text-pink-800">
        {`← ${product.name}`}
      </Link>
      <h1 className="mt-2 text-3xl font-bold text-gray-900">Ask a question</h1>
      <div className="mt-6 rounded-xl border border-gray-200 bg-white p-6">
        <AskQuestionForm productId={product.id} productName={product.name} reply={actionData} />
      </div>
    </div>
  );
}
