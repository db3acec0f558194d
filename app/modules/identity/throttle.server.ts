import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";

/** Failed sign-ins allowed in a window before that account or address must wait. */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_IP = 20;

export interface ThrottleKeys {
  ip: string;
  email: string;
}

function keysOf({ ip, email }: ThrottleKeys) {
  return [
    { key: `email:${email.trim().toLowerCase()}`, max: MAX_FAILURES_PER_ACCOUNT },
    { key: `ip:${ip}`, max: MAX_FAILURES_PER_IP },
  ];
}

/** Minutes to wait before another attempt, or 0 when one may be made now. */
export async function signInWaitMinutes(db: Kysely<Database>, keys: ThrottleKeys, now = Date.now()): Promise<number> {
  const limits = keysOf(keys);
  const rows = await db
    .selectFrom("sign_in_attempts")
    .selectAll()
    .where(
      "key",
      "in",
      limits.map((l) => l.key),
    )
    .execute();
  let waitMs = 0;
  for (const row of rows) {
    const max = limits.find((l) => l.key === row.key)!.max;
    const ends = Number(row.window_start) + THROTTLE_WINDOW_MS;
    if (Number(row.failures) >= max && ends > now) waitMs = Math.max(waitMs, ends - now);
  }
  return waitMs === 0 ? 0 : Math.max(1, Math.ceil(waitMs / 60_000));
}

export async function recordSignInFailure(db: Kysely<Database>, keys: ThrottleKeys, now = Date.now()): Promise<void> {
  const expired = now - THROTTLE_WINDOW_MS;
  for (const { key } of keysOf(keys)) {
    await db
      .insertInto("sign_in_attempts")
      .values({ key, window_start: now, failures: 1 })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet((eb) => ({
          failures: eb.case().when("sign_in_attempts.window_start", "<", expired).then(1).else(eb("sign_in_attempts.failures", "+", 1)).end(),
          window_start: eb.case().when("sign_in_attempts.window_start", "<", expired).then(now).else(eb.ref("sign_in_attempts.window_start")).end(),
        })),
      )
      .execute();
  }
}

/** A successful sign-in forgives the account's failures (not the address's). */
export async function clearAccountFailures(db: Kysely<Database>, email: string): Promise<void> {
  await db.deleteFrom("sign_in_attempts").where("key", "=", `email:${email.trim().toLowerCase()}`).execute();
}

export function tooManyAttemptsMessage(minutes: number): string {
  return `Too many attempts, try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}
