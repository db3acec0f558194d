import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/config/env.server";
import { seedDemoCatalog } from "~/seed/seed.server";
import {
  changePassword,
  createAccountWithRole,
  createIdentity,
  registerCustomer,
  registerVendor,
  requestPasswordReset,
  resetPassword,
  saveProfile,
  sessionUser,
  setAccountDisabled,
  signIn,
  signOut,
  vendorOf,
  type Identity,
} from "~/modules/identity/accounts.server";
import { parseVendorRegistration } from "~/modules/identity/forms";
import { MAX_FAILURES_PER_ACCOUNT } from "~/modules/identity/throttle.server";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

const ORIGIN = "http://localhost:3000";

function request(cookies = "", path = "/"): Request {
  return new Request(ORIGIN + path, { headers: { cookie: cookies, origin: ORIGIN } });
}

/** The cookie header a browser would send back after these Set-Cookie lines. */
function cookieHeader(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

describe.each(testDatabaseKinds)("accounts and sessions on %s", (kind) => {
  let t: TestDatabase;
  let identity: Identity;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rc-identity-"));
    identity = await createIdentity(t.db, kind, parseEnv({ DATA_DIR: dataDir, NODE_ENV: "test" }), t.outbox);
  });
  afterAll(async () => t?.destroy());

  const mailTo = (...addresses: string[]) =>
    t.db.selectFrom("mail").selectAll().where("to_address", "in", addresses).orderBy("created_at").execute();

  const login = (email: string, password: string, door: "customer" | "vendor" | "admin" = "customer", ip = "10.0.0.1") =>
    signIn(identity, door, { email, password, rememberMe: true }, request(), ip);

  it("stores passwords hashed with a memory-hard function, never in the clear", async () => {
    const r = await registerCustomer(identity, { name: "Anil", email: "anil@example.in", password: "secret-pass" }, request());
    expect(r.ok).toBe(true);
    const account = await t.db
      .selectFrom("account" as never)
      .select(["password" as never])
      .where("providerId" as never, "=", "credential" as never)
      .executeTakeFirstOrThrow();
    const hash = (account as { password: string }).password;
    expect(hash).not.toContain("secret-pass");
    expect(hash).toMatch(/^[0-9a-f]+:[0-9a-f]+$/); // scrypt salt:key
  });

  it("refuses an email already in use, with a clear message", async () => {
    const r = await registerCustomer(identity, { name: "Anil 2", email: "anil@example.in", password: "another-pass" }, request());
    expect(r).toMatchObject({ ok: false, field: "email", message: "An account with this email already exists. Please sign in instead." });
  });

  it("issues a new session id at every sign-in and ends it server-side at sign-out", async () => {
    const a = await login("anil@example.in", "secret-pass");
    const b = await login("anil@example.in", "secret-pass");
    if (!a.ok || !b.ok) throw new Error("sign-in failed");
    expect(cookieHeader(a.headers)).not.toBe(cookieHeader(b.headers));
    expect((await sessionUser(identity, request(cookieHeader(a.headers))))?.email).toBe("anil@example.in");

    await signOut(identity, request(cookieHeader(a.headers)));
    expect(await sessionUser(identity, request(cookieHeader(a.headers)))).toBeNull();
    expect(await sessionUser(identity, request(cookieHeader(b.headers)))).not.toBeNull();
  });

  it("sets HttpOnly, SameSite=Lax cookies, kept 30 days only with Remember me", async () => {
    const remembered = await signIn(identity, "customer", { email: "anil@example.in", password: "secret-pass", rememberMe: true }, request(), "10.0.0.9");
    const forgotten = await signIn(identity, "customer", { email: "anil@example.in", password: "secret-pass", rememberMe: false }, request(), "10.0.0.9");
    if (!remembered.ok || !forgotten.ok) throw new Error("sign-in failed");
    const session = (h: Headers) => h.getSetCookie().find((c) => c.startsWith("rc.session_token="))!;
    expect(session(remembered.headers)).toMatch(/HttpOnly/);
    expect(session(remembered.headers)).toMatch(/SameSite=Lax/);
    expect(session(remembered.headers)).toMatch(/Max-Age=2592000/);
    expect(session(forgotten.headers)).not.toMatch(/Max-Age/);
  });

  it("answers a wrong email and a wrong password the same way", async () => {
    const wrongPassword = await login("anil@example.in", "nope-nope", "customer", "10.0.1.1");
    const wrongEmail = await login("nobody@example.in", "nope-nope", "customer", "10.0.1.2");
    expect(wrongPassword).toEqual(wrongEmail);
    expect(wrongPassword).toMatchObject({ ok: false, message: "Invalid email or password." });
  });

  it("throttles an account after repeated failures, with how long to wait", async () => {
    await registerCustomer(identity, { name: "Bina", email: "bina@example.in", password: "right-pass" }, request());
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) await login("bina@example.in", "wrong-pass", "customer", `10.1.0.${i}`);
    const blocked = await login("bina@example.in", "right-pass", "customer", "10.1.9.9");
    expect(blocked.ok).toBe(false);
    if (!blocked.ok) expect(blocked.message).toMatch(/^Too many attempts, try again in \d+ minutes?$/);
  });

  it("throttles an address that tries many accounts", async () => {
    for (let i = 0; i < 20; i++) await login(`x${i}@example.in`, "wrong-pass", "customer", "10.2.0.1");
    const blocked = await login("anil@example.in", "secret-pass", "customer", "10.2.0.1");
    expect(blocked.ok).toBe(false);
    expect((await login("anil@example.in", "secret-pass", "customer", "10.2.0.2")).ok).toBe(true);
  });

  it("lets only vendors through the vendor door and only administrators through the admin door", async () => {
    const customerAtVendorDoor = await login("anil@example.in", "secret-pass", "vendor", "10.3.0.1");
    expect(customerAtVendorDoor).toMatchObject({ ok: false, message: "User is not a registered vendor or data is missing." });
    const customerAtAdminDoor = await login("anil@example.in", "secret-pass", "admin", "10.3.0.1");
    expect(customerAtAdminDoor).toMatchObject({ ok: false, message: "User is not an administrator.", code: "auth/not-an-admin" });
    await createAccountWithRole(identity, { name: "Root", email: "root@example.in", password: "root-pass", role: "admin" });
    const admin = await login("root@example.in", "root-pass", "admin", "10.3.0.1");
    expect(admin.ok && admin.value).toMatchObject({ role: "admin", isAdmin: true });
  });

  it("registers a vendor with every field stored, pending approval, whatever else the form says", async () => {
    const parsed = parseVendorRegistration({
      name: "Neha Gupta",
      businessName: "Gupta Computers",
      email: "neha@gupta.example.in",
      phone: "98765 43210",
      gstin: "27aapfu0939f1zv",
      address: "12 MG Road, Pune",
      password: "vendor-pass",
      confirmPassword: "vendor-pass",
      terms: "on",
      role: "admin",
    });
    if (!parsed.ok) throw new Error(parsed.formError);
    const r = await registerVendor(identity, parsed.data, request());
    expect(r.ok).toBe(true);
    const user = await login("neha@gupta.example.in", "vendor-pass", "vendor", "10.4.0.1");
    if (!user.ok) throw new Error(user.message);
    expect(user.value.role).toBe("vendor");
    expect(await vendorOf(t.db, user.value.id)).toMatchObject({
      name: "Gupta Computers",
      gstin: "27AAPFU0939F1ZV",
      phone: "+91 98765 43210",
      address: "12 MG Road, Pune",
      status: "pending",
    });
  });

  it("disables an account: it loses its sessions and cannot sign in until re-enabled", async () => {
    await registerCustomer(identity, { name: "Chetan", email: "chetan@example.in", password: "chetan-pass" }, request());
    const s = await login("chetan@example.in", "chetan-pass", "customer", "10.5.0.1");
    if (!s.ok) throw new Error("sign-in failed");
    const id = s.value.id;
    await setAccountDisabled(t.db, id, true);
    expect(await sessionUser(identity, request(cookieHeader(s.headers)))).toBeNull();
    expect(await login("chetan@example.in", "chetan-pass", "customer", "10.5.0.1")).toMatchObject({
      ok: false,
      message: "This account has been disabled. Please contact support.",
    });
    await setAccountDisabled(t.db, id, false);
    expect((await login("chetan@example.in", "chetan-pass", "customer", "10.5.0.1")).ok).toBe(true);
  });

  it("changing the password ends every other session", async () => {
    await registerCustomer(identity, { name: "Divya", email: "divya@example.in", password: "divya-pass" }, request());
    const laptop = await login("divya@example.in", "divya-pass", "customer", "10.6.0.1");
    const phone = await login("divya@example.in", "divya-pass", "customer", "10.6.0.1");
    if (!laptop.ok || !phone.ok) throw new Error("sign-in failed");
    const wrong = await changePassword(identity, request(cookieHeader(laptop.headers)), { currentPassword: "bad", newPassword: "divya-new" });
    expect(wrong).toMatchObject({ ok: false, field: "currentPassword" });
    const changed = await changePassword(identity, request(cookieHeader(laptop.headers)), { currentPassword: "divya-pass", newPassword: "divya-new" });
    expect(changed.ok).toBe(true);
    expect(await sessionUser(identity, request(cookieHeader(phone.headers)))).toBeNull();
    expect((await login("divya@example.in", "divya-new", "customer", "10.6.0.2")).ok).toBe(true);
    const told = await mailTo("divya@example.in");
    expect(told.map((m) => m.kind)).toEqual(["password-changed"]);
    expect(told[0]!.subject).toBe("Your RC Computers password was changed");
  });

  it("resets a password through a mailed link that works once", async () => {
    const s = await login("anil@example.in", "secret-pass", "customer", "10.7.0.1");
    if (!s.ok) throw new Error("sign-in failed");
    await requestPasswordReset(identity, "anil@example.in");
    await requestPasswordReset(identity, "nobody-here@example.in"); // same answer, nothing sent
    const mails = await mailTo("anil@example.in", "nobody-here@example.in");
    const mine = mails.filter((m) => m.to_address === "anil@example.in" && m.kind === "password-reset");
    expect(mine).toHaveLength(1);
    expect(mails.some((m) => m.to_address === "nobody-here@example.in")).toBe(false);
    const token = /reset-password\?token=([^\s]+)/.exec(mine[0]!.text_body)![1]!;
    expect(mine[0]!.text_body).toContain("http://shop.test/reset-password?token=");

    expect((await resetPassword(identity, decodeURIComponent(token), "brand-new-pass")).ok).toBe(true);
    expect((await resetPassword(identity, decodeURIComponent(token), "again-new-pass")).ok).toBe(false);
    expect(await sessionUser(identity, request(cookieHeader(s.headers)))).toBeNull();
    expect((await login("anil@example.in", "secret-pass", "customer", "10.7.0.2")).ok).toBe(false);
    expect((await login("anil@example.in", "brand-new-pass", "customer", "10.7.0.3")).ok).toBe(true);
    expect((await mailTo("anil@example.in")).map((m) => m.kind)).toEqual(["password-reset", "password-changed"]);
  });

  it("saves the whole profile and keeps the sign-in email in step, refusing one in use", async () => {
    await registerCustomer(identity, { name: "Esha", email: "esha@example.in", password: "esha-pass" }, request());
    const s = await login("esha@example.in", "esha-pass", "customer", "10.8.0.1");
    if (!s.ok) throw new Error("sign-in failed");
    const taken = await saveProfile(t.db, s.value.id, { name: "Esha", email: "anil@example.in", streetAddress: "", city: "", stateVal: "", zipCode: "" });
    expect(taken).toMatchObject({ ok: false, field: "email" });
    const saved = await saveProfile(t.db, s.value.id, {
      name: "Esha Iyer",
      email: "esha.iyer@example.in",
      streetAddress: "4 Anna Salai",
      city: "Chennai",
      stateVal: "Tamil Nadu",
      zipCode: "600002",
    });
    expect(saved.ok).toBe(true);
    expect((await sessionUser(identity, request(cookieHeader(s.headers))))?.email).toBe("esha.iyer@example.in");
    expect((await login("esha.iyer@example.in", "esha-pass", "customer", "10.8.0.2")).ok).toBe(true);
    const row = await t.db.selectFrom("customer_profiles").selectAll().where("user_id", "=", s.value.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ street_address: "4 Anna Salai", city: "Chennai", state: "Tamil Nadu", postal_code: "600002" });
  });

  it("accepts a session cookie at a second app instance on the same database", async () => {
    const second = await createIdentity(t.db, kind, parseEnv({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "rc-2nd-")), NODE_ENV: "test" }), t.outbox);
    const s = await login("root@example.in", "root-pass", "admin", "10.9.0.1");
    if (!s.ok) throw new Error("sign-in failed");
    expect((await sessionUser(second, request(cookieHeader(s.headers))))?.email).toBe("root@example.in");
  });

  it("reads a session as Better Auth does: a bad signature, expiry, and extension when due", async () => {
    const r = await registerCustomer(identity, { name: "Kavya", email: "kavya@example.in", password: "kavya-pass" }, request());
    if (!r.ok) throw new Error("registration failed");
    const s = await login("kavya@example.in", "kavya-pass", "customer", "10.10.0.1");
    if (!s.ok) throw new Error("sign-in failed");
    const cookies = cookieHeader(s.headers);
    const token = decodeURIComponent(/rc\.session_token=([^;]+)/.exec(cookies)![1]!).split(".")[0]!;
    const day = 24 * 60 * 60 * 1000;
    const stored = (at: Date) => (kind === "postgres" ? at : at.toISOString()) as string;
    const setExpiry = (at: Date) => t.db.updateTable("session").set({ expiresAt: stored(at) }).where("token", "=", token).execute();
    const expiry = async () => {
      const row = await t.db.selectFrom("session").select("expiresAt").where("token", "=", token).executeTakeFirst();
      return row ? new Date(row.expiresAt).getTime() : null;
    };

    const viaBetterAuth = await identity.auth.api.getSession({ headers: request(cookies).headers });
    expect(await sessionUser(identity, request(cookies))).toEqual({ id: viaBetterAuth!.user.id, email: "kavya@example.in", name: "Kavya", role: "customer", isAdmin: false });

    // Another signature for the same token is refused.
    const forged = cookies.replace(/(rc\.session_token=[^.;]+\.)[^;]/, (_, head: string) => head + (cookies.includes(head + "A") ? "B" : "A"));
    expect(forged).not.toBe(cookies);
    expect(await sessionUser(identity, request(forged))).toBeNull();

    // Fresh: read only, nothing written.
    const fresh = (await expiry())!;
    expect((await sessionUser(identity, request(cookies)))?.email).toBe("kavya@example.in");
    expect(await expiry()).toBe(fresh);

    // Past its update age (a day): Better Auth extends it to 30 days from now.
    await setExpiry(new Date(Date.now() + 2 * day));
    expect((await sessionUser(identity, request(cookies)))?.email).toBe("kavya@example.in");
    expect((await expiry())!).toBeGreaterThan(Date.now() + 29 * day);

    // Expired: refused, and Better Auth deletes it.
    await setExpiry(new Date(Date.now() - 1000));
    expect(await sessionUser(identity, request(cookies))).toBeNull();
    expect(await expiry()).toBeNull();
  });

  it("never extends a session that was not to be remembered", async () => {
    const s = await signIn(identity, "customer", { email: "kavya@example.in", password: "kavya-pass", rememberMe: false }, request(), "10.10.0.2");
    if (!s.ok) throw new Error("sign-in failed");
    const cookies = cookieHeader(s.headers);
    expect(cookies).toMatch(/rc\.dont_remember=/);
    const token = decodeURIComponent(/rc\.session_token=([^;]+)/.exec(cookies)![1]!).split(".")[0]!;
    const due = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    await t.db.updateTable("session").set({ expiresAt: (kind === "postgres" ? due : due.toISOString()) as string }).where("token", "=", token).execute();
    expect((await sessionUser(identity, request(cookies)))?.email).toBe("kavya@example.in");
    const row = await t.db.selectFrom("session").select("expiresAt").where("token", "=", token).executeTakeFirstOrThrow();
    expect(new Date(row.expiresAt).getTime()).toBe(due.getTime());
  });
});
