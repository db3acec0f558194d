import { useRef } from "react";
import { data, redirect } from "react-router";
import { Form } from "~/lib/route-links";
import { ActionNotice } from "~/components/admin/ActionNotice";
import { Button } from "~/components/ui/Button";
import { TextAreaField, TextField } from "~/components/ui/Field";
import { FormAlert } from "~/components/ui/FormAlert";
import { dbContext } from "~/context";
import { flashHeaders, readFlash } from "~/lib/flash.server";
import { formFailure, type FormFailure } from "~/lib/form";
import { useFormReply, useIsPending } from "~/lib/form-hooks";
import { readFormValues } from "~/lib/form.server";
import { statusFor } from "~/lib/outcome";
import { legalFormValues } from "~/modules/content/legal";
import { legalDetails, saveLegalDetails } from "~/modules/content/legal.server";
import { requireAdmin } from "~/modules/identity/guards.server";
import { brandTitle } from "~/modules/seo/meta";
import type { Route } from "./+types/legal";

export const meta: Route.MetaFunction = () => [{ title: brandTitle("Legal details", "Admin") }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args);
  const [details, flash] = await Promise.all([legalDetails(args.context.get(dbContext)), readFlash(args.request)]);
  return data({ current: legalFormValues(details), flash: flash.message }, { headers: flash.headers });
}

export async function action(args: Route.ActionArgs) {
  const admin = requireAdmin(args);
  const values = await readFormValues(args.request);
  const result = await saveLegalDetails(args.context.get(dbContext), values, admin.id);
  if (!result.ok) return data<FormFailure>(formFailure(values, { fieldErrors: result.fieldErrors }), { status: statusFor(result.reason) });
  throw redirect("/admin/legal", { headers: await flashHeaders(result.message) });
}

export default function AdminLegal({ loaderData, actionData }: Route.ComponentProps) {
  const { current, flash } = loaderData;
  const formRef = useRef<HTMLFormElement>(null);
  useFormReply(formRef, actionData);
  const busy = useIsPending();
  const errors = actionData?.fieldErrors ?? {};
  const typed = actionData?.values ?? {};
  const value = (name: string) => typed[name] ?? current[name] ?? "";
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <div className="max-w-2xl">
      <h1 className="text-2xl font-bold text-gray-900">Legal details</h1>
      <p className="mt-2 text-sm text-gray-700">
        Shown in the shop&apos;s footer, on the About and Terms pages and on tax invoices, as India&apos;s e-commerce rules ask of a marketplace.
      </p>
      <ActionNotice confirmation={flash} />
      <Form ref={formRef} method="post" noValidate aria-labelledby="legal-company" className="mt-6 space-y-8">
        {hasErrors && <FormAlert>Please correct the highlighted fields.</FormAlert>}
        <section aria-labelledby="legal-company" className="space-y-5 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
          <h2 id="legal-company" className="text-lg font-semibold text-gray-900">
            The company
          </h2>
          <TextField label="Legal name" name="legalName" required maxLength={150} autoComplete="organization" defaultValue={value("legalName")} error={errors.legalName} />
          <TextField
            label="CIN (Corporate Identity Number)"
            name="cin"
            required
            maxLength={25}
            autoComplete="off"
            hint="21 characters, for example U52390UP2015PTC071234"
            defaultValue={value("cin")}
            error={errors.cin}
          />
          <TextAreaField label="Registered office" name="registeredOffice" required rows={3} maxLength={300} defaultValue={value("registeredOffice")} error={errors.registeredOffice} />
          <TextField label="GSTIN" name="gstin" required maxLength={20} autoComplete="off" hint="The shop's own 15-character GSTIN" defaultValue={value("gstin")} error={errors.gstin} />
        </section>
        <section aria-labelledby="legal-officer" className="space-y-5 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
          <h2 id="legal-officer" className="text-lg font-semibold text-gray-900">
            Grievance officer
          </h2>
          <TextField label="Name" name="officerName" required maxLength={100} autoComplete="off" defaultValue={value("officerName")} error={errors.officerName} />
          <TextField label="Designation" name="officerDesignation" required maxLength={100} autoComplete="off" defaultValue={value("officerDesignation")} error={errors.officerDesignation} />
          <TextField label="Email" name="officerEmail" type="email" required maxLength={254} autoComplete="off" defaultValue={value("officerEmail")} error={errors.officerEmail} />
          <TextField label="Phone" name="officerPhone" type="tel" required maxLength={20} autoComplete="off" defaultValue={value("officerPhone")} error={errors.officerPhone} />
        </section>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Save legal details"}
        </Button>
      </Form>
    </div>
  );
}
