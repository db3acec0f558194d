import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { Form } from "~/lib/route-links";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { Button } from "~/components/ui/Button";
import { SelectField } from "~/components/ui/Field";
import { dbContext, secretBoxContext, storeOf } from "~/context";
import { flashHeaders, readFlash } from "~/lib/flash.server";
import { formFailure, formValues, type FieldErrors } from "~/lib/form";
import { useIsPending } from "~/lib/form-hooks";
import { readForm } from "~/lib/form.server";
import { statusFor } from "~/lib/outcome";
import { pageAfterPost } from "~/lib/page-after-post";
import { ADMIN_MESSAGES, RULE_FIELD_PREFIX } from "~/modules/admin/labels";
import { FIELD_OF_REFUSAL, actOnAdminReturns, listAdminReturns, listCategoryRules, parseAdminReturnAction, parseAdminReturnsQuery } from "~/modules/admin/returns.server";
import { requireAdmin } from "~/modules/identity/guards.server";
import { RETURN_RULES, RETURN_STATUSES, SELLER_ANSWER_HOURS, returnStatusLabel } from "~/modules/returns/rules";
import { brandTitle } from "~/modules/seo/meta";
import { AdminReturnCard, replyFor } from "~/components/returns/AdminReturnCard";
import { EmptyList, FilterForm, FilterSelect } from "~/components/admin/AdminList";
import type { Route } from "./+types/returns";

export const meta: Route.MetaFunction = () => [{ title: brandTitle("Returns", "Admin") }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args);
  const db = args.context.get(dbContext);
  const query = parseAdminReturnsQuery(new URL(args.request.url).searchParams);
  const [page, rules, flash] = await Promise.all([listAdminReturns(db, args.context.get(secretBoxContext), query), listCategoryRules(db), readFlash(args.request)]);
  return data({ query, page, rules, flash: flash.message }, { headers: flash.headers });
}

/** A refused change (someone else moved the request first) reloads the list, so it shows what is true now. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionStatus === 409) return true;
  return defaultShouldRevalidate;
}

/** Which form a refusal belongs to, so its messages sit beside that form's fields. */
type Target = { intent: string; target: string };

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args);
  const form = await readForm(args.request);
  const values = formValues(form);
  const target: Target = { intent: values.intent ?? "", target: values.number ?? values.refundId ?? values.intent ?? "" };
  const parsed = parseAdminReturnAction(form);
  if (!parsed) return data({ ...formFailure(values, { formError: ADMIN_MESSAGES.badRequest }), ...target }, { status: statusFor("invalid") });
  if (!parsed.ok) {
    return data({ ...formFailure(values, { formError: Object.values(parsed.fieldErrors)[0], fieldErrors: parsed.fieldErrors }), ...target }, { status: statusFor("invalid") });
  }
  const result = await actOnAdminReturns(storeOf(args.context), admin.id, parsed.action);
  if (!result.ok) {
    const field = result.reason === "invalid" ? FIELD_OF_REFUSAL[target.intent] : undefined;
    const fieldErrors: FieldErrors = "fieldErrors" in result ? result.fieldErrors : field ? { [field]: result.message } : {};
    return data({ ...formFailure(values, { formError: result.message, fieldErrors }), ...target }, { status: statusFor(result.reason) });
  }
  throw redirect(pageAfterPost("/admin/returns", args.request.url), { headers: await flashHeaders(result.message) });
}

type Reply = Route.ComponentProps["actionData"];

function RulesForm({ rules, reply, busy }: { rules: Route.ComponentProps["loaderData"]["rules"]; reply: Reply; busy: boolean }) {
  const own = replyFor(reply, "rules", "rules");
  return (
    <section aria-labelledby="return-rules" className="mt-12">
      <h2 id="return-rules" className="text-lg font-semibold text-gray-900">
        Return rules
      </h2>
      <p className="mt-1 text-sm text-gray-600">What each category's items may come back for. A change applies to requests made from now on.</p>
      <Form method="post" preventScrollReset className="mt-4 rounded-xl border border-gray-200 bg-white p-4 sm:p-5">
        <input type="hidden" name="intent" value="rules" />
        <div className="grid gap-4 sm:grid-cols-2">
          {rules.map((c) => {
            const name = `${RULE_FIELD_PREFIX}${c.category}`;
            return (
              <SelectField key={c.category} label={c.category} name={name} defaultValue={own.values[name] ?? c.rule} error={own.errors[name]}>
                {RETURN_RULES.map((rule) => (
                  <option key={rule.value} value={rule.value}>
                    {rule.label}
                  </option>
                ))}
              </SelectField>
            );
          })}
        </div>
        <Button type="submit" className="mt-4" disabled={busy}>
          Save return rules
        </Button>
      </Form>
    </section>
  );
}

/** Issue 22: every seller's return requests, answered for them where they are late; refunds paid by hand; categories' return rules. */
export default function AdminReturns({ loaderData, actionData }: Route.ComponentProps) {
  const { query, page, rules, flash } = loaderData;
  const busy = useIsPending();
  return (
    <div>
      <h1 className="text-2xl font-bold text-gray-900">Returns</h1>
      <p className="mt-1 text-sm text-gray-600">
        Every seller's return requests. You act on a seller's behalf; the customer and the seller see that an administrator did. Requests unanswered for {SELLER_ANSWER_HOURS} hours come first.
      </p>
      <ActionNotice error={actionData?.formError} confirmation={flash} />
      {page.overdue > 0 && (
        <p className="mt-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <strong className="font-semibold">{page.overdue === 1 ? "1 request has" : `${page.overdue} requests have`} waited more than {SELLER_ANSWER_HOURS} hours for the seller's answer.</strong>
        </p>
      )}
      <FilterForm label="Filter returns" clearTo="/admin/returns" active={Boolean(query.status || query.vendor)}>
        <FilterSelect label="Status" name="status" defaultValue={query.status ?? ""} all="All statuses" options={RETURN_STATUSES.map((s) => ({ value: s, label: returnStatusLabel(s) }))} />
        <FilterSelect label="Seller" name="vendor" defaultValue={query.vendor ?? ""} all="All sellers" options={page.vendors.map((v) => ({ value: v.id, label: v.name }))} />
      </FilterForm>
      {page.rows.length === 0 ? (
        <EmptyList>No return requests found.</EmptyList>
      ) : (
        <div className="mt-6 space-y-4">
          {page.rows.map((r) => (
            <AdminReturnCard key={r.id} r={r} reply={actionData} busy={busy} />
          ))}
        </div>
      )}
      <RulesForm rules={rules} reply={actionData} busy={busy} />
    </div>
  );
}
