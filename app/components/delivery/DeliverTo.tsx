import { useEffect, useId, useRef, type FormEvent } from "react";
import { useFetcher, useNavigate } from "react-router";
import { Form } from "~/lib/route-links";
import { isPinFormat } from "~/modules/addresses/pin-codes";
import { CASH_ON_DELIVERY_AVAILABLE, GENERAL_DELIVERY_TEXT, type DeliveryEstimate } from "~/modules/delivery/estimate";

/** Where the browser remembers the visitor's PIN code: never a cookie, which would make every page private (decision 024). */
export const DELIVER_TO_STORAGE_KEY = "deliverTo";

function rememberedPin(): string | null {
  try {
    const pin = window.localStorage.getItem(DELIVER_TO_STORAGE_KEY);
    return pin && isPinFormat(pin) ? pin : null;
  } catch {
    return null; // storage disabled: the box simply starts empty
  }
}

function rememberPin(pin: string): void {
  try {
    window.localStorage.setItem(DELIVER_TO_STORAGE_KEY, pin);
  } catch {
    // storage disabled: nothing to keep
  }
}

const estimateUrl = (productId: string, pin: string) => `/delivery/estimate?product=${encodeURIComponent(productId)}&pin=${encodeURIComponent(pin)}`;

/**
 * The "Deliver to" box. Without JavaScript it is a GET form: the page comes back with `?pin=` and
 * the server's answer in it. With JavaScript the PIN is remembered in this browser, so the next
 * page asks about it at once. On a product page (`productId`) the answer comes from
 * GET /delivery/estimate, so the page itself stays the same for every visitor and shareable; on
 * the cart, a private page, the page is simply asked again at its `?pin=` address.
 */
export function DeliverTo({ productId, estimate, className = "mt-6" }: { productId?: string; estimate: DeliveryEstimate | null; className?: string }) {
  const fetcher = useFetcher<DeliveryEstimate>();
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const { load } = fetcher;

  // The server's answer (a `?pin=` address) is remembered; otherwise a remembered PIN is asked about.
  useEffect(() => {
    if (estimate) {
      if (!estimate.problem) rememberPin(estimate.pin);
      return;
    }
    const pin = rememberedPin();
    if (!pin) return;
    if (inputRef.current) inputRef.current.value = pin;
    if (productId) void load(estimateUrl(productId, pin));
    else void navigate(`?pin=${pin}`, { replace: true, preventScrollReset: true });
  }, [productId, estimate, load, navigate]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!productId) return; // the form's own GET
    event.preventDefault();
    const pin = (inputRef.current?.value ?? "").trim();
    void load(estimateUrl(productId, pin));
  };
  const shown = fetcher.data && "pin" in fetcher.data ? fetcher.data : estimate;
  useEffect(() => {
    if (fetcher.data && "pin" in fetcher.data && !fetcher.data.problem) rememberPin(fetcher.data.pin);
  }, [fetcher.data]);

  return (
    <section aria-labelledby={`${id}-heading`} className={`${className} rounded-xl border border-gray-200 bg-white p-4`}>
      <h2 id={`${id}-heading`} className="sr-only">
        Delivery
      </h2>
      <Form method="get" preventScrollReset replace onSubmit={onSubmit} className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-pin`} className="block text-sm font-medium text-gray-700">
            Deliver to
          </label>
          <input
            ref={inputRef}
            id={`${id}-pin`}
            name="pin"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            placeholder="PIN code"
            defaultValue={estimate?.pin ?? ""}
            aria-describedby={`${id}-answer`}
            className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-pink-600 focus:outline-none focus:ring-1 focus:ring-pink-600"
          />
        </div>
        <button type="submit" className="rounded-lg border border-pink-700 px-4 py-2 text-sm font-semibold text-pink-700 hover:bg-pink-50">
          {fetcher.state === "loading" ? "Checking…" : "Check"}
        </button>
      </Form>
      <div id={`${id}-answer`} role="status" aria-live="polite" className="mt-3 text-sm empty:hidden">
        {shown && <EstimateAnswer estimate={shown} />}
      </div>
    </section>
  );
}

/** The answer in words: where, when from each seller, and cash on delivery. Also checkout's payment step's. */
export function EstimateAnswer({ estimate, withCashOnDelivery = true }: { estimate: DeliveryEstimate; withCashOnDelivery?: boolean }) {
  if (estimate.problem) return <p className="font-medium text-red-700">{estimate.problem}</p>;
  const cod = withCashOnDelivery ? estimate.cashOnDelivery : null;
  const several = estimate.sellers.length > 1;
  return (
    <div className="space-y-1">
      <p className="text-gray-600">{`Delivering to ${estimate.place} ${estimate.pin}`}</p>
      {several ? (
        <ul className="space-y-1">
          {estimate.sellers.map((s) => (
            <li key={s.vendorId}>
              <span className="text-gray-600">{`From ${s.vendorName}: `}</span>
              <span className="font-semibold text-gray-900">{s.arrives ?? GENERAL_DELIVERY_TEXT}</span>
            </li>
          ))}
        </ul>
      ) : (
        <>
          <p className="font-semibold text-gray-900">{estimate.sellers[0]?.arrives ?? GENERAL_DELIVERY_TEXT}</p>
          {estimate.sellers[0]?.orderWithin && <p className="text-gray-700">{estimate.sellers[0].orderWithin}</p>}
        </>
      )}
      {cod && <p className={cod.available ? "text-green-700" : "font-medium text-amber-800"}>{cod.available ? CASH_ON_DELIVERY_AVAILABLE : cod.reason}</p>}
    </div>
  );
}
