import { betterAuth } from "better-auth";
import { admin } from "better-auth/plugins";
import { adminAc, userAc } from "better-auth/plugins/admin/access";
import type { Kysely } from "kysely";
import type { DatabaseKind } from "~/db/db.server";
import type { Database } from "~/db/schema";
import type { Mailer } from "~/modules/mail/mailer.server";
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
  mailer: Mailer;
}

/**
 * Better Auth on the shop's own database. It is only ever called from route actions and loaders
 * on the server (auth.api.*); no auth HTTP endpoints are mounted, so every form keeps the shop's
 * own validation, messages and throttling.
 */
export function createAuth({ db, kind, secret, baseURL, secureCookies, mailer }: AuthConfig) {
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
      async sendResetPassword({ user, token }) {
        const link = `${baseURL}/reset-password?token=${encodeURIComponent(token)}`;
        await mailer.send({
          to: user.email,
          subject: `Reset your ${BRAND.name} password`,
          text: [
            `Hello ${user.name},`,
            "",
            `Someone asked to reset the password of your ${BRAND.name} account. To choose a new password, open this link within ${RESET_LINK_MINUTES} minutes:`,
            "",
            link,
            "",
            "If it wasn't you, ignore this email: your password stays as it is.",
          ].join("\n"),
        });
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
      cookiePrefix: "rc",
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
