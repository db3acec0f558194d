import { data, redirect } from "react-router";
import { Form, Link } from "~/lib/route-links";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { Button } from "~/components/ui/Button";
import { SelectField, TextField } from "~/components/ui/Field";
import { dbContext } from "~/context";
import { flashHeaders, readFlash } from "~/lib/flash.server";
import { formFailure, formValues, type FormFailure } from "~/lib/form";
import { useIsPending } from "~/lib/form-hooks";
import { readForm } from "~/lib/form.server";
import { statusFor } from "~/lib/outcome";
import { addPinRule, codLimit, importPinRules, listPinRules, removePinRule, setCodLimit } from "~/modules/delivery/pin-rules.server";
import { PIN_RULE_KIND_LABELS, PIN_RULE_KINDS, PIN_RULE_MESSAGES } from "~/modules/delivery/serviceability";
import { requireAdmin } from "~/modules/identity/guards.server";
import { formatMoney } from "~/modules/money/money";
import { formatOrderDate } from "~/lib/dates";
import { brandTitle } from "~/modules/seo/meta";
import { SETTING_CELL, SettingName, SettingsTable } from "~/components/admin/SettingsTable";
import type { Route } from "./+types/delivery";

export const meta: Route.MetaFunction = () => [{ title: brandTitle("Delivery", "Admin") }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args);
  const db = args.context.get(dbContext);
  const [rules, limit, flash] = await Promise.all([listPinRules(db), codLimit(db), readFlash(args.request)]);
  return data({ rules, limit, flash: flash.message }, { headers: flash.headers });
}

type Intent = "add" | "remove" | "upload" | "codLimit";
type ActionData = FormFailure & { intent: Intent; csvErrors?: string[] };

/** A CSV of up to about 10,000 rules fits the shop's usual form limit (256 KB). */
export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args);
  const db = args.context.get(dbContext);
  const form = await readForm(args.request);
  const values = formValues(form);
  const intent: Intent = values.intent === "remove" ? "remove" : values.intent === "upload" ? "upload" : values.intent === "codLimit" ? "codLimit" : "add";
  const done = async (message: string) => {
    throw redirect("/admin/delivery", { headers: await flashHeaders(message) });
  };
  const refuse = (failure: ReturnType<typeof formFailure>, status: number, more: Partial<ActionData> = {}) => data<ActionData>({ ...failure, intent, ...more }, { status });

  if (intent === "remove") {
    const r = await removePinRule(db, values.prefix ?? "");
    if (!r.ok) return refuse(formFailure(values, { formError: r.message }), statusFor(r.reason));
    return done(r.message);
  }
  if (intent === "upload") {
    const file = form.get("csv");
    const text = file instanceof File ? await file.text() : "";
    if (!(file instanceof File) || file.size === 0 || text.trim() === "") {
      return refuse(formFailure(values, { formError: PIN_RULE_MESSAGES.csvEmpty, fieldErrors: { csv: PIN_RULE_MESSAGES.csvEmpty } }), 400);
    }
    const r = await importPinRules(db, text, admin.id);
    if (!r.ok) return refuse(formFailure(values, { formError: r.message, fieldErrors: { csv: r.message } }), statusFor(r.reason), { csvErrors: r.errors.slice(0, 200) });
    return done(r.message);
  }
  if (intent === "codLimit") {
    const r = await setCodLimit(db, values.codLimit ?? "", admin.id);
    if (!r.ok) return refuse(formFailure(values, { formError: r.message, fieldErrors: r.fieldErrors }), statusFor(r.reason));
    return done(r.message);
  }
  const r = await addPinRule(db, { prefix: values.prefix, kind: values.kind }, admin.id);
  if (!r.ok) return refuse(formFailure(values, { formError: r.message, fieldErrors: r.fieldErrors }), statusFor(r.reason));
  return done(r.message);
}


/** Where the shop delivers and takes cash on delivery, by PIN code (docs/product-rules.md, "PIN codes"). */
export default function AdminDelivery({ loaderData, actionData }: Route.ComponentProps) {
  const { rules, limit, flash } = loaderData;
  const reply = actionData as ActionData | undefined;
  const busy = useIsPending();
  const errorsOf = (intent: Intent) => (reply?.intent === intent ? reply.fieldErrors : {});
  const valuesOf = (intent: Intent) => (reply?.intent === intent ? reply.values : {});
  const add = { errors: errorsOf("add"), values: valuesOf("add") };
  const cod = { errors: errorsOf("codLimit"), values: valuesOf("codLimit") };
  return (
    <div>
      <h1 className="text-2xl font-bold text-gray-900">Delivery</h1>
      <p className="mt-1 max-w-3xl text-sm text-gray-600">
        Where the shop delivers and takes cash on delivery, by PIN code. A rule names a whole PIN code or its first 1 to 5 digits; where several match a PIN, the longest decides.
        The metros and holidays that delivery dates count with are on the{" "}
        <Link to="/admin/delivery/calendar" className="font-semibold text-pink-700 hover:text-pink-800">
          delivery calendar
        </Link>
        .
      </p>
      <ActionNotice error={reply?.formError} confirmation={flash} />
      {reply?.csvErrors && reply.csvErrors.length > 0 && (
        <section aria-labelledby="csv-problems" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <h2 id="csv-problems" className="font-semibold">
            Lines to fix
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {reply.csvErrors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="cod-limit" className="mt-8">
        <h2 id="cod-limit" className="text-lg font-semibold text-gray-900">
          Cash on delivery limit
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          {limit === null ? "No limit: cash on delivery is offered for orders of any value." : `Orders above ${formatMoney(limit)} cannot be paid on delivery.`}
        </p>
        <Form method="post" className="mt-4 flex max-w-3xl flex-wrap items-end gap-4 rounded-xl border border-gray-200 bg-white p-4 sm:p-5">
          <input type="hidden" name="intent" value="codLimit" />
          <div className="w-56">
            <TextField
              label="Limit in rupees"
              name="codLimit"
              inputMode="numeric"
              autoComplete="off"
              maxLength={14}
              defaultValue={cod.values.codLimit ?? (limit === null ? "" : String(limit / 100))}
              error={cod.errors.codLimit}
              hint="Whole rupees; empty for no limit"
            />
          </div>
          <Button type="submit" disabled={busy}>
            Save limit
          </Button>
        </Form>
      </section>

      <section aria-labelledby="add-rule" className="mt-10">
        <h2 id="add-rule" className="text-lg font-semibold text-gray-900">
          Add a rule
        </h2>
        <Form method="post" className="mt-4 grid max-w-3xl gap-4 rounded-xl border border-gray-200 bg-white p-4 sm:grid-cols-[1fr_2fr_auto] sm:items-end sm:p-5">
          <input type="hidden" name="intent" value="add" />
          <TextField label="PIN code or prefix" name="prefix" inputMode="numeric" autoComplete="off" maxLength={6} required defaultValue={add.values.prefix ?? ""} error={add.errors.prefix} />
          <SelectField label="Rule" name="kind" defaultValue={add.values.kind ?? "not_serviceable"} error={add.errors.kind}>
            {PIN_RULE_KINDS.map((k) => (
              <option key={k} value={k}>
                {PIN_RULE_KIND_LABELS[k]}
              </option>
            ))}
          </SelectField>
          <Button type="submit" disabled={busy}>
            Add rule
          </Button>
        </Form>
      </section>

      <section aria-labelledby="upload-rules" className="mt-10">
        <h2 id="upload-rules" className="text-lg font-semibold text-gray-900">
          Upload rules
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-gray-600">
          A CSV file with one rule a line, <code>pin,kind</code>, where kind is <code>not_serviceable</code> or <code>prepaid_only</code> (a first line <code>pin,kind</code> is
          skipped). If any line is wrong, nothing is added and every wrong line is listed.
        </p>
        <Form method="post" encType="multipart/form-data" className="mt-4 flex max-w-3xl flex-wrap items-end gap-4 rounded-xl border border-gray-200 bg-white p-4 sm:p-5">
          <input type="hidden" name="intent" value="upload" />
          <div className="min-w-64 flex-1">
            <TextField label="CSV file" name="csv" type="file" accept=".csv,text/csv,text/plain" required error={errorsOf("upload").csv} />
          </div>
          <Button type="submit" disabled={busy}>
            Upload
          </Button>
        </Form>
      </section>

      <section className="mt-10">
        <h2 id="rules" className="text-lg font-semibold text-gray-900">
          Rules ({rules.length.toLocaleString("en-IN")})
        </h2>
        {rules.length === 0 ? (
          <p className="mt-2 text-sm text-gray-600">No rules: the shop delivers to every PIN code and takes cash on delivery everywhere.</p>
        ) : (
          <SettingsTable
            labelledBy="rules"
            columns={["PIN code or prefix", "Rule", "Added on"]}
            rows={rules}
            rowKey={(r) => r.prefix}
            remove={(r) => ({ fields: { intent: "remove", prefix: r.prefix }, label: `Remove the rule for ${r.prefix}`, variant: "outline", disabled: busy })}
          >
            {(r) => (
              <>
                <SettingName className="tabular-nums text-gray-900">{r.prefix}</SettingName>
                <td className={SETTING_CELL}>{PIN_RULE_KIND_LABELS[r.kind]}</td>
                <td className={`${SETTING_CELL} whitespace-nowrap`}>
                  <time dateTime={r.createdAt}>{formatOrderDate(r.createdAt)}</time>
                </td>
              </>
            )}
          </SettingsTable>
        )}
      </section>
    </div>
  );
}
