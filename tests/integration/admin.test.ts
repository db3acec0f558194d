import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/config/env.server";
import { seedDemoCatalog } from "~/seed/seed.server";
import { runUserAction } from "~/modules/admin/actions.server";
import { dashboardStats, recentOrders } from "~/modules/admin/dashboard.server";
import { parseUserListQuery } from "~/modules/admin/forms.server";
import { listMessages, openMessage } from "~/modules/admin/messages.server";
import { USERS_PAGE_SIZE, getUserDetail, listUsers } from "~/modules/admin/users.server";
import { decideVendor, listPendingVendors } from "~/modules/admin/vendors.server";
import { parseCatalogQuery } from "~/modules/catalog/catalog-query";
import { listProducts } from "~/modules/catalog/listing.server";
import { getProduct, saveProduct, setProductStatus } from "~/modules/catalog/products.server";
import { saveContactMessage } from "~/modules/content/contact.server";
import { parseVendorRegistration } from "~/modules/identity/forms";
import {
  createAccountWithRole,
  createIdentity,
  registerCustomer,
  registerVendor,
  sessionUser,
  signIn,
  vendorOf,
  type Identity,
} from "~/modules/identity/accounts.server";
import type { SessionUser } from "~/modules/identity/roles";
import { cancelOrderForUser, placeOrder } from "~/modules/orders/orders.server";
import { insertUsers, shippingAddress as address } from "../support/fixtures";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../support/test-db";

const ORIGIN = "http://localhost:3000";
const request = (cookies = "") => new Request(ORIGIN + "/", { headers: { cookie: cookies, origin: ORIGIN } });
const cookieHeader = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

const KEYBOARD = "product-logitech-g213-prodigy"; // ₹3,499 → order total ₹3,499 + ₹99 shipping + ₹629.82 GST
const LAPTOP = "product-asus-tuf-gaming-a15"; // ₹82,990 → free shipping, ₹14,938.20 GST
const ONE_KEYBOARD = 3_499_00 + 99_00 + 629_82; // 4,22,782 paise
const TWO_KEYBOARDS = 6_998_00 + 99_00 + 1_259_64; // 8,35,664 paise
const ONE_LAPTOP = 82_990_00 + 14_938_20; // 97,92,820 paise

function vendorForm(tag: string) {
  const parsed = parseVendorRegistration({
    name: `Owner ${tag}`,
    businessName: `Business ${tag}`,
    email: `owner-${tag}@example.in`,
    phone: "98765 43210",
    gstin: "27AAPFU0939F1ZV",
    address: "12 MG Road, Pune",
    password: "vendor-pass",
    confirmPassword: "vendor-pass",
    terms: "on",
  });
  if (!parsed.ok) throw new Error(parsed.formError);
  return parsed.data;
}

describe.each(testDatabaseKinds)("admin panel on %s", (kind) => {
  let t: TestDatabase;
  let identity: Identity;
  let admin: SessionUser;
  let asha: string;
  let bala: string;
  let pendingVendorId: string;

  const login = (email: string, password: string) => signIn(identity, "customer", { email, password, rememberMe: true }, request(), "10.9.0.1");
  const userIdOf = async (email: string) => (await t.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
  const shown = async (name: string) => (await listProducts(t.db, parseCatalogQuery(new URLSearchParams({ q: name })))).products.map((p) => p.name);

  async function vendorProduct(vendorId: string, id: string, name: string) {
    await saveProduct(t.db, {
      id,
      name,
      description: "A test product.",
      pricePaise: 1_000_00,
      image: null,
      category: "Audio",
      stock: 5,
      featured: false,
      specifications: {},
      vendorId,
    });
  }

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoCatalog(t.db);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rc-admin-"));
    identity = await createIdentity(t.db, kind, parseEnv({ DATA_DIR: dataDir, NODE_ENV: "test" }), t.outbox);

    const adminId = await createAccountWithRole(identity, { name: "Root Admin", email: "root@example.in", password: "root-pass", role: "admin" });
    admin = { id: adminId, name: "Root Admin", email: "root@example.in", role: "admin", isAdmin: true };
    expect((await registerCustomer(identity, { name: "Asha Verma", email: "asha@example.in", password: "asha-pass" }, request())).ok).toBe(true);
    expect((await registerCustomer(identity, { name: "Bala Krishnan", email: "bala@example.in", password: "bala-pass" }, request())).ok).toBe(true);
    expect((await registerVendor(identity, vendorForm("pending"), request())).ok).toBe(true);
    asha = await userIdOf("asha@example.in");
    bala = await userIdOf("bala@example.in");
    pendingVendorId = (await vendorOf(t.db, await userIdOf("owner-pending@example.in")))!.id;
  });
  afterAll(async () => t?.destroy());

  it("computes the dashboard figures from the database", async () => {
    // Products: the 43 demo products, one archived, plus two of a vendor still pending approval.
    await setProductStatus(t.db, "product-wd-my-passport-2tb", "archived");
    await vendorProduct(pendingVendorId, "product-pending-speaker", "Pendingtone Speaker");
    await vendorProduct(pendingVendorId, "product-pending-mic", "Pendingtone Microphone");

    // Six orders, one of them cancelled.
    const base = Date.parse("2026-01-10T10:00:00.000Z");
    const placed: string[] = [];
    const order = async (userId: string, productId: string, quantity: number, i: number) => {
      const r = await placeOrder(t,
        { userId, lines: [{ productId, quantity }], address, paymentMethod: "cod", idempotencyKey: `dash-${i}` },
        new Date(base + i * 60_000),
      );
      if (!r.ok) throw new Error(r.message);
      placed.push(r.number);
      return r.number;
    };
    await order(asha, KEYBOARD, 2, 0);
    await order(asha, LAPTOP, 1, 1);
    const cancelled = await order(bala, KEYBOARD, 1, 2);
    await order(bala, KEYBOARD, 1, 3);
    await order(asha, KEYBOARD, 1, 4);
    await order(bala, KEYBOARD, 1, 5);
    expect((await cancelOrderForUser(t, bala, cancelled)).ok).toBe(true);

    // One of the orders' mails gave up: the Mail card counts it.
    const someMail = await t.db.selectFrom("mail").select("id").orderBy("created_at").executeTakeFirstOrThrow();
    await t.db.updateTable("mail").set({ status: "failed", last_error: "550 mailbox unavailable" }).where("id", "=", someMail.id).execute();

    expect(await dashboardStats(t.db)).toEqual({
      totalProducts: 43 - 1 + 2, // the demo's 16 products and 27 PC parts
      totalUsers: 4, // the admin, two customers, the pending vendor's owner
      totalSales: TWO_KEYBOARDS + ONE_LAPTOP + 3 * ONE_KEYBOARD,
      totalVendors: 3,
      pendingVendors: 1,
      unreadMessages: 0,
      failedMail: 1,
      openReturns: 0,
      overdueReturns: 0,
      openGrievances: 0,
      overdueGrievances: 0,
    });
    expect(TWO_KEYBOARDS + ONE_LAPTOP + 3 * ONE_KEYBOARD).toBe(1_18_96_830);

    const recent = await recentOrders(t.db, 5);
    expect(recent.map((o) => o.number)).toEqual([placed[5], placed[4], placed[3], placed[2], placed[1]]);
    expect(recent.map((o) => o.userName)).toEqual(["Bala Krishnan", "Asha Verma", "Bala Krishnan", "Bala Krishnan", "Asha Verma"]);
    expect(recent.map((o) => o.total)).toEqual([ONE_KEYBOARD, ONE_KEYBOARD, ONE_KEYBOARD, ONE_KEYBOARD, ONE_LAPTOP]);
    expect(recent[3]).toMatchObject({ status: "cancelled", createdAt: new Date(base + 2 * 60_000).toISOString() });
    expect(recent[0]!.status).toBe("pending");
  });

  it("shows one user with their orders, and a vendor with its business", async () => {
    const detail = await getUserDetail(t.db, asha);
    expect(detail).toMatchObject({ name: "Asha Verma", email: "asha@example.in", role: "customer", status: "Active", vendor: null, orderCount: 3 });
    expect(detail?.orders.map((o) => o.total)).toEqual([ONE_KEYBOARD, ONE_LAPTOP, TWO_KEYBOARDS]);
    expect(Date.parse(detail!.joinedAt)).toBeGreaterThan(Date.now() - 10 * 60_000);

    const owner = await getUserDetail(t.db, await userIdOf("owner-pending@example.in"));
    expect(owner).toMatchObject({
      role: "vendor",
      vendor: { id: pendingVendorId, businessName: "Business pending", gstin: "27AAPFU0939F1ZV", phone: "+91 98765 43210", address: "12 MG Road, Pune", status: "pending" },
      orders: [],
    });
    expect(await getUserDetail(t.db, "no-such-user")).toBeNull();
  });

  it("lists users newest first with search by name or email, a role filter and paging", async () => {
    await insertUsers(
      t,
      Array.from({ length: USERS_PAGE_SIZE + 2 }, (_, i) => ({
        id: `bulk-${String(i).padStart(2, "0")}`,
        name: `Bulk Shopper ${i}`,
        email: `bulk${i}@shop.example.in`,
        role: i === 0 ? null : "customer",
        createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
      })),
    );
    const q = (s: string) => parseUserListQuery(new URLSearchParams(s));

    const all = await listUsers(t.db, q(""));
    expect(all.total).toBe(4 + USERS_PAGE_SIZE + 2);
    expect(all.pageCount).toBe(2);
    expect(all.users).toHaveLength(USERS_PAGE_SIZE);
    // The four accounts made today come before the bulk ones of 2025, newest of those first.
    expect(all.users.slice(4, 6).map((u) => u.id)).toEqual(["bulk-21", "bulk-20"]);
    const second = await listUsers(t.db, q("page=2"));
    expect(second.users.map((u) => u.id)).toEqual(["bulk-05", "bulk-04", "bulk-03", "bulk-02", "bulk-01", "bulk-00"]);
    expect(second.users[5]).toMatchObject({ name: "Bulk Shopper 0", role: "customer", status: "Active", joinedAt: "2025-01-01T00:00:00.000Z" });
    expect((await listUsers(t.db, q("page=99"))).page).toBe(2);

    expect((await listUsers(t.db, q("q=ASHA"))).users.map((u) => u.email)).toEqual(["asha@example.in"]);
    expect((await listUsers(t.db, q("q=krishnan"))).users.map((u) => u.name)).toEqual(["Bala Krishnan"]);
    expect((await listUsers(t.db, q("q=shop.example"))).total).toBe(USERS_PAGE_SIZE + 2);
    expect((await listUsers(t.db, q("q=bulk1"))).total).toBe(11); // bulk1, bulk10…bulk19
    expect((await listUsers(t.db, q("q=%25"))).total).toBe(0);
    expect((await listUsers(t.db, q("q=_"))).total).toBe(0);

    expect((await listUsers(t.db, q("role=admin"))).users.map((u) => u.email)).toEqual(["root@example.in"]);
    expect((await listUsers(t.db, q("role=vendor"))).users.map((u) => u.role)).toEqual(["vendor"]);
    expect((await listUsers(t.db, q("role=customer"))).total).toBe(2 + USERS_PAGE_SIZE + 2); // a missing role is a customer
    expect((await listUsers(t.db, q("role=customer&q=asha"))).total).toBe(1);
    expect((await listUsers(t.db, q("role=wizard"))).total).toBe(all.total);
  });

  it("disables an account (sessions gone, sign-in refused) and enables it again", async () => {
    const session = await login("asha@example.in", "asha-pass");
    if (!session.ok) throw new Error(session.message);
    const cookies = cookieHeader(session.headers);
    expect(await sessionUser(identity, request(cookies))).not.toBeNull();

    expect(await runUserAction(t, admin, { intent: "disable", userId: asha })).toEqual({ ok: true, notice: "disabled", subject: asha });
    expect(await sessionUser(identity, request(cookies))).toBeNull();
    expect(await t.db.selectFrom("session").select("id").where("userId", "=", asha).execute()).toEqual([]);
    expect(await login("asha@example.in", "asha-pass")).toMatchObject({ ok: false, message: "This account has been disabled. Please contact support." });
    expect((await listUsers(t.db, parseUserListQuery(new URLSearchParams("q=asha")))).users[0]!.status).toBe("Disabled");

    expect(await runUserAction(t, admin, { intent: "enable", userId: asha })).toMatchObject({ ok: true, notice: "enabled" });
    expect((await login("asha@example.in", "asha-pass")).ok).toBe(true);
    expect((await getUserDetail(t.db, asha))?.status).toBe("Active");
  });

  it("refuses an administrator disabling themself, changing nothing", async () => {
    const session = await signIn(identity, "admin", { email: "root@example.in", password: "root-pass", rememberMe: false }, request(), "10.9.0.2");
    if (!session.ok) throw new Error(session.message);
    const r = await runUserAction(t, admin, { intent: "disable", userId: admin.id });
    expect(r).toEqual({ ok: false, reason: "forbidden", message: "You cannot disable your own account. Ask another administrator if it must be disabled." });
    expect((await getUserDetail(t.db, admin.id))?.status).toBe("Active");
    expect((await sessionUser(identity, request(cookieHeader(session.headers))))?.isAdmin).toBe(true);
    expect(await runUserAction(t, admin, { intent: "disable", userId: "no-such-user" })).toMatchObject({ ok: false, reason: "not_found" });
  });

  it("shows a vendor's products only once it is approved, and hides them again when rejected", async () => {
    expect((await listPendingVendors(t.db)).map((v) => [v.businessName, v.ownerName, v.ownerEmail, v.gstin])).toEqual([
      ["Business pending", "Owner pending", "owner-pending@example.in", "27AAPFU0939F1ZV"],
    ]);
    expect(await shown("Pendingtone")).toEqual([]);
    expect(await getProduct(t.db, "product-pending-speaker")).toBeNull();

    expect(await runUserAction(t, admin, { intent: "approve", vendorId: pendingVendorId })).toEqual({
      ok: true,
      notice: "approved",
      subject: pendingVendorId,
    });
    expect((await shown("Pendingtone")).sort()).toEqual(["Pendingtone Microphone", "Pendingtone Speaker"]);
    expect((await getProduct(t.db, "product-pending-speaker"))?.vendorName).toBe("Business pending");
    expect(await listPendingVendors(t.db)).toEqual([]);
    expect((await dashboardStats(t.db)).totalVendors).toBe(4);
    // An archived product stays out of the shop whatever its vendor's approval.
    await setProductStatus(t.db, "product-pending-mic", "archived");
    await decideVendor(t, pendingVendorId, "approved");
    expect(await shown("Pendingtone")).toEqual(["Pendingtone Speaker"]);

    await decideVendor(t, pendingVendorId, "rejected");
    expect(await shown("Pendingtone")).toEqual([]);
    expect(await getProduct(t.db, "product-pending-speaker")).toBeNull();
  });

  it("keeps a rejected vendor's products hidden until it is approved after all", async () => {
    expect((await registerVendor(identity, vendorForm("later"), request())).ok).toBe(true);
    const vendorId = (await vendorOf(t.db, await userIdOf("owner-later@example.in")))!.id;
    await vendorProduct(vendorId, "product-later-headset", "Latertone Headset");

    expect(await runUserAction(t, admin, { intent: "reject", vendorId })).toMatchObject({ ok: true, notice: "rejected" });
    expect((await vendorOf(t.db, await userIdOf("owner-later@example.in")))?.status).toBe("rejected");
    expect(await shown("Latertone")).toEqual([]);
    expect(await getProduct(t.db, "product-later-headset")).toBeNull();
    expect(await listPendingVendors(t.db)).toEqual([]);
    // A product saved while rejected stays hidden too.
    await vendorProduct(vendorId, "product-later-dac", "Latertone DAC");
    expect(await shown("Latertone")).toEqual([]);

    await runUserAction(t, admin, { intent: "approve", vendorId });
    expect((await shown("Latertone")).sort()).toEqual(["Latertone DAC", "Latertone Headset"]);
    expect(await runUserAction(t, admin, { intent: "approve", vendorId: "vendor-nope" })).toMatchObject({ ok: false, reason: "not_found" });
  });

  it("lists contact messages newest first, marks one read when it is opened", async () => {
    const message = (subject: string, minute: number) =>
      saveContactMessage(t,
        { name: `Sender ${minute}`, email: `sender${minute}@example.in`, phone: null, subject: "Order Status", message: subject },
        new Date(Date.UTC(2026, 1, 1, 9, minute)),
      );
    const older = await message("Where is my order?", 0);
    const newer = await message("Can I change my address?", 5);
    const middle = await message("Invoice please", 2);

    const list = await listMessages(t.db, 1);
    expect(list.messages.map((m) => m.id)).toEqual([newer, middle, older]);
    expect(list).toMatchObject({ total: 3, unread: 3, page: 1, pageCount: 1 });
    expect(list.messages.every((m) => !m.read)).toBe(true);
    expect((await dashboardStats(t.db)).unreadMessages).toBe(3);

    const opened = await openMessage(t.db, middle, new Date("2026-02-02T10:00:00.000Z"));
    expect(opened).toMatchObject({ message: "Invoice please", name: "Sender 2", readAt: "2026-02-02T10:00:00.000Z" });
    const again = await openMessage(t.db, middle, new Date("2026-02-03T10:00:00.000Z"));
    expect(again?.readAt).toBe("2026-02-02T10:00:00.000Z");

    const after = await listMessages(t.db, 1);
    expect(after.messages.map((m) => m.read)).toEqual([false, true, false]);
    expect(after.unread).toBe(2);
    expect((await dashboardStats(t.db)).unreadMessages).toBe(2);
    expect(await openMessage(t.db, "no-such-message")).toBeNull();
  });
});
