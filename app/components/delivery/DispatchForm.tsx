import { useRef } from "react";
import { Form } from "~/lib/route-links";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/Field";
import { FormAlert } from "~/components/ui/FormAlert";
import type { FormFailure } from "~/lib/form";
import { useFormReply, useIsPending } from "~/lib/form-hooks";
import { MAX_HANDLING_DAYS } from "~/modules/delivery/promise";

export interface DispatchValues {
  vendorId: string;
  dispatchPin: string | null;
  handlingDays: number;
  cutOff: string;
}

/** A seller's dispatch PIN, handling time and cut-off: the same form for the seller and the admin. */
export function DispatchForm({ current, reply, labelledBy }: { current: DispatchValues; reply: FormFailure | undefined; labelledBy: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  useFormReply(formRef, reply);
  const busy = useIsPending();
  const errors = reply?.fieldErrors ?? {};
  const typed = reply?.values ?? {};
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <Form ref={formRef} method="post" noValidate aria-labelledby={labelledBy} className="mt-4 space-y-5">
      {(reply?.formError || hasErrors) && <FormAlert>{reply?.formError ?? "Please correct the highlighted fields."}</FormAlert>}
      <input type="hidden" name="vendorId" value={current.vendorId} />
      <TextField
        label="Dispatch PIN code"
        name="dispatchPin"
        inputMode="numeric"
        autoComplete="off"
        required
        maxLength={6}
        hint="The 6-digit PIN code of the place your parcels leave from"
        defaultValue={typed.dispatchPin ?? current.dispatchPin ?? ""}
        error={errors.dispatchPin}
      />
      <TextField
        label="Handling time (business days)"
        name="handlingDays"
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_HANDLING_DAYS}
        step={1}
        required
        hint={`Business days from taking an order to handing it to the courier, 0 to ${MAX_HANDLING_DAYS}. 0 means the same day.`}
        defaultValue={typed.handlingDays ?? String(current.handlingDays)}
        error={errors.handlingDays}
      />
      <TextField
        label="Daily cut-off (India time)"
        name="cutOff"
        type="time"
        required
        hint="24-hour HH:MM. Orders after it, or on a Sunday or holiday, start the next business day."
        defaultValue={typed.cutOff ?? current.cutOff}
        error={errors.cutOff}
      />
      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : "Save dispatch settings"}
      </Button>
    </Form>
  );
}
