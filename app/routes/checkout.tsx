import { Suspense, lazy, useEffect, useRef, useState } from "react";
import { Form, Link, data, redirect, useNavigation, useSubmit, type ShouldRevalidateFunctionArgs } from "react-router";
import { FormAlert } from "~/components/ui/FormAlert";
import { Button, buttonClass } from "~/components/ui/Button";
import { EstimateAnswer } from "~/components/delivery/DeliverTo";
import { MrpSaving } from "~/components/catalog/PriceWithGst";
import { CityStatePinFields } from "~/components/orders/AddressFields";
import { OrderAmounts } from "~/components/orders/OrderAmounts";
import { TextField } from "~/components/ui/Field";
import { Money } from "~/components/ui/Money";
import { BRAND } from "~/config/brand";
import { dbContext, paymentsContext, secretBoxContext, storeOf, userContext } from "~/context";
import { useHydrated } from "~/hooks";
import { formValues, issueErrors, type FormFailure } from "~/lib/form";
import { useFormReply, useIsPending } from "~/lib/form-hooks";
import { readFormValues } from "~/lib/form.server";
import { statusFor } from "~/lib/outcome";
import { cartCookieHeader, readCartLines } from "~/modules/cart/cart.server";
import { loadProfile } from "~/modules/identity/accounts.server";
import { requireUser } from "~/modules/identity/guards.server";
import { isPinFormat } from "~/modules/addresses/pin-codes";
import { codUnavailableReason, shippingPinProblem } from "~/modules/delivery/pin-rules.server";
import { shippingAddressSchema } from "~/modules/orders/address";
import { ADDRESS_FIELDS, type AddressField } from "~/modules/orders/address-fields";
import { estimateForQuote } from "~/modules/orders/delivery-estimate.server";
import { formatMoney } from "~/modules/money/money";
import { PLACE_ORDER_REFUSALS, getOrderForUser, placeOrder, quoteCart, unpaidOrderToPay } from "~/modules/orders/orders.server";
import { FREE_SHIPPING_FROM_PAISE } from "~/modules/orders/totals";
import {
  PAYMENT_METHODS,
  PAYMENTS_UNAVAILABLE,
  GATEWAY_UNREACHABLE,
  UPI_MESSAGE,
  cardErrors,
  isPaymentMethod,
  isUpiId,
  methodUnavailableMessage,
  onlineNeedsJavaScriptMessage,
  paymentDisclosure,
  type PaymentMethod,
} from "~/modules/payments/methods";
import { confirmCheckoutPayment, startOnlinePayment } from "~/modules/orders/online-payments.server";
import { isOnlineMethod } from "~/modules/payments/payment-status";
import type { PayRequest, PaymentDetails, PaymentOutcome } from "~/modules/payments/razorpay-checkout";
import { bankTransferDetails, enabledPaymentMethods } from "~/modules/payments/settings.server";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/checkout";
import type { DeliveryEstimate } from "~/modules/delivery/estimate";

export const meta: Route.MetaFunction = () => [...pageMeta({ title: "Checkout", description: "Check out securely." }), { name: "robots", content: "noindex" }];

type AddressValues = Record<AddressField, string>;

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const db = args.context.get(dbContext);
  const params = new URL(args.request.url).searchParams;
  const placed = params.get("placed");
  if (placed) {
    const order = await getOrderForUser(db, user.id, placed);
    if (order) {
      const bank = order.paymentMethod === "bank_transfer" ? await bankTransferDetails(db, args.context.get(secretBoxContext)) : null;
      return { step: "confirmation" as const, order, bank, methods: [] as PaymentMethod[], quote: null, defaults: null, idempotencyKey: "", resume: null, defaultErrors: {} };
    }
  }
  // An order placed but not paid (the payment failed, or the page was left): pay it from here.
  const pay = params.get("pay");
  if (pay) {
    const unpaid = await unpaidOrderToPay(db, user.id, pay);
    if (!unpaid) throw redirect(/^RC-\d{6}$/.test(pay) ? `/orders/${pay}` : "/orders");
    const codUnavailable = isPinFormat(unpaid.address.postalCode) ? await codUnavailableReason(db, unpaid.address.postalCode, unpaid.quote.totals.total) : null;
    const resume = { number: unpaid.number, paymentMethod: unpaid.paymentMethod, paymentError: unpaid.paymentError, codUnavailable };
    const methods = await enabledPaymentMethods(db);
    return { step: "payment" as const, order: null, bank: null, methods, quote: unpaid.quote, defaults: unpaid.address, idempotencyKey: unpaid.idempotencyKey, resume, defaultErrors: {} };
  }
  const quote = await quoteCart(db, await readCartLines(args.request));
  // An empty cart goes back to /cart, unless the confirmation is showing (the order emptied it).
  if (quote.lines.length === 0) throw redirect("/cart");
  const profile = await loadProfile(db, user);
  const defaults: AddressValues = {
    fullName: user.name,
    phone: "",
    addressLine1: profile.streetAddress,
    addressLine2: "",
    city: profile.city,
    state: profile.stateVal,
    postalCode: profile.zipCode,
  };
  // A saved address is kept as it is; a PIN code that no longer passes is flagged on its field.
  const savedPinProblem = isPinFormat(defaults.postalCode) ? await shippingPinProblem(db, defaults.postalCode, defaults.state) : null;
  const defaultErrors: Partial<Record<AddressField, string>> = savedPinProblem ? { postalCode: savedPinProblem } : {};
  // Only the methods the admin has enabled are offered (the action refuses the others too).
  const methods = await enabledPaymentMethods(db);
  return { step: "shipping" as const, order: null, bank: null, methods, quote, defaults, idempotencyKey: crypto.randomUUID(), resume: null, defaultErrors };
}

/**
 * The one reply shape (decision 011) plus the step to show. Only the address is echoed: card
 * fields have no names and never reach the server, and the UPI ID is typed again.
 */
type ActionData = {
  step: "shipping" | "payment";
  values: AddressValues;
  sessionExpired?: boolean;
  newTotal?: number;
  /** The payment method that was chosen, kept when the step comes back with a message. */
  paymentMethod?: string;
  /** The order placed and not yet paid: the browser pays it through Razorpay's script. */
  pay?: PayRequest;
  /** Set once an order exists for this checkout (the cart is then empty). */
  orderNumber?: string;
  /** Why cash on delivery is not offered for this address and order, when it is not. */
  codUnavailable?: string;
  /** When each seller's parcel should arrive at this address, on the payment step. */
  delivery?: DeliveryEstimate;
} & (Omit<FormFailure, "values"> | { status: "success" });

function addressValues(v: Record<string, string>): AddressValues {
  return Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, (v[f] ?? "").slice(0, 300)])) as AddressValues;
}

export async function action({ request, context }: Route.ActionArgs) {
  const v = await readFormValues(request);
  const values = addressValues(v);
  const db = context.get(dbContext);
  // Cash on delivery to this PIN, for this cart, and when it should arrive: said on the payment step whenever it shows.
  const codNote = async (): Promise<{ codUnavailable?: string; delivery?: DeliveryEstimate }> => {
    const pin = values.postalCode.trim();
    if (!isPinFormat(pin)) return {};
    const quote = await quoteCart(db, await readCartLines(request));
    const [reason, delivery] = await Promise.all([codUnavailableReason(db, pin, quote.totals.total), estimateForQuote(db, quote, pin)]);
    return { ...(reason ? { codUnavailable: reason } : {}), ...(quote.lines.length > 0 ? { delivery } : {}) };
  };
  const payment = async (more: Partial<ActionData> & { formError?: string; fieldErrors?: FormFailure["fieldErrors"] }, status: number) =>
    data<ActionData>({ step: "payment", values, status: "error", fieldErrors: {}, ...(await codNote()), ...more } as ActionData, { status });
  const user = context.get(userContext);
  if (!user) {
    return data<ActionData>(
      {
        step: v.intent === "place" ? "payment" : "shipping",
        values,
        status: "error",
        formError: "Your session has expired. Please sign in again to continue.",
        fieldErrors: {},
        sessionExpired: true,
      },
      { status: 401 },
    );
  }
  if (v.intent === "back") return data<ActionData>({ step: "shipping", values, status: "success" });
  if (v.intent === "confirm") {
    // Razorpay's checkout says it paid: the server checks the signature and the payment itself.
    const number = v.orderNumber ?? "";
    const confirmed = await confirmCheckoutPayment(storeOf(context), context.get(paymentsContext), user.id, number, {
      paymentId: v.razorpay_payment_id ?? "",
      orderId: v.razorpay_order_id ?? "",
      signature: v.razorpay_signature ?? "",
    });
    if (confirmed.ok) throw redirect(`/checkout?placed=${number}`, { headers: { "Set-Cookie": await cartCookieHeader([]) } });
    return payment({ paymentMethod: v.paymentMethod, orderNumber: number, formError: confirmed.message }, statusFor(confirmed.reason));
  }

  const address = shippingAddressSchema.safeParse(values);
  if (!address.success) return data<ActionData>({ step: "shipping", values, status: "error", ...issueErrors(address.error.issues) }, { status: 400 });
  // The PIN code exists, is in the state chosen, and the shop delivers there.
  const pinProblem = await shippingPinProblem(db, address.data.postalCode, address.data.state);
  if (pinProblem) return data<ActionData>({ step: "shipping", values, status: "error", fieldErrors: { postalCode: pinProblem } }, { status: 400 });
  if (v.intent !== "place") return data<ActionData>({ step: "payment", values, status: "success", ...(await codNote()) });

  // Whatever was posted, only a method the admin has enabled can pay for an order.
  const methods = await enabledPaymentMethods(db);
  if (methods.length === 0) return payment({ formError: PAYMENTS_UNAVAILABLE }, 409);
  const method = v.paymentMethod;
  const chosen = { paymentMethod: method };
  if (!isPaymentMethod(method)) return payment({ fieldErrors: { paymentMethod: "Please choose a payment method" } }, 400);
  if (!methods.includes(method)) return payment({ fieldErrors: { paymentMethod: methodUnavailableMessage(method) } }, 400);
  // Card and UPI are paid through Razorpay's script in the browser: card details never reach the shop.
  if (isOnlineMethod(method) && v.paidOnline !== "1") return payment({ ...chosen, fieldErrors: { paymentMethod: onlineNeedsJavaScriptMessage(methods) } }, 400);
  if (method === "upi" && !isUpiId(v.upiId ?? "")) return payment({ ...chosen, fieldErrors: { upiId: UPI_MESSAGE } }, 400);
  const key = v.idempotencyKey ?? "";
  if (!/^[0-9a-f-]{36}$/.test(key)) return payment({ formError: "Please try placing your order again." }, 400);
  const expected = Number.parseInt(v.expectedTotal ?? "", 10);
  const lines = await readCartLines(request);
  const result = await placeOrder(storeOf(context), {
    userId: user.id,
    lines,
    address: address.data,
    paymentMethod: method,
    idempotencyKey: key,
    expectedTotal: Number.isFinite(expected) ? expected : undefined,
  });
  if (!result.ok) {
    if (result.reason === "empty") throw redirect("/cart");
    if (result.reason === "payment_method" || result.reason === "cod_unavailable") return payment({ fieldErrors: { paymentMethod: result.message } }, statusFor(PLACE_ORDER_REFUSALS[result.reason]));
    if (result.reason === "not_served") return data<ActionData>({ step: "shipping", values, status: "error", fieldErrors: { postalCode: result.message } }, { status: statusFor(PLACE_ORDER_REFUSALS[result.reason]) });
    return payment(
      { ...chosen, formError: result.message, ...(result.reason === "price_changed" && result.totals ? { newTotal: result.totals.total } : {}) },
      statusFor(PLACE_ORDER_REFUSALS[result.reason]),
    );
  }
  // The items are the order's now: the cart starts empty again.
  const emptyCart: Record<string, string> = result.existing ? {} : { "Set-Cookie": await cartCookieHeader([]) };
  if (isOnlineMethod(result.paymentMethod) && result.paymentStatus !== "paid") {
    const started = await startOnlinePayment(db, context.get(paymentsContext), user.id, result.number);
    if (!started.ok) return data<ActionData>({ step: "payment", values, status: "error", fieldErrors: {}, ...(await codNote()), ...chosen, orderNumber: result.number, formError: started.message }, { status: statusFor(started.reason), headers: emptyCart });
    if (!started.paid) return data<ActionData>({ step: "payment", values, status: "success", ...(await codNote()), ...chosen, orderNumber: result.number, pay: started.pay }, { headers: emptyCart });
  }
  throw redirect(`/checkout?placed=${result.number}`, { headers: emptyCart });
}

/** The shop may be out of reach: say so and stay on the step, instead of an error page. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  // Read before the server action takes the body: the step and the address are kept if the post fails.
  const v = formValues(await request.clone().formData());
  try {
    return await serverAction();
  } catch (e) {
    if (e instanceof Response || (typeof e === "object" && e !== null && "status" in e)) throw e;
    return {
      step: v.intent === "place" ? "payment" : "shipping",
      values: addressValues(v),
      status: "error",
      formError: "We couldn't reach the shop. Please check your internet connection and try again.",
      fieldErrors: {},
    } satisfies ActionData;
  }
}

/** After a failed placement (session expired), keep the page as it is rather than bouncing to sign-in. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const result = actionResult as ActionData | undefined;
  if (result?.sessionExpired) return false;
  // Once the order exists the cart is empty: keep its summary on screen while it is paid for.
  if (result?.orderNumber) return false;
  return defaultShouldRevalidate;
}

const STEPS = ["Shipping", "Payment", "Confirmation"] as const;

function StepIndicator({ current }: { current: 0 | 1 | 2 }) {
  return (
    <ol aria-label="Checkout steps" className="flex flex-wrap items-center gap-2 text-sm sm:gap-4">
      {STEPS.map((label, i) => (
        <li key={label} aria-current={i === current ? "step" : undefined} className="flex items-center gap-2">
          <span
            className={`flex h-7 w-7 items-center justify-center rounded-full text-xs font-bold ${
              i < current ? "bg-green-600 text-white" : i === current ? "bg-pink-600 text-white" : "bg-gray-200 text-gray-700"
            }`}
          >
            {i + 1}
          </span>
          <span className={i === current ? "font-semibold text-gray-900" : "text-gray-600"}>{label}</span>
          {i < STEPS.length - 1 && <span aria-hidden="true" className="mx-1 hidden h-px w-12 bg-gray-300 sm:block" />}
        </li>
      ))}
    </ol>
  );
}

function Summary({ quote, delivery }: { quote: NonNullable<Route.ComponentProps["loaderData"]["quote"]>; delivery?: DeliveryEstimate | undefined }) {
  const t = quote.totals;
  return (
    <aside aria-labelledby="summary-heading" className="h-fit rounded-xl border border-gray-200 bg-gray-50 p-6">
      <h2 id="summary-heading" className="text-lg font-semibold text-gray-900">
        Order Summary
      </h2>
      <ul className="mt-4 space-y-3 text-sm">
        {quote.lines.map((l) => (
          <li key={l.productId}>
            <div className="flex justify-between gap-4">
              <span className="text-gray-700">
                {l.name} <span className="text-gray-600">× {l.quantity}</span>
              </span>
              <Money paise={l.lineTotal} className="shrink-0 font-medium text-gray-900" />
            </div>
            <MrpSaving paise={l.lineTotal} mrpPaise={l.mrpPaise === null ? null : l.mrpPaise * l.quantity} compact className="mt-0.5 text-xs text-gray-600" />
          </li>
        ))}
      </ul>
      <OrderAmounts totals={t} testIds />
      <p className="mt-2 text-sm text-gray-700" data-testid="summary-incl-gst">
        <Money paise={t.total} className="font-semibold text-gray-900" /> in all, GST and shipping included
      </p>
      {t.shipping > 0 && <p className="mt-3 text-xs text-gray-600">{`Free shipping on orders of ${formatMoney(FREE_SHIPPING_FROM_PAISE)} or more.`}</p>}
      {delivery && (
        <section aria-labelledby="summary-delivery" className="mt-4 border-t border-gray-200 pt-4 text-sm">
          <h3 id="summary-delivery" className="font-semibold text-gray-900">
            Delivery
          </h3>
          <div className="mt-2">
            <EstimateAnswer estimate={delivery} withCashOnDelivery={false} />
          </div>
        </section>
      )}
    </aside>
  );
}

function AddressHidden({ values }: { values: AddressValues }) {
  return (
    <>
      {ADDRESS_FIELDS.map((f) => (
        <input key={f} type="hidden" name={f} value={values[f]} />
      ))}
    </>
  );
}

function ShippingStep({ values, result, savedErrors }: { values: AddressValues; result: ActionData | undefined; savedErrors: Partial<Record<AddressField, string>> }) {
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
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? "Saving..." : "Continue to Payment"}
      </Button>
    </Form>
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

// The confirmation's code (its badges, the bank details) reaches the browser only for a placed
// order; placing it asks for the code too (PaymentStep's onSubmit), so it is there by the time the
// order is. The server renders it in place: a browser without JavaScript gets it whole.
const loadConfirmation = () => import("~/components/orders/CheckoutConfirmation");
const Confirmation = import.meta.env.SSR ? (await loadConfirmation()).default : lazy(loadConfirmation);

function PaymentStep({
  result,
  quote,
  idempotencyKey,
  methods,
}: {
  result: ActionData;
  quote: NonNullable<Route.ComponentProps["loaderData"]["quote"]>;
  idempotencyKey: string;
  methods: PaymentMethod[];
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
    void loadConfirmation().catch(() => {}); // with the order on its way; fetched again when shown, if this failed
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

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ActionData | undefined;
  if (loaderData.step === "confirmation" && loaderData.order) {
    return (
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold text-gray-900">Checkout</h1>
        <div className="mt-6">
          <StepIndicator current={2} />
        </div>
        <div className="mt-10">
          <Suspense>
            <Confirmation order={loaderData.order} bank={loaderData.bank} />
          </Suspense>
        </div>
      </div>
    );
  }
  const quote = loaderData.quote!;
  const resume = loaderData.resume;
  // Paying an order placed earlier starts at the payment step, with the last attempt's reason.
  const resumed: ActionData | undefined = resume
    ? {
        step: "payment",
        values: loaderData.defaults!,
        paymentMethod: resume.paymentMethod,
        orderNumber: resume.number,
        ...(resume.codUnavailable ? { codUnavailable: resume.codUnavailable } : {}),
        ...(resume.paymentError
          ? { status: "error", fieldErrors: {}, formError: `Your last payment attempt failed: ${resume.paymentError} Please try again, or choose another payment method.` }
          : { status: "success" }),
      }
    : undefined;
  const current = result ?? resumed;
  const step = current?.step ?? "shipping";
  const values = current?.values ?? loaderData.defaults!;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold text-gray-900">Checkout</h1>
      <div className="mt-6">
        <StepIndicator current={step === "shipping" ? 0 : 1} />
      </div>
      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_360px]">
        <section aria-label={step === "shipping" ? "Shipping" : "Payment"} className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
          {step === "shipping" ? (
            <>
              {result?.status === "error" && result.formError && (
                <div className="mb-5">
                  <FormAlert>{result.formError}</FormAlert>
                </div>
              )}
              <ShippingStep values={values} result={result} savedErrors={loaderData.defaultErrors} />
            </>
          ) : (
            <PaymentStep result={current!} quote={quote} idempotencyKey={loaderData.idempotencyKey} methods={loaderData.methods} />
          )}
        </section>
        <Summary quote={quote} delivery={step === "payment" ? current?.delivery : undefined} />
      </div>
    </div>
  );
}
