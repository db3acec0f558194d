import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { newVendor, uniqueEmail } from "./accounts";
import { withE2eDatabase as withDb } from "./db";

/**
 * Helpers for the admin panel browser tests (tests/e2e/admin-*.spec.ts). They read the e2e
 * database directly to compare the screens with it; they write only rows of their own (fresh
 * users and contact messages with a per-test tag), never demo accounts, vendors or products.
 */

export interface DashboardFigures {
  products: number;
  users: number;
  salesPaise: number;
  vendors: number;
  pendingVendors: number;
  unreadMessages: number;
}

/** The dashboard's figures as the database has them now. */
export function dashboardFigures(): DashboardFigures {
  return withDb((db) => {
    const one = (q: string) => Number((db.prepare(q).get() as { n: number | bigint | null }).n ?? 0);
    return {
      products: one("SELECT count(*) AS n FROM products WHERE status = 'active'"),
      users: one('SELECT count(*) AS n FROM "user"'),
      // Less what returns refund (asked for or paid; a failed refund gave nothing back).
      salesPaise:
        one("SELECT coalesce(sum(total_paise), 0) AS n FROM orders WHERE status <> 'cancelled'") -
        one(
          "SELECT coalesce(sum(f.amount_paise), 0) AS n FROM refunds f JOIN orders o ON o.id = f.order_id WHERE f.reason = 'return' AND f.status <> 'failed' AND o.status <> 'cancelled'",
        ),
      vendors: one("SELECT count(*) AS n FROM vendors WHERE status = 'approved'"),
      pendingVendors: one("SELECT count(*) AS n FROM vendors WHERE status = 'pending'"),
      unreadMessages: one("SELECT count(*) AS n FROM contact_messages WHERE read_at IS NULL"),
    };
  });
}

export interface StoredOrder {
  number: string;
  userName: string;
  totalPaise: number;
  status: string;
}

/** The latest orders as the database has them now. */
export function latestOrders(limit = 5): StoredOrder[] {
  return withDb(
    (db) =>
      db
        .prepare(
          `SELECT o.number AS number, u.name AS userName, o.total_paise AS totalPaise, o.status AS status
             FROM orders o JOIN "user" u ON u.id = o.user_id
            ORDER BY o.created_at DESC, o.id DESC LIMIT ?`,
        )
        .all(limit) as unknown as StoredOrder[],
  ).map((o) => ({ ...o, totalPaise: Number(o.totalPaise) }));
}

export function userIdByEmail(email: string): string {
  return withDb((db) => {
    const row = db.prepare('SELECT id FROM "user" WHERE email = ?').get(email.toLowerCase()) as { id: string } | undefined;
    if (!row) throw new Error(`no user ${email}`);
    return row.id;
  });
}

/** Is the account disabled (Better Auth's banned column), and how many sessions does it have? */
export function accountState(userId: string): { disabled: boolean; sessions: number } {
  return withDb((db) => {
    const u = db.prepare('SELECT banned FROM "user" WHERE id = ?').get(userId) as { banned: number | null } | undefined;
    const s = db.prepare("SELECT count(*) AS n FROM session WHERE userId = ?").get(userId) as { n: number };
    return { disabled: Boolean(u?.banned), sessions: Number(s.n) };
  });
}

export function vendorOfOwner(email: string): { id: string; name: string; status: string; created_at: string } {
  return withDb((db) => {
    const row = db
      .prepare('SELECT v.id AS id, v.name AS name, v.status AS status, v.created_at AS created_at FROM vendors v JOIN "user" u ON u.id = v.owner_user_id WHERE u.email = ?')
      .get(email.toLowerCase()) as { id: string; name: string; status: string; created_at: string } | undefined;
    if (!row) throw new Error(`no vendor owned by ${email}`);
    return row;
  });
}

/** Plain accounts written straight into the database (no password: they never sign in), for paging. */
export function insertUsers(tag: string, count: number): string[] {
  return withDb((db) => {
    const ids: string[] = [];
    const insert = db.prepare(
      'INSERT INTO "user" (id, name, email, emailVerified, image, createdAt, updatedAt, role, banned, banReason, banExpires) VALUES (?, ?, ?, 0, NULL, ?, ?, ?, NULL, NULL, NULL)',
    );
    for (let i = 0; i < count; i++) {
      const id = `${tag}-${String(i).padStart(2, "0")}`;
      const stamp = new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString();
      insert.run(id, `Paging ${tag} ${i}`, `${tag}-${i}@paging.example.in`, stamp, stamp, "customer");
      ids.push(id);
    }
    return ids;
  });
}

export interface MessageInput {
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
}

export function insertMessage(m: MessageInput): string {
  return withDb((db) => {
    const id = crypto.randomUUID();
    db.prepare("INSERT INTO contact_messages (id, name, email, phone, subject, message, created_at, read_at) VALUES (?, ?, ?, NULL, ?, ?, ?, NULL)").run(
      id,
      m.name,
      m.email,
      m.subject,
      m.message,
      m.createdAt,
    );
    return id;
  });
}

export function messageReadAt(id: string): string | null {
  return withDb((db) => (db.prepare("SELECT read_at FROM contact_messages WHERE id = ?").get(id) as { read_at: string | null } | undefined)?.read_at ?? null);
}

/** Registers a vendor (pending approval) with a plain form post; with page.request the page is then signed in as it. */
export async function registerVendorByPost(request: APIRequestContext, v = newVendor("adm-v")) {
  const response = await request.post("/vendor/register", {
    form: {
      name: v.name,
      businessName: v.business,
      email: v.email,
      phone: v.phone,
      gstin: v.gstin,
      address: v.address,
      password: v.password,
      confirmPassword: v.password,
      terms: "on",
    },
    maxRedirects: 0,
  });
  expect(response.status(), `registering vendor ${v.email}: ${await response.text().catch(() => "")}`).toBe(302);
  return v;
}

/** A contact message sent through /contact, as a visitor would; returns its id. */
export async function sendContactMessage(request: APIRequestContext, tag: string, subject = "Order Status") {
  const m = { name: `Sender ${tag}`, email: uniqueEmail("msg"), phone: "", subject, message: `Message ${tag}: where is my order?` };
  const response = await request.post("/contact", { form: m, maxRedirects: 0 });
  expect(response.status(), await response.text().catch(() => "")).toBeLessThan(400);
  const id = withDb((db) => (db.prepare("SELECT id FROM contact_messages WHERE message = ?").get(m.message) as { id: string } | undefined)?.id);
  if (!id) throw new Error(`contact message ${tag} was not stored`);
  return { ...m, id };
}

/** "₹1,23,456.78", as admin tables write amounts. */
export function adminMoney(paise: number): string {
  return new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(paise / 100);
}

export function adminCount(n: number): string {
  return new Intl.NumberFormat("en-IN").format(n);
}

/** "1 Feb 2026", India time, as admin tables write dates. */
export function adminDate(iso: string | Date): string {
  return new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" }).format(new Date(iso));
}

/** The value of one of the dashboard's stat cards (a description list term and its definition). */
export function statCard(page: Page, title: string): Locator {
  return page.getByRole("main").getByText(title, { exact: true }).locator("xpath=following-sibling::dd[1]");
}

/** The row of a table that contains `text`. */
export function rowWith(scope: Page | Locator, text: string): Locator {
  return scope.getByRole("row").filter({ hasText: text });
}

/** The scrollable region around one of the admin tables, by its heading. */
export function tableRegion(page: Page, name: string): Locator {
  return page.getByRole("region", { name, exact: true });
}
