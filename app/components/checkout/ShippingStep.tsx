import { useRef } from "react";
import { Form } from "~/lib/route-links";
import { CityStatePinFields } from "~/components/orders/AddressFields";
import { Button } from "~/components/ui/Button";
import { Checkbox } from "~/components/ui/Checkbox";
import { TextField } from "~/components/ui/Field";
import { useFormReply, useIsPending } from "~/lib/form-hooks";
import { LEGAL_NAME_MAX } from "~/modules/gst/business-buyer";
import { BUSINESS_LABEL, type AddressField } from "~/modules/orders/address-fields";
import type { AddressValues, CheckoutReply } from "~/modules/orders/checkout";

/** The checkout's first step: the shipping address, with the saved one's problems shown before any post. */
export function ShippingStep({ values, result, savedErrors }: { values: AddressValues; result: CheckoutReply | undefined; savedErrors: Partial<Record<AddressField, string>> }) {
  const busy = useIsPending();
  const formRef = useRef<HTMLFormElement>(null);
  useFormReply(formRef, result);
  // Before any post, the saved address's own problems (a PIN that no longer passes) show on their fields.
  const e = result?.status === "error" ? result.fieldErrors : result ? {} : savedErrors;
  return (
    <Form ref={formRef} method="post" noValidate className="space-y-5">
      <input type="hidden" name="intent" value="shipping" />
      <h2 className="text-xl font-semibold text-gray-900">Shipping Address</h2>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Full Name" name="fullName" autoComplete="name" required maxLength={100} defaultValue={values.fullName} error={e.fullName} />
        <TextField label="Phone Number" name="phone" type="tel" autoComplete="tel" required maxLength={20} placeholder="+91 98765 43210" defaultValue={values.phone} error={e.phone} />
      </div>
      <TextField label="Address Line 1" name="addressLine1" autoComplete="address-line1" required maxLength={200} defaultValue={values.addressLine1} error={e.addressLine1} />
      <TextField label="Address Line 2" name="addressLine2" optional autoComplete="address-line2" maxLength={200} defaultValue={values.addressLine2} error={e.addressLine2} />
      <CityStatePinFields
        required
        names={{ city: "city", state: "state", pin: "postalCode" }}
        values={{ city: values.city, state: values.state, pin: values.postalCode }}
        errors={{ city: e.city, state: e.state, pin: e.postalCode }}
      />
      <fieldset className="space-y-4 rounded-xl border border-gray-200 p-4">
        <legend className="px-1 text-sm font-semibold text-gray-900">GST invoice</legend>
        <Checkbox name="business" label={BUSINESS_LABEL} defaultChecked={values.business === "on"} />
        <p className="text-sm text-gray-600">Your sellers' tax invoices then carry your business's GSTIN, so that it can claim input tax credit. The GSTIN must be registered in the state the goods are delivered to.</p>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="GSTIN" name="gstin" autoComplete="off" maxLength={20} placeholder="27AAPFU0939F1ZV" hint="15 characters, as on the GST registration" defaultValue={values.gstin} error={e.gstin} />
          <TextField label="Business legal name" name="legalName" autoComplete="organization" maxLength={LEGAL_NAME_MAX} defaultValue={values.legalName} error={e.legalName} />
        </div>
      </fieldset>
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? "Saving..." : "Continue to Payment"}
      </Button>
    </Form>
  );
}
