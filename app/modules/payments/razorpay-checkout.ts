/**
 * The browser's half of a card or UPI payment: Razorpay's Custom Checkout script (or the sandbox's
 * copy of it, in the demo) is loaded when the customer first pays, and given the card or UPI
 * details the customer typed into the shop's own fields. They go from this page to Razorpay only.
 */
import { GATEWAY_UNREACHABLE } from "./methods";

export interface PaymentDetails {
  card?: { name: string; number: string; expiry: string; cvv: string };
  vpa?: string;
}

/** What the browser needs to pay a shop order through Razorpay's checkout script; nothing secret. */
export interface PayRequest {
  /** The shop's order number (RC-…). */
  number: string;
  razorpayOrderId: string;
  amount: number;
  currency: "INR";
  keyId: string;
  script: string;
  prefill: { name: string; email: string; contact: string };
}

export type PaymentOutcome =
  | { ok: true; paymentId: string; orderId: string; signature: string }
  | { ok: false; message: string };

interface RazorpayInstance {
  on(event: "payment.success" | "payment.error", handler: (response: Record<string, unknown>) => void): void;
  createPayment(data: Record<string, unknown>): void;
}
type RazorpayConstructor = new (options: { key: string }) => RazorpayInstance;

const scripts = new Map<string, Promise<RazorpayConstructor>>();

function loadScript(src: string): Promise<RazorpayConstructor> {
  let loading = scripts.get(src);
  if (!loading) {
    loading = new Promise<RazorpayConstructor>((resolve, reject) => {
      const el = document.createElement("script");
      el.src = src;
      el.async = true;
      el.onload = () => {
        const ctor = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
        if (ctor) resolve(ctor);
        else reject(new Error("no Razorpay"));
      };
      el.onerror = () => reject(new Error("script failed"));
      document.head.appendChild(el);
    });
    // A failed load may be tried again on the next attempt.
    loading.catch(() => scripts.delete(src));
    scripts.set(src, loading);
  }
  return loading;
}


/** Pays one Razorpay order with the details typed; settles with Razorpay's answer. */
export async function payWithRazorpay(order: PayRequest, details: PaymentDetails): Promise<PaymentOutcome> {
  let Razorpay: RazorpayConstructor;
  try {
    Razorpay = await loadScript(order.script);
  } catch {
    return { ok: false, message: GATEWAY_UNREACHABLE };
  }
  return new Promise<PaymentOutcome>((resolve) => {
    const rzp = new Razorpay({ key: order.keyId });
    rzp.on("payment.success", (r) =>
      resolve({ ok: true, paymentId: String(r.razorpay_payment_id ?? ""), orderId: String(r.razorpay_order_id ?? ""), signature: String(r.razorpay_signature ?? "") }),
    );
    rzp.on("payment.error", (r) => {
      const error = (r.error ?? {}) as { description?: unknown };
      resolve({ ok: false, message: typeof error.description === "string" && error.description ? error.description : "The payment did not go through." });
    });
    const common = {
      amount: order.amount,
      currency: order.currency,
      order_id: order.razorpayOrderId,
      email: order.prefill.email,
      contact: order.prefill.contact,
    };
    if (details.card) {
      const [month = "", year = ""] = details.card.expiry.split("/").map((s) => s.trim());
      rzp.createPayment({
        ...common,
        method: "card",
        "card[name]": details.card.name,
        "card[number]": details.card.number.replace(/[\s-]/g, ""),
        "card[expiry_month]": month,
        "card[expiry_year]": year,
        "card[cvv]": details.card.cvv,
      });
    } else {
      rzp.createPayment({ ...common, method: "upi", vpa: details.vpa ?? "" });
    }
  });
}
