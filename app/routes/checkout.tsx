import { Suspense, lazy } from "react";
import { data, isRouteErrorResponse, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { StepIndicator, Summary } from "~/components/checkout/CheckoutFrame";
import { PaymentStep } from "~/components/checkout/PaymentStep";
import { ShippingStep } from "~/components/checkout/ShippingStep";
import { FormAlert } from "~/components/ui/FormAlert";
import { dbContext, paymentsContext, secretBoxContext, storeOf, userContext } from "~/context";
import { formValues } from "~/lib/form";
import { readNotNow } from "~/lib/not-now";
import { readFormValues } from "~/lib/form.server";
import { cartCookieHeader, readCartLines } from "~/modules/cart/cart.server";
import { requireUser } from "~/modules/identity/guards.server";
import { CHECKOUT_MESSAGES, addressValues, stepOfIntent, type CheckoutReply } from "~/modules/orders/checkout";
import { checkoutPage, checkoutStep } from "~/modules/orders/checkout.server";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = () => [...pageMeta({ title: "Checkout", description: "Check out securely." }), { name: "robots", content: "noindex" }];

/** The checkout's steps are orders/checkout.server.ts's: this route reads the request, asks it and answers. */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const page = await checkoutPage(args.context.get(dbContext), () => args.context.get(secretBoxContext), user, new URL(args.request.url).searchParams, await readCartLines(args.request));
  if ("redirectTo" in page) throw redirect(page.redirectTo);
  return page;
}

export async function action({ request, context }: Route.ActionArgs) {
  const posted = await readFormValues(request);
  const answer = await checkoutStep({ store: storeOf(context), payments: () => context.get(paymentsContext) }, context.get(userContext), posted, await readCartLines(request));
  const headers: Record<string, string> = answer.emptyCart ? { "Set-Cookie": await cartCookieHeader([]) } : {};
  if ("redirectTo" in answer) throw redirect(answer.redirectTo, { headers });
  return data<CheckoutReply>(answer.reply, { status: answer.status ?? 200, headers });
}

/**
 * The shop may be out of reach: say so and stay on the step, instead of an error page. Too busy,
 * or its database away for a moment, it answers 503 with what to tell the customer (whether the
 * order was placed: server/busy-page.ts); the page stays as it is, idempotency key and all, so
 * pressing the button again is safe.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  // Read before the server action takes the body: the step and the address are kept if the post fails.
  const v = formValues(await request.clone().formData());
  try {
    return await serverAction();
  } catch (e) {
    if (isRouteErrorResponse(e) && e.status === 503) {
      const confirming = v.intent === "confirm";
      return {
        step: confirming ? "payment" : stepOfIntent(v.intent),
        values: addressValues(v),
        ...(v.paymentMethod ? { paymentMethod: v.paymentMethod } : {}),
        ...(confirming && v.orderNumber ? { orderNumber: v.orderNumber } : {}),
        status: "error",
        formError: readNotNow(e.data)?.message ?? (confirming ? CHECKOUT_MESSAGES.paidUnconfirmed : v.intent === "place" ? CHECKOUT_MESSAGES.unconfirmed : CHECKOUT_MESSAGES.busyStep),
        fieldErrors: {},
        tryAgain: true,
      } satisfies CheckoutReply;
    }
    if (e instanceof Response || (typeof e === "object" && e !== null && "status" in e)) throw e;
    return {
      step: stepOfIntent(v.intent),
      values: addressValues(v),
      status: "error",
      formError: CHECKOUT_MESSAGES.unreachable,
      fieldErrors: {},
    } satisfies CheckoutReply;
  }
}

/** After a failed placement (session expired), keep the page as it is rather than bouncing to sign-in. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const result = actionResult as CheckoutReply | undefined;
  if (result?.sessionExpired) return false;
  // Turned away (busy, or the database away): asking the loader now would be turned away too, and
  // would give the page a new idempotency key.
  if (result?.tryAgain) return false;
  // Once the order exists the cart is empty: keep its summary on screen while it is paid for.
  if (result?.orderNumber) return false;
  return defaultShouldRevalidate;
}

// The confirmation's code (its badges, the bank details) reaches the browser only for a placed
// order; placing it asks for the code too (PaymentStep's onSubmit), so it is there by the time the
// order is. The server renders it in place: a browser without JavaScript gets it whole.
const loadConfirmation = () => import("~/components/orders/CheckoutConfirmation");
const Confirmation = import.meta.env.SSR ? (await loadConfirmation()).default : lazy(loadConfirmation);

/** Asked for with the order on its way; fetched again when shown, if this failed. */
function prefetchConfirmation(): void {
  void loadConfirmation().catch(() => {});
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as CheckoutReply | undefined;
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
  const resumed: CheckoutReply | undefined = resume
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
            <PaymentStep result={current!} quote={quote} idempotencyKey={loaderData.idempotencyKey} methods={loaderData.methods} prefetchConfirmation={prefetchConfirmation} />
          )}
        </section>
        <Summary quote={quote} delivery={step === "payment" ? current?.delivery : undefined} />
      </div>
    </div>
  );
}
