import type { RetryPolicy } from "~/modules/jobs/jobs";

/** A short lease, so a job whose worker was killed is handed out again within seconds. */
export const CRASH_POLICY: RetryPolicy = { attempts: 3, delaySeconds: 0, maxDelaySeconds: 0, leaseSeconds: 2 };
