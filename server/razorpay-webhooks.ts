import express, { type RequestHandler } from "express";
import type { Store } from "~/modules/jobs/outbox.server";
import type { Payments } from "~/modules/payments/gateway.server";
import { applyPayment } from "~/modules/orders/online-payments.server";
import { receiveWebhook } from "~/modules/payments/online.server";
import { transferEventArrived } from "~/modules/settlements/route-payouts.server";

/** Razorpay's bodies are a few kilobytes; this is far above any. */
const WEBHOOK_LIMIT = "256kb";

/**
 * POST /webhooks/razorpay: the body is kept exactly as sent (its signature is over those bytes),
 * checked and applied at once, and answered in plain text.
 */
export function razorpayWebhooks(store: Store, payments: Payments): RequestHandler[] {
  return [
    express.raw({ type: () => true, limit: WEBHOOK_LIMIT }),
    async (req, res, next) => {
      try {
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const answer = await receiveWebhook(store, payments, body, { signature: req.get("x-razorpay-signature"), eventId: req.get("x-razorpay-event-id") }, new Date(), {
          payment: async (trx, orderId, payment, now) => {
            await applyPayment(trx, store.outbox, orderId, payment, now);
          },
          // A Route transfer's event wakes its payout's job, which reads the transfer from Razorpay.
          transfer: (trx, transfer) => transferEventArrived(trx, store.outbox, transfer),
        });
        res.status(answer.status).type("text/plain").send(answer.message);
      } catch (e) {
        next(e);
      }
    },
  ];
}
