import { useRef } from "react";
import { data, redirect } from "react-router";
import { Form, Link } from "~/lib/route-links";
import { Button } from "~/components/ui/Button";
import { SelectField, TextAreaField, TextField } from "~/components/ui/Field";
import { FormAlert } from "~/components/ui/FormAlert";
import { Money } from "~/components/ui/Money";
import { dbContext, imageStoreContext, secretBoxContext, storeOf } from "~/context";
import { flashHeaders } from "~/lib/flash.server";
import { useFormReply, useIsPending } from "~/lib/form-hooks";
import { BODY_LIMITS, type RouteHandle } from "~/lib/http-policy";
import { statusFor } from "~/lib/outcome";
import { DAMAGE_REPORT_HOURS } from "~/modules/content/policies";
import { requireUser } from "~/modules/identity/guards.server";
import { formatOrderDate, formatOrderDateTime } from "~/lib/dates";
import { DETAILS_MAX, SERIAL_MAX } from "~/modules/returns/request-form";
import { submitReturnForm } from "~/modules/returns/request-form.server";
import { customerReturns, refundGoesBackOnline } from "~/modules/returns/returns.server";
import { MAX_RETURN_PHOTOS } from "~/modules/returns/rules";
import { ACCEPTED_IMAGE_TYPES } from "~/modules/storage/image-type";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/order.return";

export const meta: Route.MetaFunction = ({ params }) => [
  ...pageMeta({ title: `Return or replace: order ${params.number}`, description: "Ask for a return or a replacement." }),
  { name: "robots", content: "noindex" },
];

/** Up to four photos come with the form (server/body-guard.ts reads this). */
export const handle: RouteHandle = { bodyLimit: BODY_LIMITS.returnForm };

async function lineOf(args: Route.LoaderArgs | Route.ActionArgs, itemId: string | null) {
  const user = requireUser(args);
  const found = await customerReturns(args.context.get(dbContext), user.id, args.params.number);
  if (!found) throw data("Order not found", { status: 404 });
  return { user, found, line: found.lines.find((l) => l.orderItemId === itemId) ?? null };
}

export async function loader(args: Route.LoaderArgs) {
  const { found, line } = await lineOf(args, new URL(args.request.url).searchParams.get("item"));
  if (!line) throw data("Item not found", { status: 404 });
  return { orderNumber: found.orderNumber, refundByHand: !refundGoesBackOnline(found.paymentMethod), line, unitPrice: line.unitPrice };
}

export async function action(args: Route.ActionArgs) {
  const { user, found } = await lineOf(args, null);
  const { context } = args;
  const result = await submitReturnForm(
    { ...storeOf(context), images: context.get(imageStoreContext), secrets: context.get(secretBoxContext) },
    args.request,
    { userId: user.id, orderNumber: found.orderNumber, paymentMethod: found.paymentMethod },
  );
  if (!result.ok) return data(result.reply, { status: result.status === "server" ? 503 : statusFor(result.status) });
  throw redirect(`/orders/${encodeURIComponent(found.orderNumber)}#returns`, {
    headers: await flashHeaders(`Return request ${result.number} sent. The seller will answer within 48 hours.`),
  });
}

export default function ReturnRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { orderNumber, line, refundByHand, unitPrice } = loaderData;
  const reply = actionData;
  const formRef = useRef<HTMLFormElement>(null);
  // A refused request: the focus on its first highlighted field (decision 011).
  useFormReply(formRef, reply);
  const values = reply?.values ?? {};
  const errors = reply?.fieldErrors ?? {};
  const pending = useIsPending();
  const resolutions = [...new Set(line.reasons.flatMap((r) => r.resolutions))];
  const onlyReplacement = resolutions.length === 1 && resolutions[0] === "replacement";
  const chosenReason = values.reason ?? "";
  const chosenResolution = values.resolution ?? (resolutions.length === 1 ? resolutions[0] : "");
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link to={`/orders/${orderNumber}`} className="text-sm font-semibold text-pink-700 hover:text-pink-800">
        ← Order {orderNumber}
      </Link>
      <h1 className="mt-2 text-3xl font-bold text-gray-900">Return or replace</h1>
      <p className="mt-2 text-gray-700">
        <span className="font-semibold text-gray-900">{line.name}</span> · <Money paise={unitPrice} /> each · delivered{" "}
        {line.deliveredAt ? formatOrderDate(line.deliveredAt) : ""}
      </p>

      {reply?.formError && (
        <div className="mt-6">
          <FormAlert id="return-form-error">{reply.formError}</FormAlert>
        </div>
      )}
      {!line.open ? (
        <div className="mt-6">
          <FormAlert tone="info">
            {line.available === 0 && line.deliveredAt
              ? "Everything of this item has already been returned or asked for."
              : line.closesAt
                ? `The return window for this item closed on ${formatOrderDateTime(line.closesAt)}.`
                : "This item cannot be returned."}
          </FormAlert>
        </div>
      ) : (
        <Form ref={formRef} method="post" encType="multipart/form-data" className="mt-6 space-y-6 rounded-xl border border-gray-200 bg-white p-6" aria-describedby={reply?.formError ? "return-form-error" : undefined}>
          <input type="hidden" name="item" value={line.orderItemId} />
          <p className="text-sm text-gray-700">
            You can ask until {line.closesAt ? formatOrderDateTime(line.closesAt) : ""}; damage in transit must be reported within {DAMAGE_REPORT_HOURS} hours of
            delivery{line.damageClosesAt ? ` (until ${formatOrderDateTime(line.damageClosesAt)})` : ""}.
          </p>

          <SelectField label="Quantity" name="quantity" defaultValue={values.quantity ?? "1"} error={errors.quantity} className="max-w-32">
            {Array.from({ length: line.available }, (_, i) => (
              <option key={i + 1} value={i + 1}>
                {i + 1}
              </option>
            ))}
          </SelectField>

          <fieldset aria-describedby={errors.reason ? "reason-error" : undefined}>
            <legend className="text-sm font-medium text-gray-800">Reason</legend>
            <div className="mt-2 space-y-2">
              {line.reasons.map((r) => (
                <label key={r.value} className="flex items-start gap-3 rounded-lg border border-gray-200 px-3 py-2.5 text-sm has-checked:border-pink-600 has-checked:bg-pink-50">
                  <input type="radio" name="reason" value={r.value} defaultChecked={chosenReason === r.value} required className="mt-0.5 accent-pink-600" />
                  <span>
                    <span className="font-medium text-gray-900">{r.label}</span>
                    <span className="block text-gray-600">
                      {r.resolutions.map((x) => (x === "refund" ? "Refund" : "Replacement")).join(" or ")}
                      {r.photos ? " · photos required" : ""}
                    </span>
                  </span>
                </label>
              ))}
            </div>
            {errors.reason && (
              <p id="reason-error" className="mt-1 text-sm text-red-700">
                {errors.reason}
              </p>
            )}
          </fieldset>

          <fieldset aria-describedby={errors.resolution ? "resolution-error" : "resolution-hint"}>
            <legend className="text-sm font-medium text-gray-800">What would you like?</legend>
            <div className="mt-2 flex flex-wrap gap-3">
              {resolutions.map((x) => (
                <label key={x} className="flex items-center gap-2 rounded-lg border border-gray-200 px-3 py-2.5 text-sm has-checked:border-pink-600 has-checked:bg-pink-50">
                  <input type="radio" name="resolution" value={x} defaultChecked={chosenResolution === x} required className="accent-pink-600" />
                  {x === "refund" ? "Refund" : "Replacement"}
                </label>
              ))}
            </div>
            <p id="resolution-hint" className="mt-1 text-xs text-gray-600">
              {onlyReplacement ? "Items of this category are replaced, not refunded." : "“No longer needed” can only be refunded."}
            </p>
            {errors.resolution && (
              <p id="resolution-error" className="mt-1 text-sm text-red-700">
                {errors.resolution}
              </p>
            )}
          </fieldset>

          <TextAreaField label="What is wrong?" name="details" rows={4} maxLength={DETAILS_MAX} required defaultValue={values.details ?? ""} error={errors.details} />
          <TextField
            label="Serial number"
            name="serialNumber"
            optional
            maxLength={SERIAL_MAX}
            defaultValue={values.serialNumber ?? ""}
            error={errors.serialNumber}
            hint="Printed on the device or its box; it helps the seller find your unit."
          />
          <TextField
            label="Photos"
            name="photos"
            type="file"
            multiple
            accept={ACCEPTED_IMAGE_TYPES}
            error={errors.photos}
            hint={`Up to ${MAX_RETURN_PHOTOS} photos (JPEG, PNG or WebP, up to 2 MB each); required for damage in transit and a wrong item.`}
          />

          {refundByHand && (
            <fieldset className="rounded-lg border border-gray-200 p-4" aria-describedby="refund-to-hint">
              <legend className="px-1 text-sm font-medium text-gray-800">Where should we send your refund?</legend>
              <p id="refund-to-hint" className="text-xs text-gray-600">
                Needed for a refund: this order was not paid online. Your details are stored encrypted and shown only masked.
              </p>
              <div className="mt-3 flex flex-wrap gap-3">
                {[
                  ["upi", "UPI ID"],
                  ["bank", "Bank account"],
                ].map(([value, label]) => (
                  <label key={value} className="flex items-center gap-2 text-sm">
                    <input type="radio" name="refundKind" value={value} defaultChecked={(values.refundKind ?? "upi") === value} className="accent-pink-600" />
                    {label}
                  </label>
                ))}
              </div>
              {errors.refundKind && <p className="mt-1 text-sm text-red-700">{errors.refundKind}</p>}
              <div className="mt-3 grid gap-4 sm:grid-cols-2">
                <TextField label="UPI ID" name="upiId" autoComplete="off" placeholder="name@okaxis" error={errors.upiId} />
                <span className="hidden sm:block" />
                <TextField label="Account number" name="accountNumber" inputMode="numeric" autoComplete="off" error={errors.accountNumber} />
                <TextField label="IFSC" name="ifsc" autoComplete="off" placeholder="SBIN0001234" error={errors.ifsc} />
                <TextField label="Account holder's name" name="accountName" autoComplete="off" error={errors.accountName} />
              </div>
            </fieldset>
          )}

          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={pending}>
              {pending ? "Sending..." : "Send request"}
            </Button>
            <Link to={`/orders/${orderNumber}`} className="text-sm font-semibold text-gray-700 hover:text-pink-700">
              Cancel
            </Link>
          </div>
        </Form>
      )}
    </div>
  );
}
