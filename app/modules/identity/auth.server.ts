import { betterAuth } from "better-auth";
import { admin } from "better-auth/plugins";
import { adminAc, userAc } from "better-auth/plugins/admin/access";
import type { Kysely } from "kysely";
import type { DatabaseKind } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { announcePasswordChanged, announcePasswordReset } from "./mail.server";
import type { Outbox } from "~/modules/jobs/outbox.server";
import { BRAND } from "~/config/brand";
import { RESET_LINK_MINUTES } from "./reset";

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
/** Remember me keeps a session 30 days; without it the cookie ends with the browser (and the session within a day). */
export const SESSION_DAYS = 30;
export { RESET_LINK_MINUTES } from "./reset";

export interface AuthConfig {
  db: Kysely<Database>;
  kind: DatabaseKind;
  secret: string;
  baseURL: string;
  secureCookies: boolean;
  outbox: Outbox;
}

/** Better Auth's cookies are named rc.session_token and so on. */
export const COOKIE_PREFIX = "rc";

/**
 * Better Auth on the shop's own database. It is only ever called from route actions and loaders
 * on the server (auth.api.*); no auth HTTP endpoints are mounted, so every form keeps the shop's
 * own validation, messages and throttling.
 */
export function createAuth({ db, kind, secret, baseURL, secureCookies, outbox }: AuthConfig) {
  return betterAuth({
    appName: BRAND.name,
    baseURL,
    secret,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Better Auth types its Kysely loosely
    database: { db: db as Kysely<any>, type: kind },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      // Queued like every mail (retried, shown to the admin); the link is built on BASE_URL.
      async sendResetPassword({ user, token }) {
        await announcePasswordReset(db, outbox, user, token);
      },
      async onPasswordReset({ user }) {
        await announcePasswordChanged(db, outbox, user.id);
      },
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
    },
    user: { changeEmail: { enabled: false } },
    // Throttling of sign-in is the shop's own (per IP and per account, see throttle.server.ts).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: secureCookies,
      database: { generateId: () => crypto.randomUUID() },
    },
    plugins: [
      admin({
        defaultRole: "customer",
        adminRoles: ["admin"],
        roles: { admin: adminAc, customer: userAc, vendor: userAc },
        bannedUserMessage: "This account has been disabled. Please contact support.",
      }),
    ],
    logger: { level: "error" },
  });
}

export type ShopAuth = ReturnType<typeof createAuth>;
