import { formatCount } from "~/lib/numbers";
import { Link } from "~/lib/route-links";
import { useVisitor } from "~/modules/visitor/visitor";
import type { QuestionPage } from "~/modules/questions/questions.server";
import { questionHref } from "~/modules/questions/rules";
import { AnswerQuestionForm, AskQuestionForm } from "./QuestionForms";
import { QuestionItem } from "./QuestionList";

/**
 * The product page's "Questions and answers": the published questions, answered ones first, paged
 * by `?qpage=` links (part of the shared page's address, so each page is cached like the page
 * itself), and the forms. The page is the same for everyone: the forms for a signed-in visitor
 * appear once GET /visitor has answered (app/modules/visitor/visitor.ts); until then, and without
 * JavaScript, everyone sees "Sign in to ask", whose sign-in comes back here. Whether they may ask or
 * answer is checked when they post (403 otherwise).
 */
export function ProductQuestions({ productId, productName, data }: { productId: string; productName: string; data: QuestionPage }) {
  const visitor = useVisitor();
  const user = visitor.loaded ? visitor.value.user : null;
  const here = `/products/${encodeURIComponent(productId)}${data.page > 1 ? `?qpage=${data.page}` : ""}`;
  // Not known (before GET /visitor answers, or without JavaScript): the sign-in leads on to the ask
  // page, which a visitor already signed in reaches at once.
  const loginHref = `/login?redirectTo=${encodeURIComponent(visitor.loaded ? here : `/products/${encodeURIComponent(productId)}/questions`)}`;
  const canAsk = user !== null && user.role !== "vendor";
  return (
    <section id="questions" aria-labelledby="questions-heading" className="mt-10 scroll-mt-24">
      <h2 id="questions-heading" className="text-2xl font-bold text-gray-900">
        Questions and answers
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        {data.total === 0 ? "No questions yet." : data.total === 1 ? "1 question" : `${formatCount(data.total)} questions`}
      </p>

      <div className="mt-4 max-w-3xl rounded-xl border border-gray-200 bg-white p-5">
        {canAsk ? (
          <AskQuestionForm productId={productId} productName={productName} />
        ) : user ? (
          <p className="text-sm text-gray-700">Sellers answer questions on their own products from the vendor portal.</p>
        ) : (
          <p className="text-sm text-gray-700">
            Have a question about this product?{" "}
            <Link to={loginHref} className="font-semibold text-pink-700 underline underline-offset-2 hover:text-pink-800">
              Sign in to ask
            </Link>
          </p>
        )}
      </div>

      {data.questions.length > 0 && (
        <div className="mt-4 max-w-3xl divide-y divide-gray-200">
          {data.questions.map((q) => (
            <QuestionItem key={q.id} question={q} kept>
              {user ? (
                <details className="mt-3">
                  <summary className="cursor-pointer text-sm font-semibold text-pink-700 hover:text-pink-800">Answer this question</summary>
                  <div className="mt-3">
                    <AnswerQuestionForm productId={productId} questionId={q.id} />
                  </div>
                </details>
              ) : (
                // Without JavaScript nobody is known here: the answer page is, and asks to sign in first.
                !visitor.loaded && (
                  <noscript>
                    <p className="mt-3">
                      <a href={`/products/${encodeURIComponent(productId)}/questions/${encodeURIComponent(q.id)}/answers`} className="text-sm font-semibold text-pink-700 hover:text-pink-800">
                        Answer this question
                      </a>
                    </p>
                  </noscript>
                )
              )}
            </QuestionItem>
          ))}
        </div>
      )}

      {data.pages > 1 && (
        <nav aria-label="Question pages" className="mt-4 flex flex-wrap items-center gap-3">
          {data.page > 1 && (
            <Link to={questionHref(productId, data.page - 1)} preventScrollReset className="rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm font-semibold text-gray-900 hover:border-pink-600 hover:text-pink-700" rel="prev">
              Previous questions
            </Link>
          )}
          <span className="text-sm text-gray-700">{`Page ${data.page} of ${data.pages}`}</span>
          {data.page < data.pages && (
            <Link to={questionHref(productId, data.page + 1)} preventScrollReset className="rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm font-semibold text-gray-900 hover:border-pink-600 hover:text-pink-700" rel="next">
              More questions
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}
