import { spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import path from "node:path";
import type { Kysely } from "kysely";
import { openDatabase } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { cartCookieHeader } from "~/modules/cart/cart.server";
import { COOKIE_PREFIX, createAuth } from "~/modules/identity/auth.server";
import type { Outbox } from "~/modules/jobs/outbox.server";
import { postgresBinDir } from "../../scripts/private-postgres.mjs";

/**
 * What the sale-day browser test (tests/e2e/sale-day.spec.ts) needs beyond the shop's instances:
 * many signed-in customers with a cart at once, made as the shop makes them, and PostgreSQL
 * restarted without holding up the test's own requests.
 */

/** A customer as a browser would carry them: the cookies of a signed-in session and a cart. */
export interface Shopper {
  email: string;
  cookie: string;
}

/**
 * `count` customers, each signed in (a session of Better Auth's own making, its cookie signed as
 * Better Auth signs it: app/modules/identity/accounts.server.ts reads it so) with one of
 * `productId` in the cart cookie. Signing in through /login would hash a password per customer
 * and meet the sign-in throttle; the session is what the shop checks on every request.
 */
export async function shoppersWithCarts({ databaseUrl, authSecret, baseUrl, count, productId, prefix }: { databaseUrl: string; authSecret: string; baseUrl: string; count: number; productId: string; prefix: string }): Promise<Shopper[]> {
  const database = openDatabase({ databaseUrl });
  try {
    const auth = createAuth({ db: database.db, kind: "postgres", secret: authSecret, baseURL: baseUrl, secureCookies: false, outbox: {} as Outbox });
    const context = await auth.$context;
    const cart = (await cartCookieHeader([{ productId, quantity: 1 }])).split(";")[0]!;
    const shoppers: Shopper[] = [];
    for (let i = 0; i < count; i++) {
      const email = `${prefix}-${i}@example.in`;
      const user = await context.internalAdapter.createUser({ email, name: `Sale Shopper ${i}`, emailVerified: false }, { method: "email-password" });
      const session = await context.internalAdapter.createSession(user.id, false);
      const signature = createHmac("sha256", authSecret).update(session.token).digest("base64");
      shoppers.push({ email, cookie: `${COOKIE_PREFIX}.session_token=${encodeURIComponent(`${session.token}.${signature}`)}; ${cart}` });
    }
    return shoppers;
  } finally {
    await database.close();
  }
}

/** The shop's database as the test reads it. */
export async function withDatabase<T>(databaseUrl: string, fn: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const database = openDatabase({ databaseUrl });
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

/**
 * `pg_ctl restart -m fast` on a cluster of scripts/private-postgres.mjs, in a child process: its
 * own restart() waits synchronously, which would hold the test's requests meanwhile. Resolves
 * when the server is back (pg_ctl -w).
 */
export function restartInBackground(cluster: { dir: string }): Promise<void> {
  const pgCtl = path.join(postgresBinDir(), "pg_ctl");
  const args = ["restart", "-D", path.join(cluster.dir, "data"), "-m", "fast", "-w", "-t", "60", "-l", path.join(cluster.dir, "server.log")];
  const [file, argv] = process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", pgCtl, ...args]] : [pgCtl, args];
  return new Promise((resolve, reject) => {
    const child = spawn(file, argv, { stdio: "ignore" });
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`pg_ctl restart exited with ${code}`))));
  });
}
