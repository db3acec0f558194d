import { useRef } from "react";
import { data, redirect } from "react-router";
import { Form, Link } from "~/lib/route-links";
import { Pager } from "~/components/admin/Pager";
import { QuestionItem } from "~/components/questions/QuestionList";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/Field";
import { FormAlert } from "~/components/ui/FormAlert";
import { dbContext, storeOf } from "~/context";
import { flashHeaders, readFlash } from "~/lib/flash.server";
import { formFailure, type FormFailure } from "~/lib/form";
import { useFormReply } from "~/lib/form-hooks";
import { readFormValues } from "~/lib/form.server";
import { statusFor } from "~/lib/outcome";
import { pageAfterPost } from "~/lib/page-after-post";
import { requireAdmin } from "~/modules/identity/guards.server";
import { adminQuestions, moderate, type Target } from "~/modules/questions/questions.server";
import { REASON_MAX, parseQuestionPage, questionHref } from "~/modules/questions/rules";
import { brandTitle } from "~/modules/seo/meta";
import type { Route } from "./+types/questions";

export const meta: Route.MetaFunction = () => [{ title: brandTitle("Questions", "Admin") }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args);
  const page = parseQuestionPage(new URL(args.request.url).searchParams.get("page"));
  const [list, flash] = await Promise.all([adminQuestions(args.context.get(dbContext), page), readFlash(args.request)]);
  return data({ list, flash: flash.message }, { headers: flash.headers });
}

type ActionData = FormFailure & { target: string; id: string };

/** Hide (with a reason) or restore a question or an answer. */
export async function action(args: Route.ActionArgs) {
  requireAdmin(args);
  const values = await readFormValues(args.request);
  const target = values.target === "answer" ? "answer" : values.target === "question" ? "question" : null;
  const to = values.intent === "hide" ? "hidden" : values.intent === "restore" ? "published" : null;
  const id = values.id ?? "";
  if (!target || !to || !id) return data<ActionData>({ ...formFailure(values, { formError: "Choose a question or an answer to hide or restore." }), target: "", id }, { status: 400 });
  const outcome = await moderate(storeOf(args.context), target as Target, id, to, values);
  if (!outcome.ok) {
    return data<ActionData>({ ...formFailure(values, { fieldErrors: outcome.reason === "invalid" ? outcome.fieldErrors : undefined, formError: outcome.reason === "invalid" ? undefined : outcome.message }), target, id }, { status: statusFor(outcome.reason) });
  }
  throw redirect(pageAfterPost("/admin/questions", args.request.url), { headers: await flashHeaders(outcome.message) });
}

/** The start of a question or answer, which tells the buttons of one from another's. */
function quoted(text: string): string {
  return `“${text.length > 60 ? `${text.slice(0, 59)}…` : text}”`;
}

/** Hide with a reason, or restore, one question or answer. */
function Moderate({ target, id, status, hiddenReason, failure, label }: { target: Target; id: string; status: string; hiddenReason: string | null; failure: ActionData | null; label: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const mine = failure && failure.target === target && failure.id === id ? failure : null;
  useFormReply(formRef, mine);
  if (status === "hidden") {
    return (
      <Form ref={formRef} method="post" className="mt-2 flex flex-wrap items-center gap-3">
        <input type="hidden" name="target" value={target} />
        <input type="hidden" name="id" value={id} />
        <span className="rounded-full bg-gray-200 px-2 py-0.5 text-xs font-semibold text-gray-800">Hidden</span>
        <span className="wrap-anywhere text-xs text-gray-700">{`Reason: ${hiddenReason ?? "none given"}`}</span>
        <Button type="submit" name="intent" value="restore" size="sm" variant="outline">
          Restore<span className="sr-only">{` ${label}`}</span>
        </Button>
      </Form>
    );
  }
  return (
    <Form ref={formRef} method="post" noValidate className="mt-2 flex flex-wrap items-end gap-3">
      <input type="hidden" name="target" value={target} />
      <input type="hidden" name="id" value={id} />
      {mine?.formError && <FormAlert>{mine.formError}</FormAlert>}
      <div className="min-w-0 flex-1 basis-56">
        <TextField label={`Reason for hiding this ${target}`} name="reason" maxLength={REASON_MAX} defaultValue={mine?.values.reason ?? ""} error={mine?.fieldErrors.reason} />
      </div>
      <Button type="submit" name="intent" value="hide" size="sm" variant="danger">
        Hide<span className="sr-only">{` ${label}`}</span>
      </Button>
    </Form>
  );
}

/** Every question and answer, newest question first, hidden ones included: hide or restore them with a reason. */
export default function AdminQuestions({ loaderData, actionData }: Route.ComponentProps) {
  const { list, flash } = loaderData;
  const failure = actionData ?? null;
  return (
    <div>
      <h1 className="text-2xl font-bold text-gray-900">Questions</h1>
      <p className="mt-1 text-sm text-gray-700">Customers&rsquo; questions on product pages and their answers. A hidden one leaves the product page at once; restore it to show it again.</p>
      {flash && (
        <p role="status" data-announce className="mt-4 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-800">
          {flash}
        </p>
      )}
      {failure && !failure.target && failure.formError && (
        <div className="mt-4">
          <FormAlert>{failure.formError}</FormAlert>
        </div>
      )}
      {list.questions.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-gray-300 px-6 py-10 text-center text-gray-600">No questions yet.</p>
      ) : (
        <div className="mt-6 divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white px-5">
          {list.questions.map((q) => (
            <div key={q.id}>
              <p className="pt-5 text-sm">
                <Link to={questionHref(q.productId, 1)} className="font-semibold text-pink-700 hover:text-pink-800">
                  {q.productName}
                </Link>
              </p>
              <QuestionItem
                question={q}
                headingLevel={2}
                answerExtra={(a) => <Moderate target="answer" id={a.id} status={a.status} hiddenReason={a.hiddenReason} failure={failure} label={`answer by ${a.author}: ${quoted(a.body)}`} />}
              >
                <Moderate target="question" id={q.id} status={q.status} hiddenReason={q.hiddenReason} failure={failure} label={`question by ${q.asker}: ${quoted(q.body)}`} />
              </QuestionItem>
            </div>
          ))}
        </div>
      )}
      <Pager page={list.page} pageCount={list.pages} label="Question pages" />
    </div>
  );
}
