import { APIError } from "better-auth";
import { PostgresAdapter, type Kysely, type Transaction } from "kysely";
import type { Env } from "~/config/env.server";
import type { DatabaseKind } from "~/db/db.server";
import type { Database } from "~/db/schema";
import type { BusinessBuyer } from "~/modules/gst/business-buyer";
import { announcePasswordChanged, announceVendorRegistered } from "./mail.server";
import type { Outbox } from "~/modules/jobs/outbox.server";
import { createHmac, timingSafeEqual } from "node:crypto";
import { getSessionCookie, parseCookies } from "better-auth/cookies";
import { COOKIE_PREFIX, createAuth, type ShopAuth } from "./auth.server";
import type { ProfileInput, VendorRegistration } from "./forms";
import { MESSAGES } from "./messages";
import { parseRole, type Role, type SessionUser } from "./roles";
import { clearAccountFailures, recordSignInFailure, signInWaitMinutes, tooManyAttemptsMessage } from "./throttle.server";
import { logger } from "~/lib/logger.server";

export interface Identity {
  auth: ShopAuth;
  db: Kysely<Database>;
  /** Mail about accounts (reset links, password changed, a new seller to approve) starts here. */
  outbox: Outbox;
}

/**
 * The signing secret for sessions: AUTH_SECRET when set, otherwise one generated on first start
 * and kept in the database, so every instance sharing the database agrees on it.
 */
async function authSecret(db: Kysely<Database>, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const generated = Buffer.from(bytes).toString("base64url");
  await db
    .insertInto("app_meta")
    .values({ key: "auth_secret", value: generated })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const row = await db.selectFrom("app_meta").select("value").where("key", "=", "auth_secret").executeTakeFirstOrThrow();
  return row.value;
}

/** Accounts and sessions (Better Auth) on the shop's database, as the environment configures them. */
export async function createIdentity(db: Kysely<Database>, kind: DatabaseKind, env: Env, outbox: Outbox): Promise<Identity> {
  const auth = createAuth({
    db,
    kind,
    secret: await authSecret(db, env.authSecret),
    baseURL: env.baseUrl,
    secureCookies: env.secureCookies,
    outbox,
  });
  return { auth, db, outbox };
}

export type Outcome<T = undefined> =
  | ({ ok: true; headers: Headers } & (T extends undefined ? unknown : { value: T }))
  | { ok: false; message: string; code?: string; field?: string };

function errorCode(e: unknown): string | undefined {
  if (e instanceof APIError) return (e.body as { code?: string } | undefined)?.code;
  return undefined;
}

/** Only the Set-Cookie lines of a Better Auth answer travel on to the browser. */
function cookiesOf(headers: Headers | undefined): Headers {
  const out = new Headers();
  for (const c of headers?.getSetCookie() ?? []) out.append("Set-Cookie", c);
  return out;
}

/** The session user for a request, or null (signed out, expired, or disabled). */
export async function sessionUser(identity: Identity, request: Request): Promise<SessionUser | null> {
  // Most requests carry no session at all (visitors, crawlers): no need to ask Better Auth.
  if (!getSessionCookie(request, { cookiePrefix: COOKIE_PREFIX })) return null;
  const quick = await unchangedSession(identity, request);
  if (quick !== undefined) return quick;
  const result = await identity.auth.api.getSession({ headers: request.headers }).catch(() => null);
  if (!result) return null;
  return toSessionUser(result.user as SessionRow);
}

interface SessionRow {
  id: string;
  email: string;
  name: string;
  role?: string | null;
  banned?: boolean | number | null;
}

function toSessionUser(user: SessionRow): SessionUser | null {
  if (user.banned) return null;
  const role = parseRole(user.role);
  return { id: user.id, email: user.email, name: user.name, role, isAdmin: role === "admin" };
}

interface SessionSettings {
  secret: string;
  tokenCookie: string;
  dontRememberCookie: string;
  expiresInMs: number;
  updateAgeMs: number;
}

const sessionSettings = new WeakMap<ShopAuth, Promise<SessionSettings>>();

function settingsOf(auth: ShopAuth): Promise<SessionSettings> {
  let settings = sessionSettings.get(auth);
  if (!settings) {
    settings = auth.$context.then((c) => ({
      secret: c.secret,
      tokenCookie: c.authCookies.sessionToken.name,
      dontRememberCookie: c.authCookies.dontRememberToken.name,
      expiresInMs: c.sessionConfig.expiresIn * 1000,
      updateAgeMs: c.sessionConfig.updateAge * 1000,
    }));
    sessionSettings.set(auth, settings);
  }
  return settings;
}

/**
 * A cookie's value if its signature is good, as Better Auth's getSignedCookie reads it (better-call:
 * `value.base64(HMAC-SHA256)`), with Node's synchronous HMAC instead of an awaited Web Crypto one.
 */
function signedValue(cookies: Map<string, string>, name: string, secret: string): string | null {
  const raw = cookies.get(name);
  if (!raw) return null;
  const dot = raw.lastIndexOf(".");
  if (dot < 1) return null;
  const value = raw.slice(0, dot);
  const signature = raw.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const expected = createHmac("sha256", secret).update(value).digest();
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

/**
 * The session's user when Better Auth's getSession would only read it: a valid signed token of
 * an unexpired session that is not yet due to be extended. One query, no Web Crypto, none of
 * Better Auth's endpoint machinery (most of a signed-in page's session cost; docs/decisions/021).
 * `undefined` leaves it to getSession: no such session, expired (deleted there), a bad signature,
 * or a session to extend (written there).
 */
async function unchangedSession({ auth, db }: Identity, request: Request): Promise<SessionUser | null | undefined> {
  const settings = await settingsOf(auth);
  const header = request.headers.get("cookie") ?? "";
  // A name sent twice is read differently by Better Auth's two cookie parsers: leave it to getSession.
  for (const name of [settings.tokenCookie, settings.dontRememberCookie]) {
    if (header.indexOf(`${name}=`) !== header.lastIndexOf(`${name}=`)) return undefined;
  }
  const cookies = parseCookies(header);
  const token = signedValue(cookies, settings.tokenCookie, settings.secret);
  if (!token) return undefined;
  const row = await db
    .selectFrom("session")
    .innerJoin("user", "user.id", "session.userId")
    .select(["session.expiresAt", "user.id", "user.email", "user.name", "user.role", "user.banned"])
    .where("session.token", "=", token)
    .executeTakeFirst();
  if (!row) return undefined;
  const expiresAt = new Date(row.expiresAt).getTime();
  const now = Date.now();
  if (!(expiresAt >= now)) return undefined;
  const remembered = signedValue(cookies, settings.dontRememberCookie, settings.secret) === null;
  if (remembered && expiresAt - settings.expiresInMs + settings.updateAgeMs <= now) return undefined;
  return toSessionUser(row);
}

export type SignInDoor = "customer" | "vendor" | "admin";

/**
 * Signs in through one of the three doors. Wrong email and wrong password answer the same;
 * failures are throttled per account and per address; the vendor and admin doors let in only
 * their own (anyone else is signed straight out again, so no door hands one role another's pages).
 */
export async function signIn(
  identity: Identity,
  door: SignInDoor,
  input: { email: string; password: string; rememberMe: boolean },
  request: Request,
  ip: string,
): Promise<Outcome<SessionUser>> {
  const { auth, db } = identity;
  const keys = { ip, email: input.email };
  const wait = await signInWaitMinutes(db, keys);
  if (wait > 0) return { ok: false, message: tooManyAttemptsMessage(wait), code: "rate_limited" };

  const attempt = await auth.api
    .signInEmail({
      body: { email: input.email, password: input.password, rememberMe: input.rememberMe },
      headers: request.headers,
      returnHeaders: true,
    })
    .then(
      (response) => ({ response, error: undefined }),
      (error: unknown) => ({ response: undefined, error }),
    );
  if (!attempt.response) {
    const e = attempt.error;
    const code = errorCode(e);
    if (code === "BANNED_USER") return { ok: false, message: MESSAGES.accountDisabled, code: "disabled" };
    if (code === "INVALID_EMAIL_OR_PASSWORD" || code === "INVALID_EMAIL" || (e instanceof APIError && e.status === "UNAUTHORIZED")) {
      await recordSignInFailure(db, keys);
      return { ok: false, message: MESSAGES.invalidCredentials, code: "invalid_credentials" };
    }
    logger.error({ err: e }, "sign-in failed");
    const message = door === "admin" ? MESSAGES.adminLoginFailed : door === "vendor" ? MESSAGES.invalidCredentials : MESSAGES.loginFailed;
    return { ok: false, message };
  }
  const response = attempt.response;
  await clearAccountFailures(db, input.email);

  const user = response.response.user as { id: string; email: string; name: string; role?: string | null };
  const role = parseRole(user.role);
  const endSession = () => db.deleteFrom("session").where("token", "=", response.response.token).execute();
  if (door === "vendor") {
    const profile = role === "vendor" ? await vendorOf(db, user.id) : undefined;
    if (!profile) {
      await endSession();
      return { ok: false, message: MESSAGES.notVendor, code: "not-a-vendor" };
    }
  }
  if (door === "admin" && role !== "admin") {
    await endSession();
    return { ok: false, message: MESSAGES.notAdmin, code: "auth/not-an-admin" };
  }
  return {
    ok: true,
    headers: cookiesOf(response.headers),
    value: { id: user.id, email: user.email, name: user.name, role, isAdmin: role === "admin" },
  };
}

export async function signOut({ auth }: Identity, request: Request): Promise<Headers> {
  try {
    const r = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
    return cookiesOf(r.headers);
  } catch {
    return new Headers();
  }
}

async function createAccount(identity: Identity, input: { name: string; email: string; password: string }, request: Request) {
  return identity.auth.api.signUpEmail({
    body: { name: input.name, email: input.email, password: input.password },
    headers: request.headers,
    returnHeaders: true,
  });
}

function isEmailTaken(e: unknown): boolean {
  const code = errorCode(e);
  return code === "USER_ALREADY_EXISTS" || code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL";
}

/** A customer account, signed in on success (the register page then goes to /). */
export async function registerCustomer(
  identity: Identity,
  input: { name: string; email: string; password: string },
  request: Request,
): Promise<Outcome> {
  try {
    const r = await createAccount(identity, input, request);
    return { ok: true, headers: cookiesOf(r.headers) };
  } catch (e) {
    if (isEmailTaken(e)) return { ok: false, message: MESSAGES.emailTaken, field: "email" };
    logger.error({ err: e }, "registration failed");
    return { ok: false, message: MESSAGES.registerFailed };
  }
}

/**
 * A vendor account and its business profile, pending approval. Vendor registration is the only
 * way to become a vendor; the role is set here, on the server, never from the form.
 */
export async function registerVendor(identity: Identity, input: VendorRegistration, request: Request): Promise<Outcome> {
  const { db } = identity;
  let userId: string;
  let headers: Headers;
  try {
    const r = await createAccount(identity, input, request);
    userId = r.response.user.id;
    headers = cookiesOf(r.headers);
  } catch (e) {
    if (isEmailTaken(e)) return { ok: false, message: MESSAGES.emailTaken, field: "email" };
    logger.error({ err: e }, "vendor registration failed");
    return { ok: false, message: MESSAGES.vendorRegisterFailed };
  }
  try {
    await db.transaction().execute(async (trx) => {
      const vendorId = `vendor-${crypto.randomUUID()}`;
      await trx.updateTable("user").set({ role: "vendor" }).where("id", "=", userId).execute();
      await trx
        .insertInto("vendors")
        .values({
          id: vendorId,
          name: input.businessName,
          gstin: input.gstin,
          phone: input.phone,
          address: input.address,
          city: null,
          state: null,
          status: "pending",
          owner_user_id: userId,
          created_at: new Date().toISOString(),
        })
        .execute();
      await announceVendorRegistered(trx, identity.outbox, vendorId);
    });
  } catch (e) {
    logger.error({ err: e }, "vendor profile failed; removing the half-made account");
    await db.deleteFrom("user").where("id", "=", userId).execute();
    return { ok: false, message: MESSAGES.vendorRegisterFailed };
  }
  return { ok: true, headers };
}

export interface VendorProfile {
  id: string;
  name: string;
  gstin: string | null;
  phone: string | null;
  address: string | null;
  status: string;
}

export async function vendorOf(db: Kysely<Database>, userId: string): Promise<VendorProfile | undefined> {
  return db
    .selectFrom("vendors")
    .select(["id", "name", "gstin", "phone", "address", "status"])
    .where("owner_user_id", "=", userId)
    .executeTakeFirst();
}

/** Always the same answer, whether or not the email has an account (no enumeration). */
export async function requestPasswordReset({ auth }: Identity, email: string): Promise<void> {
  try {
    await auth.api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" } });
  } catch (e) {
    logger.error({ err: e }, "password reset request failed");
  }
}

export async function resetPassword({ auth }: Identity, token: string, password: string): Promise<Outcome> {
  try {
    await auth.api.resetPassword({ body: { token, newPassword: password } });
    return { ok: true, headers: new Headers() };
  } catch (e) {
    const code = errorCode(e);
    if (code === "INVALID_TOKEN" || (e instanceof APIError && e.status === "BAD_REQUEST")) {
      return { ok: false, message: "This password reset link is invalid or has expired. Please ask for a new one." };
    }
    logger.error({ err: e }, "password reset failed");
    return { ok: false, message: "We couldn't reset your password. Please try again." };
  }
}

/** Changes the password of the signed-in user; every other session of theirs ends. */
export async function changePassword(
  { auth, db, outbox }: Identity,
  request: Request,
  input: { currentPassword: string; newPassword: string },
): Promise<Outcome> {
  try {
    const r = await auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers: request.headers,
      returnHeaders: true,
    });
    await announcePasswordChanged(db, outbox, r.response.user.id);
    return { ok: true, headers: cookiesOf(r.headers) };
  } catch (e) {
    const code = errorCode(e);
    if (code === "INVALID_PASSWORD" || code === "INVALID_EMAIL_OR_PASSWORD") {
      return { ok: false, message: "Your current password is not correct.", field: "currentPassword" };
    }
    logger.error({ err: e }, "password change failed");
    return { ok: false, message: "We couldn't change your password. Please try again." };
  }
}

export interface Profile {
  name: string;
  email: string;
  streetAddress: string;
  city: string;
  stateVal: string;
  zipCode: string;
  /** The business the customer buys for with a GST invoice (kept at checkout or set on the profile), for the next checkout; "" when none. */
  gstin: string;
  businessLegalName: string;
}

export async function loadProfile(db: Kysely<Database>, user: SessionUser): Promise<Profile> {
  const row = await db.selectFrom("customer_profiles").selectAll().where("user_id", "=", user.id).executeTakeFirst();
  return {
    name: user.name,
    email: user.email,
    streetAddress: row?.street_address ?? "",
    city: row?.city ?? "",
    stateVal: row?.state ?? "",
    zipCode: row?.postal_code ?? "",
    gstin: row?.gstin ?? "",
    businessLegalName: row?.business_legal_name ?? "",
  };
}

/**
 * Keeps the GSTIN and legal name a customer buys for, for the next checkout: from checkout, in the
 * transaction of the order; from the profile, where null removes them. Orders keep their own copy.
 */
export async function saveBusinessDetails(trx: Kysely<Database> | Transaction<Database>, userId: string, business: BusinessBuyer | null, now: Date): Promise<void> {
  const values = { gstin: business?.gstin ?? null, business_legal_name: business?.legalName ?? null, updated_at: now.toISOString() };
  await trx
    .insertInto("customer_profiles")
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .execute();
}

/** Saves everything on the profile form in one transaction; the sign-in email follows the email field. */
export async function saveProfile(db: Kysely<Database>, userId: string, input: ProfileInput): Promise<Outcome> {
  const taken = await db.selectFrom("user").select("id").where("email", "=", input.email).where("id", "!=", userId).executeTakeFirst();
  if (taken) return { ok: false, message: MESSAGES.emailTaken, field: "email" };
  const now = new Date();
  try {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("user").set({ name: input.name, email: input.email, updatedAt: dateValue(db, now) }).where("id", "=", userId).execute();
      const values = {
        street_address: input.streetAddress || null,
        city: input.city || null,
        state: input.stateVal || null,
        postal_code: input.zipCode || null,
        updated_at: now.toISOString(),
      };
      await trx
        .insertInto("customer_profiles")
        .values({ user_id: userId, ...values })
        .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
        .execute();
    });
    return { ok: true, headers: new Headers() };
  } catch (e) {
    logger.error({ err: e }, "profile update failed");
    return { ok: false, message: MESSAGES.profileFailed };
  }
}

function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Better Auth's date columns hold Date on PostgreSQL and ISO text on SQLite. */
function dateValue(db: Kysely<Database>, d: Date): string | Date {
  return isPostgres(db) ? d : d.toISOString();
}

/** Disables (or re-enables) an account: a disabled one cannot sign in and loses every session at once. */
export async function setAccountDisabled(db: Kysely<Database>, userId: string, disabled: boolean): Promise<void> {
  const pg = isPostgres(db);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("user")
      .set({ banned: pg ? disabled : disabled ? 1 : 0, banReason: disabled ? "Disabled by an administrator" : null })
      .where("id", "=", userId)
      .execute();
    if (disabled) await trx.deleteFrom("session").where("userId", "=", userId).execute();
  });
}

/** Creates an account with a given role (the admin command and the demo data); the role is never taken from a form. */
export async function createAccountWithRole(
  identity: Identity,
  input: { name: string; email: string; password: string; role: Role },
): Promise<string> {
  const r = await identity.auth.api.signUpEmail({ body: { name: input.name, email: input.email, password: input.password } });
  const id = r.user.id;
  await identity.db.updateTable("user").set({ role: input.role }).where("id", "=", id).execute();
  // signUpEmail signs the new account in; nobody is at a browser here, so that session goes.
  await identity.db.deleteFrom("session").where("userId", "=", id).execute();
  return id;
}
