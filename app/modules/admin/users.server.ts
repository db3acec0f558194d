import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { containsIgnoringCase } from "~/lib/contains.server";
import type { Refusal } from "~/lib/outcome";
import { setAccountDisabled } from "~/modules/identity/accounts.server";
import { parseRole, type Role, type SessionUser } from "~/modules/identity/roles";
import type { UserListQuery } from "./forms.server";
import { ADMIN_MESSAGES, USERS_PAGE_SIZE, type AccountStatus } from "./labels";

export { USERS_PAGE_SIZE };

type Db = Kysely<Database>;

export interface AdminUserRow {
  id: string;
  name: string;
  email: string;
  role: Role;
  joinedAt: string;
  status: AccountStatus;
}

export interface UserPage {
  users: AdminUserRow[];
  total: number;
  page: number;
  pageCount: number;
}

/** Better Auth's date columns hold Date on PostgreSQL and ISO text on SQLite. */
export function isoDate(value: string | Date | null | undefined): string {
  if (value == null) return "";
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? String(value) : d.toISOString();
}

function statusOf(banned: number | boolean | null): AccountStatus {
  return banned ? "Disabled" : "Active";
}

/** Manage Users: search by name or email, role filter and paging, all in the query; newest first. */
export async function listUsers(db: Db, query: UserListQuery): Promise<UserPage> {
  let filtered = db.selectFrom("user");
  if (query.q) {
    filtered = filtered.where((eb) => eb.or([containsIgnoringCase(eb.ref("user.name"), query.q), containsIgnoringCase(eb.ref("user.email"), query.q)]));
  }
  if (query.role === "customer") {
    // Anything that is not vendor or admin counts as a customer (parseRole), including no role at all.
    filtered = filtered.where((eb) => eb.or([eb("user.role", "is", null), eb("user.role", "not in", ["vendor", "admin"])]));
  } else if (query.role) {
    filtered = filtered.where("user.role", "=", query.role);
  }
  const countRow = await filtered.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
  const total = Number(countRow?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = await filtered
    .select(["user.id", "user.name", "user.email", "user.role", "user.createdAt", "user.banned"])
    .orderBy("user.createdAt", "desc")
    .orderBy("user.id", "desc")
    .limit(USERS_PAGE_SIZE)
    .offset((page - 1) * USERS_PAGE_SIZE)
    .execute();
  return {
    users: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      role: parseRole(r.role),
      joinedAt: isoDate(r.createdAt),
      status: statusOf(r.banned),
    })),
    total,
    page,
    pageCount,
  };
}

export interface AdminVendorProfile {
  id: string;
  businessName: string;
  gstin: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  status: string;
  registeredAt: string;
}

export interface AdminUserOrder {
  number: string;
  createdAt: string;
  total: number;
  status: string;
}

export interface AdminUserDetail extends AdminUserRow {
  vendor: AdminVendorProfile | null;
  orders: AdminUserOrder[];
  orderCount: number;
}

export const USER_ORDERS_LIMIT = 50;

/** One user as the admin sees them: the account, their business if a vendor, and their orders. */
export async function getUserDetail(db: Db, userId: string): Promise<AdminUserDetail | null> {
  if (!userId || userId.length > 200) return null;
  const user = await db
    .selectFrom("user")
    .select(["id", "name", "email", "role", "createdAt", "banned"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) return null;
  const [vendor, orders, count] = await Promise.all([
    db
      .selectFrom("vendors")
      .select(["id", "name", "gstin", "phone", "address", "city", "state", "status", "created_at"])
      .where("owner_user_id", "=", userId)
      .executeTakeFirst(),
    db
      .selectFrom("orders")
      .select(["number", "created_at", "total_paise", "status"])
      .where("user_id", "=", userId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(USER_ORDERS_LIMIT)
      .execute(),
    db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirst(),
  ]);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: parseRole(user.role),
    joinedAt: isoDate(user.createdAt),
    status: statusOf(user.banned),
    vendor: vendor
      ? {
          id: vendor.id,
          businessName: vendor.name,
          gstin: vendor.gstin,
          phone: vendor.phone,
          address: vendor.address,
          city: vendor.city,
          state: vendor.state,
          status: vendor.status,
          registeredAt: vendor.created_at,
        }
      : null,
    orders: orders.map((o) => ({ number: o.number, createdAt: o.created_at, total: Number(o.total_paise), status: o.status })),
    orderCount: Number(count?.n ?? 0),
  };
}

/** "Name (email)", for confirmations. */
export async function userLabel(db: Db, userId: string): Promise<string | null> {
  const u = await db.selectFrom("user").select(["name", "email"]).where("id", "=", userId).executeTakeFirst();
  return u ? `${u.name} (${u.email})` : null;
}

export type AdminOutcome = { ok: true } | Refusal<"forbidden" | "not_found">;

/**
 * Disables or re-enables an account on an administrator's word. A disabled account is signed out
 * everywhere and cannot sign in. Nobody can disable their own account, whatever was posted.
 */
export async function setUserDisabled(db: Db, actor: SessionUser, userId: string, disabled: boolean): Promise<AdminOutcome> {
  if (disabled && userId === actor.id) return { ok: false, reason: "forbidden", message: ADMIN_MESSAGES.selfDisable };
  const exists = await db.selectFrom("user").select("id").where("id", "=", userId).executeTakeFirst();
  if (!exists) return { ok: false, reason: "not_found", message: ADMIN_MESSAGES.userNotFound };
  await setAccountDisabled(db, userId, disabled);
  return { ok: true };
}
