import { useRef, type ReactNode } from "react";
import { data, redirect } from "react-router";
import { Form, Link } from "~/lib/route-links";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/Field";
import { dbContext } from "~/context";
import { flashHeaders, readFlash } from "~/lib/flash.server";
import { formFailure, type FormFailure } from "~/lib/form";
import { useFormReply, useIsPending } from "~/lib/form-hooks";
import { readFormValues } from "~/lib/form.server";
import { indiaDay } from "~/lib/india-time";
import { statusFor } from "~/lib/outcome";
import { z } from "~/lib/zod";
import { addHoliday, addMetro, listHolidays, listMetros, removeHoliday, removeMetro, type CalendarOutcome } from "~/modules/delivery/calendar.server";
import { formatPromiseDay } from "~/modules/delivery/promise";
import { requireAdmin } from "~/modules/identity/guards.server";
import { brandTitle } from "~/modules/seo/meta";
import { SETTING_CELL, SettingName, SettingsTable } from "~/components/admin/SettingsTable";
import type { Route } from "./+types/delivery.calendar";

const PAGE = "/admin/delivery/calendar";

export const meta: Route.MetaFunction = () => [{ title: brandTitle("Delivery calendar", "Admin") }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args);
  const db = args.context.get(dbContext);
  const [metros, holidays, flash] = await Promise.all([listMetros(db), listHolidays(db), readFlash(args.request)]);
  return data({ metros, holidays, today: indiaDay(new Date()), flash: flash.message }, { headers: flash.headers });
}

const INTENTS = ["add-metro", "remove-metro", "add-holiday", "remove-holiday"] as const;
const intentSchema = z.object({ intent: z.enum(INTENTS), id: z.string().max(100).optional(), day: z.string().max(20).optional() });

export async function action(args: Route.ActionArgs) {
  requireAdmin(args);
  const db = args.context.get(dbContext);
  const values = await readFormValues(args.request);
  const parsed = intentSchema.safeParse(values);
  if (!parsed.success) return data<FormFailure>(formFailure(values, { formError: "We couldn't tell what to change. Please reload the page and try again." }), { status: 400 });
  const { intent } = parsed.data;
  let outcome: CalendarOutcome;
  if (intent === "add-metro") outcome = await addMetro(db, values);
  else if (intent === "remove-metro") outcome = await removeMetro(db, parsed.data.id ?? "");
  else if (intent === "add-holiday") outcome = await addHoliday(db, values);
  else outcome = await removeHoliday(db, parsed.data.day ?? "");
  if (!outcome.ok) {
    const errors = outcome.fieldErrors ? { formError: outcome.message, fieldErrors: outcome.fieldErrors } : { formError: outcome.message };
    return data<FormFailure>(formFailure(values, errors), { status: statusFor(outcome.reason) });
  }
  throw redirect(PAGE, { headers: await flashHeaders(outcome.message) });
}

function AddForm({ intent, reply, title, children }: { intent: (typeof INTENTS)[number]; reply: FormFailure | undefined; title: string; children: (typed: Record<string, string>, errors: Record<string, string | undefined>) => ReactNode }) {
  const formRef = useRef<HTMLFormElement>(null);
  const mine = reply?.values.intent === intent ? reply : undefined;
  useFormReply(formRef, mine);
  const busy = useIsPending();
  const headingId = `${intent}-heading`;
  return (
    <div className="mt-6">
      <h3 id={headingId} className="text-base font-semibold text-gray-900">
        {title}
      </h3>
      <Form ref={formRef} method="post" noValidate aria-labelledby={headingId} className="mt-3 grid max-w-3xl gap-4 rounded-xl border border-gray-200 bg-white p-4 sm:grid-cols-2 sm:p-5">
        <input type="hidden" name="intent" value={intent} />
        {children(mine?.values ?? {}, mine?.fieldErrors ?? {})}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={busy}>
            {title}
          </Button>
        </div>
      </Form>
    </div>
  );
}

/** The metros and holidays every delivery promise reads (docs/product-rules.md, "Delivery dates"). */
export default function AdminDeliveryCalendar({ loaderData, actionData }: Route.ComponentProps) {
  const { metros, holidays, today, flash } = loaderData;
  return (
    <div>
      <h1 className="text-2xl font-bold text-gray-900">Delivery calendar</h1>
      <p className="mt-1 max-w-3xl text-sm text-gray-600">
        Delivery dates count business days: Monday to Saturday, except the holidays below. Parcels take 2 to 3 business days when the seller and the customer are both in
        metros, 3 to 5 otherwise. Where the shop delivers and takes cash on delivery is on the{" "}
        <Link to="/admin/delivery" className="font-semibold text-pink-700 hover:text-pink-800">
          Delivery
        </Link>{" "}
        page.
      </p>
      <ActionNotice error={actionData?.formError} confirmation={flash} />

      <section aria-labelledby="metros" className="mt-8">
        <h2 id="metros" className="text-lg font-semibold text-gray-900">
          Metros
        </h2>
        <p className="mt-1 text-sm text-gray-600">A PIN code is in a metro when it starts with one of the metro&apos;s prefixes.</p>
        {metros.length === 0 ? (
          <p className="mt-4 text-sm text-gray-700">No metros: every delivery takes 3 to 5 business days.</p>
        ) : (
          <SettingsTable
            label="Metros and their PIN prefixes"
            columns={["Metro", "PIN prefixes"]}
            rows={metros}
            rowKey={(m) => m.id}
            remove={(m) => ({ fields: { intent: "remove-metro", id: m.id }, label: `Remove ${m.name}`, variant: "secondary" })}
          >
            {(m) => (
              <>
                <SettingName>{m.name}</SettingName>
                <td className={`${SETTING_CELL} tabular-nums`}>{m.prefixes.join(", ")}</td>
              </>
            )}
          </SettingsTable>
        )}
        <AddForm intent="add-metro" reply={actionData} title="Add a metro">
          {(typed, errors) => (
            <>
              <TextField label="Metro name" name="name" autoComplete="off" required maxLength={60} defaultValue={typed.name ?? ""} error={errors.name} />
              <TextField
                label="PIN prefixes"
                name="prefixes"
                inputMode="numeric"
                autoComplete="off"
                required
                maxLength={200}
                hint="Separated by commas, each 1 to 6 digits, for example 4000, 4001"
                defaultValue={typed.prefixes ?? ""}
                error={errors.prefixes}
              />
            </>
          )}
        </AddForm>
      </section>

      <section aria-labelledby="holidays" className="mt-10">
        <h2 id="holidays" className="text-lg font-semibold text-gray-900">
          Holidays
        </h2>
        <p className="mt-1 text-sm text-gray-600">No order is handled, dispatched or delivered on these days. Past holidays stay listed.</p>
        {holidays.length === 0 ? (
          <p className="mt-4 text-sm text-gray-700">No holidays: only Sundays are skipped.</p>
        ) : (
          <SettingsTable
            label="Holiday dates"
            columns={["Date", "Holiday"]}
            rows={holidays}
            rowKey={(h) => h.day}
            rowClassName={(h) => (h.day < today ? "text-gray-600" : "text-gray-900")}
            remove={(h) => ({ fields: { intent: "remove-holiday", day: h.day }, label: `Remove ${h.name} on ${formatPromiseDay(h.day, { withYear: true })}`, variant: "secondary" })}
          >
            {(h) => (
              <>
                <td className={`${SETTING_CELL} whitespace-nowrap`}>
                  <time dateTime={h.day}>{formatPromiseDay(h.day, { withYear: true })}</time>
                  {h.day < today && <span className="ml-2 text-xs">(past)</span>}
                </td>
                <SettingName className="">{h.name}</SettingName>
              </>
            )}
          </SettingsTable>
        )}
        <AddForm intent="add-holiday" reply={actionData} title="Add a holiday">
          {(typed, errors) => (
            <>
              <TextField label="Date" name="day" type="date" required defaultValue={typed.day ?? ""} error={errors.day} />
              <TextField label="Holiday name" name="name" autoComplete="off" required maxLength={60} defaultValue={typed.name ?? ""} error={errors.name} />
            </>
          )}
        </AddForm>
      </section>
    </div>
  );
}
