import { useEffect, useRef, useState } from "react";
import { useNavigation, useSubmit } from "react-router";
import { Form, Link } from "~/lib/route-links";
import { FormAlert } from "~/components/ui/FormAlert";
import { Button, buttonClass } from "~/components/ui/Button";
import { TextField } from "~/components/ui/Field";
import { Money } from "~/components/ui/Money";
import { BRAND } from "~/config/brand";
import { useHydrated } from "~/hooks";
import { useFormReply } from "~/lib/form-hooks";
import { ADDRESS_FIELDS } from "~/modules/orders/address-fields";
import type { AddressValues, CheckoutReply } from "~/modules/orders/checkout";
import type { CartQuote } from "~/modules/orders/orders.server";
import {
  PAYMENT_METHODS,
  PAYMENTS_UNAVAILABLE,
  GATEWAY_UNREACHABLE,
  UPI_MESSAGE,
  cardErrors,
  isPaymentMethod,
  isUpiId,
  paymentDisclosure,
  type PaymentMethod,
} from "~/modules/payments/methods";
import type { PayRequest, PaymentDetails, PaymentOutcome } from "~/modules/payments/razorpay-checkout";

/**
 * The checkout's payment step: the methods the admin enabled (cash on delivery shown but not
 * choosable where it is not taken), card and UPI paid through Razorpay's script in the browser
 * and then confirmed by the server, the others placed by the form alone.
 */

function AddressHidden({ values }: { values: AddressValues }) {
  return (
    <>
      {ADDRESS_FIELDS.map((f) => (
        <input key={f} type="hidden" name={f} value={values[f]} />
      ))}
    </>
  );
}

/** Pays through Razorpay's script; the shop's code for it, like the script, is fetched when the customer pays. */
async function payOnline(pay: PayRequest, details: PaymentDetails): Promise<PaymentOutcome> {
  try {
    const { payWithRazorpay } = await import("~/modules/payments/razorpay-checkout");
    return await payWithRazorpay(pay, details);
  } catch {
    return { ok: false, message: GATEWAY_UNREACHABLE };
  }
}

export function PaymentStep({
  result,
  quote,
  idempotencyKey,
  methods,
  prefetchConfirmation,
}: {
  result: CheckoutReply;
  quote: CartQuote;
  idempotencyKey: string;
  methods: PaymentMethod[];
  /** Fetches the confirmation's code while the order is placed, so it is there when the order is. */
  prefetchConfirmation: () => void;
}) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const payErrorRef = useRef<HTMLDivElement>(null);
  // A declined payment is told where the person is looking: focus (and so the view) moves to it.
  useEffect(() => {
    if (!payError) return;
    payErrorRef.current?.focus({ preventScroll: true });
    payErrorRef.current?.scrollIntoView({ block: "center" });
  }, [payError]);
  const placing = paying || (navigation.state !== "idle" && ["place", "confirm"].includes(String(navigation.formData?.get("intent"))));
  // Cash on delivery may not be taken for this PIN code or total: shown, not choosable, with the reason.
  const codUnavailable = result.codUnavailable;
  const payable = codUnavailable ? methods.filter((m) => m !== "cod") : methods;
  const serverErrorsNow = result.status === "error" ? result.fieldErrors : {};
  const showCodNote = Boolean(codUnavailable) && methods.includes("cod") && serverErrorsNow.paymentMethod !== codUnavailable;
  // The method chosen before (when still offered), else the first one offered.
  const [chosen, setMethod] = useState<PaymentMethod | undefined>(
    isPaymentMethod(result.paymentMethod) && payable.includes(result.paymentMethod) ? result.paymentMethod : payable[0],
  );
  const method = chosen && payable.includes(chosen) ? chosen : payable[0];
  const offered = PAYMENT_METHODS.filter((m) => methods.includes(m.value));
  const [cardProblems, setCardProblems] = useState<ReturnType<typeof cardErrors>>({});
  const [upiProblem, setUpiProblem] = useState<string | null>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const checkedRef = useRef<HTMLInputElement>(null);
  const serverErrors = result.status === "error" ? result.fieldErrors : {};
  const formRef = useRef<HTMLFormElement>(null);
  useFormReply(formRef, result);
  const hydrated = useHydrated();
  // Once the card problems are on screen, take the person to the first one.
  useEffect(() => {
    if (Object.keys(cardProblems).length > 0) cardRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [cardProblems]);
  const expectedTotal = result.newTotal ?? quote.totals.total;

  // The order is placed and awaits payment: pay it through Razorpay's script with what was typed,
  // then let the server check the payment before the confirmation shows.
  useEffect(() => {
    const pay = result.pay;
    const form = formRef.current;
    if (!pay || !form) return;
    const read = (n: string) => cardRef.current?.querySelector<HTMLInputElement>(`[data-card="${n}"]`)?.value ?? "";
    const details: PaymentDetails =
      method === "card"
        ? { card: { name: read("name"), number: read("number"), expiry: read("expiry"), cvv: read("cvv") } }
        : { vpa: (form.elements.namedItem("upiId") as HTMLInputElement | null)?.value.trim() ?? "" };
    setPaying(true);
    setPayError(null);
    void payOnline(pay, details).then((outcome) => {
      setPaying(false);
      if (!outcome.ok) {
        setPayError(outcome.message);
        return;
      }
      const confirm = new FormData(form);
      confirm.set("intent", "confirm");
      confirm.set("orderNumber", pay.number);
      confirm.set("razorpay_payment_id", outcome.paymentId);
      confirm.set("razorpay_order_id", outcome.orderId);
      confirm.set("razorpay_signature", outcome.signature);
      void submit(confirm, { method: "post" });
    });
    // Once per answer that asks for a payment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === "back") return;
    setPayError(null);
    if (paying) {
      e.preventDefault();
      return;
    }
    if (method === "card") {
      const read = (n: string) => cardRef.current?.querySelector<HTMLInputElement>(`[data-card="${n}"]`)?.value ?? "";
      const problems = cardErrors({ nameOnCard: read("name"), cardNumber: read("number"), expiry: read("expiry"), cvv: read("cvv") });
      setCardProblems(problems);
      if (Object.keys(problems).length > 0) {
        e.preventDefault();
        return;
      }
    }
    if (method === "upi") {
      const upi = (e.currentTarget.elements.namedItem("upiId") as HTMLInputElement | null)?.value ?? "";
      const problem = isUpiId(upi) ? null : UPI_MESSAGE;
      setUpiProblem(problem);
      if (problem) {
        e.preventDefault();
        return;
      }
    }
    if (checkedRef.current) checkedRef.current.value = method === "card" || method === "upi" ? "1" : "";
    prefetchConfirmation();
  }

  return (
    <Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-6">
      <AddressHidden values={result.values} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <input type="hidden" name="expectedTotal" value={expectedTotal} />
      <input ref={checkedRef} type="hidden" name="paidOnline" value="" />
      <div className="flex items-center justify-between gap-4">
        <h2 className="text-xl font-semibold text-gray-900">Payment Method</h2>
      </div>
      <div className="rounded-lg border border-gray-200 bg-gray-50 px-4 py-3 text-sm text-gray-700">
        <p className="font-semibold text-gray-900">Shipping to</p>
        <p>
          {result.values.fullName}, {result.values.addressLine1}
          {result.values.addressLine2 ? `, ${result.values.addressLine2}` : ""}, {result.values.city}, {result.values.state} {result.values.postalCode}
        </p>
        <p>{result.values.phone}</p>
      </div>
      {result.status === "error" && result.formError && (
        <FormAlert>
          {result.formError}
          {result.newTotal !== undefined && (
            <>
              {" "}
              New total: <Money paise={result.newTotal} />. Place your order again to confirm.
            </>
          )}
          {result.sessionExpired && (
            <>
              {" "}
              <Link to="/login?redirectTo=%2Fcheckout" className="underline">
                Sign in
              </Link>
            </>
          )}
        </FormAlert>
      )}
      {payError && (
        <div ref={payErrorRef} tabIndex={-1} className="outline-none">
          <FormAlert>
            {`Payment failed: ${payError}`}
            {/\btry\b/i.test(payError) ? "" : " Please try again, or choose another payment method."}
          </FormAlert>
        </div>
      )}
      {methods.length === 0 && <FormAlert tone="info">{PAYMENTS_UNAVAILABLE}</FormAlert>}
      {methods.length > 0 && <p className="text-sm text-gray-700" data-testid="payment-disclosure">{paymentDisclosure(methods)}</p>}
      {methods.length > 0 && (
        <fieldset>
          <legend className="sr-only">Payment method</legend>
          <div className={`grid gap-3 ${offered.length > 3 ? "sm:grid-cols-2" : "sm:grid-cols-3"}`}>
            {offered.map((m) => (
              <label
                key={m.value}
                className={`flex cursor-pointer items-center gap-3 rounded-lg border px-4 py-3 text-sm font-medium ${
                  method === m.value ? "border-pink-600 bg-pink-50 text-pink-900" : "border-gray-300 text-gray-800"
                }`}
              >
                <input
                  type="radio"
                  name="paymentMethod"
                  value={m.value}
                  checked={method === m.value}
                  onChange={() => setMethod(m.value)}
                  disabled={m.value === "cod" && Boolean(codUnavailable)}
                  aria-invalid={Boolean(serverErrors.paymentMethod)}
                  aria-describedby={
                    [serverErrors.paymentMethod ? "payment-method-error" : null, m.value === "cod" && showCodNote ? "cod-unavailable" : null].filter(Boolean).join(" ") || undefined
                  }
                  className="h-4 w-4 accent-pink-600"
                />
                {m.label}
              </label>
            ))}
          </div>
          {serverErrors.paymentMethod && (
            <p id="payment-method-error" className="mt-2 text-sm text-red-700">
              {serverErrors.paymentMethod}
            </p>
          )}
          {showCodNote && (
            <p id="cod-unavailable" className="mt-2 text-sm text-gray-700">
              {codUnavailable}
            </p>
          )}
        </fieldset>
      )}

      {method === "card" && (
        <div ref={cardRef} className="space-y-5">
          <p className="text-xs text-gray-600">{`Card details go from this page straight to Razorpay, our payment gateway: they are never sent to or stored by ${BRAND.name}.`}</p>
          {/* No name attributes: these fields are never submitted. */}
          <TextField label="Name on Card" data-card="name" autoComplete="cc-name" maxLength={100} error={cardProblems.nameOnCard} />
          <TextField label="Card Number" data-card="number" inputMode="numeric" autoComplete="cc-number" maxLength={23} placeholder="1234 5678 9012 3456" error={cardProblems.cardNumber} />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="Expiry Date (MM/YY)" data-card="expiry" autoComplete="cc-exp" maxLength={5} placeholder="MM/YY" error={cardProblems.expiry} />
            <TextField label="CVV" data-card="cvv" type="password" inputMode="numeric" autoComplete="cc-csc" maxLength={3} error={cardProblems.cvv} />
          </div>
        </div>
      )}
      {/* Before JavaScript loads, the radio choice cannot show or hide fields: the UPI ID is always there. */}
      {(method === "upi" || (!hydrated && methods.includes("upi"))) && (
        <TextField label="UPI ID" name="upiId" autoComplete="off" maxLength={100} placeholder="yourname@bank" error={upiProblem ?? serverErrors.upiId} />
      )}
      {method === "cod" && <p className="text-sm text-gray-700">Pay in cash or by UPI to the delivery partner when your order arrives.</p>}
      {method === "bank_transfer" && (
        <p className="text-sm text-gray-700">
          Pay by NEFT, RTGS or IMPS after placing your order: the confirmation shows our bank account and the reference to use. We start processing your order once the
          payment arrives.
        </p>
      )}

      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="back" className={buttonClass("outline", "lg")} formNoValidate>
          Back to Shipping
        </button>
        {payable.length > 0 && (
          <Button type="submit" name="intent" value="place" size="lg" disabled={placing}>
            {placing ? "Processing" : "Place Order"}
          </Button>
        )}
      </div>
    </Form>
  );
}
