import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";

/**
 * Background work, named. Each name has its own retry policy (below); a later issue adds its jobs
 * here (payment reconciliation, delivery-date updates) and gets the same guarantees.
 */
export const JOB_NAMES = ["mail.send", "payment.reconcile", "payment.refund", "ledger.settle", "payout.transfer", "product.changed", "review.remind"] as const;
export type JobName = (typeof JOB_NAMES)[number];

export interface JobPayloads {
  "mail.send": { mailId: string };
  /** An online payment still unsettled 30 minutes after the order: ask Razorpay, then pay or cancel. */
  "payment.reconcile": { orderId: string };
  /** Ask Razorpay for a refund (the refunds row; its id is the idempotency key). */
  "payment.refund": { refundId: string };
  /** Post what changed in an order's sellers' ledger: a delivery, a refund, a status put right (settlements/ledger.server.ts). */
  "ledger.settle": { orderId: string };
  /** Bring a Route payout forward: make its transfer, or read how it ended (settlements/route-payouts.server.ts). */
  "payout.transfer": { payoutId: string };
  /**
   * A product's price or stock changed where it is edited (catalog/products.server.ts): tell its
   * wishlists' subscribers (wishlist/alerts.server.ts). `changedAt` names the change, so a retry
   * mails no one twice.
   */
  "product.changed": { productId: string; oldPricePaise: number; newPricePaise: number; oldStock: number; newStock: number; changedAt: string };
  /** A few days after an order part is delivered, ask its customer to review what they bought (reviews/reminders.server.ts). */
  "review.remind": { orderId: string; vendorId: string };
}

/** Days after an order part is delivered before its customer is asked to review it. */
export const REVIEW_REMINDER_DAYS = 3;

export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  /** The wait before the second try; each later wait doubles, up to `maxDelaySeconds`. */
  delaySeconds: number;
  maxDelaySeconds: number;
  /** How long a worker may hold a job before it is presumed dead and the job is handed out again. */
  leaseSeconds: number;
}

export const RETRY_POLICIES: Record<JobName, RetryPolicy> = {
  // About 31 minutes of tries (30 s, 1, 2, 4, 8, 16 min) before a mail is shown to the admin as failed.
  "mail.send": { attempts: 7, delaySeconds: 30, maxDelaySeconds: 3600, leaseSeconds: 120 },
  // While Razorpay cannot be reached: a minute, then doubling to an hour, for about a day.
  "payment.reconcile": { attempts: 30, delaySeconds: 60, maxDelaySeconds: 3600, leaseSeconds: 120 },
  "payment.refund": { attempts: 30, delaySeconds: 60, maxDelaySeconds: 3600, leaseSeconds: 120 },
  // Only the database is involved: a failure is a bug or an outage, tried again for about a day.
  "ledger.settle": { attempts: 30, delaySeconds: 10, maxDelaySeconds: 3600, leaseSeconds: 60 },
  // While Razorpay cannot be reached, as a refund: a minute, then doubling to an hour, for about a day.
  "payout.transfer": { attempts: 30, delaySeconds: 60, maxDelaySeconds: 3600, leaseSeconds: 120 },
  // Only the database is involved, as the ledger; a product with many subscribers takes a few batches.
  "product.changed": { attempts: 30, delaySeconds: 10, maxDelaySeconds: 3600, leaseSeconds: 300 },
  // Only the database is involved, and the reminder is asked once (order_parts.review_reminded_at).
  "review.remind": { attempts: 10, delaySeconds: 60, maxDelaySeconds: 3600, leaseSeconds: 60 },
};

/** The wait before try `attempt + 1`, after try `attempt` failed (1-based). */
export function retryDelaySeconds(policy: RetryPolicy, attempt: number): number {
  return Math.min(policy.maxDelaySeconds, policy.delaySeconds * 2 ** Math.max(0, attempt - 1));
}

export interface Job<N extends JobName = JobName> {
  id: string;
  name: N;
  data: JobPayloads[N];
  /** 1 for the first try. A job handed out again after its worker died counts one more. */
  attempt: number;
  /** Whether a failure now is final (no try is left). */
  lastAttempt: boolean;
}

export type JobHandler<N extends JobName = JobName> = (job: Job<N>) => Promise<void>;
/** A handler for every job the shop knows: a job name without one does not compile (jobHandlers, server/shop.ts). */
export type JobHandlers = { [N in JobName]: JobHandler<N> };

export interface AddOptions {
  /** Not before this many seconds from now. */
  afterSeconds?: number;
}

/**
 * One interface over the two queues: pg-boss on PostgreSQL, a table worked in-process on the
 * embedded SQLite (docs/decisions/013). A job is added inside the caller's transaction, so it
 * exists exactly when the event it belongs to does.
 */
export interface JobQueue {
  readonly kind: "pg-boss" | "table";
  add<N extends JobName>(trx: Kysely<Database>, name: N, data: JobPayloads[N], options?: AddOptions): Promise<void>;
  /** Starts working, on this process until `stop`, the jobs it is handed handlers for: the shop hands every one, a test a few. */
  work(handlers: Partial<JobHandlers>, options?: { concurrency?: number }): Promise<void>;
  /** Stops taking jobs, waits for the ones in hand (up to a few seconds) and lets go. */
  stop(): Promise<void>;
}
