/**
 * The sandbox's razorpay.js: the part of Razorpay Custom Checkout the shop uses (`new Razorpay`,
 * `on`/`once`/`off`, `createPayment`), posting to the sandbox that served it. A plain string of
 * ES2020 so Vite's server build, Vitest and tsx all load it alike; sandbox.test.ts runs it.
 */
export const CHECKOUT_SCRIPT = `(() => {
  "use strict";
  // Read now: document.currentScript is null once this script has finished running.
  const source = document.currentScript && document.currentScript.src;
  const origin = source ? new URL(source).origin : window.location.origin;
  const READY = { methods: { card: true, upi: true } };

  function networkError(orderId) {
    return {
      error: {
        code: "NETWORK_ERROR",
        description: "We could not reach the payment gateway. Please check your connection and try again.",
        source: "customer",
        step: "payment_initiation",
        reason: "network_error",
        metadata: { order_id: typeof orderId === "string" ? orderId : "" },
      },
    };
  }

  class Razorpay {
    constructor(options) {
      if (!options || typeof options.key !== "string" || options.key === "") {
        throw new Error("Razorpay: the key option is required");
      }
      this.key = options.key;
      this.listeners = {};
      this.ready = false;
      setTimeout(() => {
        this.ready = true;
        this.emit("ready", READY);
      }, 0);
    }

    on(event, handler) {
      return this.listen(event, handler, false);
    }

    once(event, handler) {
      return this.listen(event, handler, true);
    }

    off(event, handler) {
      const list = this.listeners[event] || [];
      this.listeners[event] = handler ? list.filter((l) => l.handler !== handler) : [];
      return this;
    }

    listen(event, handler, once) {
      if (typeof handler !== "function") return this;
      // A listener added after "ready" has fired still hears it, as it would have a moment earlier.
      if (event === "ready" && this.ready) {
        setTimeout(() => handler(READY), 0);
        return this;
      }
      (this.listeners[event] = this.listeners[event] || []).push({ handler, once });
      return this;
    }

    emit(event, data) {
      const list = this.listeners[event] || [];
      this.listeners[event] = list.filter((l) => !l.once);
      for (const l of list) l.handler(data);
    }

    createPayment(data) {
      const d = data || {};
      const body = {
        key_id: this.key,
        order_id: d.order_id,
        amount: Number(d.amount),
        currency: d.currency,
        method: d.method,
        email: d.email,
        contact: d.contact,
      };
      if (d.method === "card") {
        const nested = d.card || {};
        const field = (name) => String(d["card[" + name + "]"] ?? nested[name] ?? "");
        body.card = {
          number: field("number"),
          name: field("name"),
          expiry_month: field("expiry_month"),
          expiry_year: field("expiry_year"),
          cvv: field("cvv"),
        };
      } else if (d.method === "upi") {
        body.vpa = d.vpa ?? (d.upi && d.upi.vpa);
      }
      fetch(origin + "/v1/checkout/payments", {
        method: "POST",
        mode: "cors",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      })
        .then((res) => res.json())
        // Two-argument then: an error thrown by the shop's own handler is not a network error.
        .then(
          (result) => {
            if (result && result.razorpay_payment_id) this.emit("payment.success", result);
            else this.emit("payment.error", result && result.error ? result : networkError(d.order_id));
          },
          () => this.emit("payment.error", networkError(d.order_id)),
        );
    }
  }

  window.Razorpay = Razorpay;
})();
`;
