import { data, redirect } from "react-router";
import { Form } from "~/lib/route-links";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { SettlementsNav } from "~/components/admin/SettlementsNav";
import { Button } from "~/components/ui/Button";
import { SelectField, TextField } from "~/components/ui/Field";
import { BADGE, BADGE_TONES } from "~/components/ui/StatusBadge";
import { dbContext } from "~/context";
import { flashHeaders, readFlash } from "~/lib/flash.server";
import { formFailure } from "~/lib/form";
import { useIsPending } from "~/lib/form-hooks";
import { readFormValues } from "~/lib/form.server";
import { statusFor } from "~/lib/outcome";
import { PRODUCT_CATEGORIES } from "~/modules/catalog/categories";
import { requireAdmin } from "~/modules/identity/guards.server";
import { formatOrderDate } from "~/lib/dates";
import { brandTitle } from "~/modules/seo/meta";
import { formatRate, MAX_PERCENT, RATE_CHOICES } from "~/modules/settlements/rates";
import { addRate, rateHistory, ratesInForce } from "~/modules/settlements/rates.server";
import { indiaDay } from "~/modules/settlements/rules";
import { SETTING_CELL, SettingName, SettingsTable } from "~/components/admin/SettingsTable";
import type { Route } from "./+types/settlements.rates";

export const meta: Route.MetaFunction = () => [{ title: brandTitle("Settlement rates", "Admin") }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args);
  const db = args.context.get(dbContext);
  const now = new Date();
  const [inForce, history, flash] = await Promise.all([ratesInForce(db, now), rateHistory(db, now), readFlash(args.request)]);
  return data({ inForce, history, today: indiaDay(now), flash: flash.message }, { headers: flash.headers });
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args);
  const values = await readFormValues(args.request);
  const outcome = await addRate(args.context.get(dbContext), {
    choice: values.choice ?? "",
    category: values.category,
    percent: values.percent ?? "",
    effectiveFrom: values.effectiveFrom ?? "",
    actorUserId: admin.id,
  });
  if (!outcome.ok) return data(formFailure(values, { formError: outcome.message, fieldErrors: outcome.fieldErrors }), { status: statusFor(outcome.reason) });
  throw redirect("/admin/settlements/rates", { headers: await flashHeaders(outcome.message) });
}

const STATE_LABELS = { scheduled: "Scheduled", in_force: "In force", replaced: "Replaced" } as const;
const STATE_TONES = { scheduled: "blue", in_force: "green", replaced: "grey" } as const;

function AddRateForm({ today, reply, busy }: { today: string; reply: Route.ComponentProps["actionData"]; busy: boolean }) {
  const errors = reply?.status === "error" ? reply.fieldErrors : {};
  const values = reply?.status === "error" ? reply.values : {};
  return (
    <section aria-labelledby="add-rate" className="mt-10">
      <h2 id="add-rate" className="text-lg font-semibold text-gray-900">
        Add a rate
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        A rate applies to parts of orders placed from the day it takes effect (India time); parts placed before keep their rates. Commission is 0 to {MAX_PERCENT.commission} percent; TCS and
        TDS 0 to {MAX_PERCENT.tcs} percent.
      </p>
      <Form method="post" className="mt-4 grid max-w-3xl gap-4 rounded-xl border border-gray-200 bg-white p-4 sm:grid-cols-2 sm:p-5">
        <SelectField label="Rate" name="choice" defaultValue={values.choice ?? "commission"} error={errors.choice}>
          {RATE_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Category (for a category's commission)" name="category" defaultValue={values.category ?? ""} error={errors.category}>
          <option value="">No category</option>
          {PRODUCT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Rate in percent"
          name="percent"
          inputMode="decimal"
          autoComplete="off"
          maxLength={6}
          defaultValue={values.percent ?? ""}
          error={errors.percent}
          hint="Up to two decimals, for example 4.5"
          required
        />
        <TextField label="Takes effect on" name="effectiveFrom" type="date" defaultValue={values.effectiveFrom ?? today} error={errors.effectiveFrom} required />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={busy}>
            Add rate
          </Button>
        </div>
      </Form>
    </section>
  );
}

/** Issue 23: the commission, TCS and TDS rates in force, their history, and adding one. */
export default function AdminSettlementRates({ loaderData, actionData }: Route.ComponentProps) {
  const { inForce, history, today, flash } = loaderData;
  const busy = useIsPending();
  return (
    <div>
      <h1 className="text-2xl font-bold text-gray-900">Settlement rates</h1>
      <SettlementsNav />
      <ActionNotice error={actionData?.formError} confirmation={flash} />

      <section className="mt-8">
        <h2 id="in-force" className="text-lg font-semibold text-gray-900">
          In force today
        </h2>
        <SettingsTable labelledBy="in-force" columns={["Rate", { label: "Percent", right: true }, "Since"]} rows={inForce} rowKey={(r) => `${r.kind}-${r.category ?? ""}`}>
          {(r) => (
            <>
              <SettingName>{r.label}</SettingName>
              <td className={`${SETTING_CELL} text-right tabular-nums`}>{formatRate(r.rateBp)}</td>
              <td className={`${SETTING_CELL} whitespace-nowrap`}>{r.since ? formatOrderDate(`${r.since}T00:00:00+05:30`) : "Not set"}</td>
            </>
          )}
        </SettingsTable>
      </section>

      <AddRateForm today={today} reply={actionData} busy={busy} />

      <section className="mt-10">
        <h2 id="history" className="text-lg font-semibold text-gray-900">
          History
        </h2>
        <SettingsTable labelledBy="history" className="mt-4 bg-white" columns={["Rate", "Percent", "Takes effect", "State", "Added by", "Added on"]} rows={history} rowKey={(r) => r.id}>
          {(r) => (
            <>
              <SettingName>{r.label}</SettingName>
              <td className={`${SETTING_CELL} tabular-nums`}>{formatRate(r.rateBp)}</td>
              <td className={`${SETTING_CELL} whitespace-nowrap`}>
                <time dateTime={r.effectiveFrom}>{formatOrderDate(`${r.effectiveFrom}T00:00:00+05:30`)}</time>
              </td>
              <td className={SETTING_CELL}>
                <span className={`${BADGE} ${BADGE_TONES[STATE_TONES[r.state]]}`}>{STATE_LABELS[r.state]}</span>
              </td>
              <td className={SETTING_CELL}>{r.addedBy ?? "The shop (first rates)"}</td>
              <td className={`${SETTING_CELL} whitespace-nowrap`}>
                <time dateTime={r.addedAt}>{formatOrderDate(r.addedAt)}</time>
              </td>
            </>
          )}
        </SettingsTable>
      </section>
    </div>
  );
}
