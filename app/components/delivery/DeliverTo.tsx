import { useEffect, useId, useRef, type FormEvent } from "react";
import { Form, useFetcher } from "react-router";
import { CASH_ON_DELIVERY_AVAILABLE, GENERAL_DELIVERY_TEXT, type DeliveryEstimate } from "~/modules/delivery/estimate";

/** Where the browser remembers the visitor's PIN code: never a cookie, which would make every page private (decision 024). */
export const DELIVER_TO_STORAGE_KEY = "deliverTo";

function rememberedPin(): string | null {
  try {
    const pin = window.localStorage.getItem(DELIVER_TO_STORAGE_KEY);
    return pin && /^[1-9][0-9]{5}$/.test(pin) ? pin : null;
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
 * The product page's "Deliver to" box. Without JavaScript it is a GET form: the page comes back
 * with `?pin=` and the server's answer in it. With JavaScript the answer comes from
 * GET /delivery/estimate and the PIN is remembered in this browser, so the next product page asks
 * about it at once; the page itself stays the same for every visitor and shareable.
 */
export function DeliverTo({ productId, estimate }: { productId: string; estimate: DeliveryEstimate | null }) {
  const fetcher = useFetcher<DeliveryEstimate>();
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
    void load(estimateUrl(productId, pin));
  }, [productId, estimate, load]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const pin = (inputRef.current?.value ?? "").trim();
    void load(estimateUrl(productId, pin));
  };
  const shown = fetcher.data && "pin" in fetcher.data ? fetcher.data : estimate;
  useEffect(() => {
    if (fetcher.data && "pin" in fetcher.data && !fetcher.data.problem) rememberPin(fetcher.data.pin);
  }, [fetcher.data]);

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-6 rounded-xl border border-gray-200 bg-white p-4">
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

function EstimateAnswer({ estimate }: { estimate: DeliveryEstimate }) {
  if (estimate.problem) return <p className="font-medium text-red-700">{estimate.problem}</p>;
  const seller = estimate.sellers[0];
  const cod = estimate.cashOnDelivery;
  return (
    <div className="space-y-1">
      <p className="text-gray-600">{`Delivering to ${estimate.place} ${estimate.pin}`}</p>
      <p className="font-semibold text-gray-900">{seller?.arrives ?? GENERAL_DELIVERY_TEXT}</p>
      {seller?.orderWithin && <p className="text-gray-700">{seller.orderWithin}</p>}
      {cod && <p className={cod.available ? "text-green-700" : "font-medium text-amber-800"}>{cod.available ? CASH_ON_DELIVERY_AVAILABLE : cod.reason}</p>}
    </div>
  );
}
