import { useRef } from "react";
import { data, redirect } from "react-router";
import { Form, Link } from "~/lib/route-links";
import { AuthCard, authLinkClass } from "~/components/auth/AuthCard";
import { FormAlert } from "~/components/ui/FormAlert";
import { Button } from "~/components/ui/Button";
import { Checkbox } from "~/components/ui/Checkbox";
import { TextAreaField, TextField } from "~/components/ui/Field";
import { BRAND } from "~/config/brand";
import { identityContext } from "~/context";
import { formFailure, type FormFailure } from "~/lib/form";
import { useFormReply, useIsPending } from "~/lib/form-hooks";
import { readFormValues } from "~/lib/form.server";
import { registerVendor } from "~/modules/identity/accounts.server";
import { parseVendorRegistration } from "~/modules/identity/forms";
import { MESSAGES } from "~/modules/identity/messages";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/register";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Become a Vendor", description: `Sell computers, components and accessories to customers across India on ${BRAND.name}.` });

export async function action({ request, context }: Route.ActionArgs) {
  const values = await readFormValues(request);
  const parsed = parseVendorRegistration(values);
  if (!parsed.ok) return data<FormFailure>(formFailure(values, parsed), { status: 400 });
  const result = await registerVendor(context.get(identityContext), parsed.data, request);
  if (!result.ok) {
    const fieldErrors = result.field ? { [result.field]: result.message } : undefined;
    const formError = result.field ? result.message : MESSAGES.vendorRegisterFailed;
    return data<FormFailure>(formFailure(values, { formError, fieldErrors }), { status: result.field ? 409 : 500 });
  }
  throw redirect("/vendor/dashboard", { headers: result.headers });
}

export default function VendorRegister({ actionData }: Route.ComponentProps) {
  const busy = useIsPending();
  const formRef = useRef<HTMLFormElement>(null);
  useFormReply(formRef, actionData);
  const errors = actionData?.fieldErrors ?? {};
  const v = actionData?.values ?? {};
  return (
    <AuthCard
      title="Register as a Vendor"
      subtitle="Sell your products to customers across India."
      footer={
        <>
          <p>
            Already a vendor?{" "}
            <Link to="/vendor/login" className={authLinkClass}>
              Vendor login
            </Link>
          </p>
          <p>
            Just shopping?{" "}
            <Link to="/register" className={authLinkClass}>
              Create a customer account
            </Link>
          </p>
        </>
      }
    >
      <Form ref={formRef} method="post" noValidate className="space-y-5">
        {actionData?.formError && <FormAlert>{actionData.formError}</FormAlert>}
        <TextField label="Your Name" name="name" autoComplete="name" required maxLength={100} defaultValue={v.name} error={errors.name} />
        <TextField label="Business Name" name="businessName" autoComplete="organization" required maxLength={150} defaultValue={v.businessName} error={errors.businessName} />
        <TextField label="Email Address" name="email" type="email" autoComplete="email" required maxLength={254} defaultValue={v.email} error={errors.email} />
        <TextField label="Phone Number" name="phone" type="tel" autoComplete="tel" required maxLength={20} placeholder="+91 98765 43210" defaultValue={v.phone} error={errors.phone} />
        <TextField
          label="GSTIN"
          name="gstin"
          required
          maxLength={20}
          placeholder="22AAAAA0000A1Z5"
          autoCapitalize="characters"
          hint="15-character GST Identification Number"
          defaultValue={v.gstin}
          error={errors.gstin}
        />
        <TextAreaField label="Business Address" name="address" optional rows={3} maxLength={500} autoComplete="street-address" defaultValue={v.address} error={errors.address} />
        <TextField label="Password" name="password" type="password" autoComplete="new-password" required minLength={6} maxLength={128} hint="At least 6 characters" error={errors.password} />
        <TextField label="Confirm Password" name="confirmPassword" type="password" autoComplete="new-password" required maxLength={128} error={errors.confirmPassword} />
        <Checkbox
          name="terms"
          required
          defaultChecked={v.terms === "on"}
          error={errors.terms}
          label={
            <>
              I agree to the{" "}
              <Link to="/terms" className={authLinkClass} target="_blank">
                Terms &amp; Conditions
              </Link>{" "}
              and{" "}
              <Link to="/privacy" className={authLinkClass} target="_blank">
                Privacy Policy
              </Link>
            </>
          }
        />
        <p className="rounded-lg bg-gray-50 px-4 py-3 text-sm text-gray-700">
          Your business information will be verified by our team before your vendor account is approved.
        </p>
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? "Registering..." : "Register as Vendor"}
        </Button>
      </Form>
    </AuthCard>
  );
}
