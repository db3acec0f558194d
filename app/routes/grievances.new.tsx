import { useRef } from "react";
import { data, redirect } from "react-router";
import { Form, Link } from "~/lib/route-links";
import { Button } from "~/components/ui/Button";
import { SelectField, TextAreaField, TextField } from "~/components/ui/Field";
import { FormAlert } from "~/components/ui/FormAlert";
import { storeOf } from "~/context";
import { flashHeaders } from "~/lib/flash.server";
import { formFailure, type FormFailure } from "~/lib/form";
import { useFormReply, useIsPending } from "~/lib/form-hooks";
import { readFormValues } from "~/lib/form.server";
import { statusFor } from "~/lib/outcome";
import { DETAILS_MAX, SUBJECT_MAX } from "~/modules/grievances/forms";
import { raiseGrievance } from "~/modules/grievances/grievances.server";
import { GRIEVANCE_CATEGORIES, GRIEVANCE_PROMISE } from "~/modules/grievances/rules";
import { requireUser } from "~/modules/identity/guards.server";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/grievances.new";

export const meta: Route.MetaFunction = () => [...pageMeta({ title: "Raise a complaint", description: "Raise a complaint and get a ticket number at once." }), { name: "robots", content: "noindex" }];

export function loader(args: Route.LoaderArgs) {
  requireUser(args);
  const order = (new URL(args.request.url).searchParams.get("order") ?? "").trim().toUpperCase();
  // Only prefilled; the post checks that the order is the customer's own.
  return { order: /^RC-\d{6}$/.test(order) ? order : "" };
}

export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const values = await readFormValues(args.request);
  const outcome = await raiseGrievance(storeOf(args.context), user.id, values);
  if (!outcome.ok) {
    return data<FormFailure>(formFailure(values, { formError: outcome.message, fieldErrors: outcome.fieldErrors }), { status: statusFor(outcome.reason) });
  }
  throw redirect(`/grievances/${outcome.id}`, { headers: await flashHeaders(outcome.message) });
}

export default function RaiseGrievance({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData;
  const values = reply?.values ?? {};
  const errors = reply?.fieldErrors ?? {};
  const formRef = useRef<HTMLFormElement>(null);
  const pending = useIsPending();
  useFormReply(formRef, reply);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to="/grievances" className="text-sm font-semibold text-pink-700 hover:text-pink-800">
        ← Your Complaints
      </Link>
      <h1 className="mt-2 text-3xl font-bold text-gray-900">Raise a complaint</h1>
      <p className="mt-2 text-gray-700">You get a ticket number as soon as you send it. {GRIEVANCE_PROMISE}</p>
      {reply?.formError && (
        <div className="mt-6">
          <FormAlert id="grievance-form-error">{reply.formError}</FormAlert>
        </div>
      )}
      <Form
        ref={formRef}
        method="post"
        noValidate
        className="mt-6 space-y-5 rounded-xl border border-gray-200 bg-white p-6"
        aria-describedby={reply?.formError ? "grievance-form-error" : undefined}
      >
        <TextField label="Subject" name="subject" required maxLength={SUBJECT_MAX} defaultValue={values.subject ?? ""} error={errors.subject} hint="5 to 120 characters." />
        <SelectField label="What is it about?" name="category" required defaultValue={values.category ?? (loaderData.order ? "order" : "")} error={errors.category}>
          <option value="" disabled>
            Choose one
          </option>
          {GRIEVANCE_CATEGORIES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Order number"
          name="orderNumber"
          optional
          maxLength={20}
          autoComplete="off"
          defaultValue={values.orderNumber ?? loaderData.order}
          error={errors.orderNumber}
          hint="If your complaint is about an order, for example RC-123456."
        />
        <TextAreaField label="Details" name="details" rows={7} required maxLength={DETAILS_MAX} defaultValue={values.details ?? ""} error={errors.details} hint="What happened, and what you would like us to do: 20 to 2,000 characters." />
        <Button type="submit" size="lg" disabled={pending}>
          {pending ? "Sending..." : "Send complaint"}
        </Button>
      </Form>
    </div>
  );
}
