import type { ShippingAddress } from "~/modules/orders/address";
import type { TestDatabase } from "./test-db";

/** A valid Indian shipping address for orders placed by integration tests. */
export const shippingAddress: ShippingAddress = {
  fullName: "Priya Sharma",
  phone: "+91 98765 43210",
  addressLine1: "C-14, Sector 18",
  addressLine2: null,
  city: "Noida",
  state: "Uttar Pradesh",
  postalCode: "201301",
};

export interface TestUser {
  id: string;
  /** defaults to the id */
  name?: string;
  /** defaults to `<id>@example.in` */
  email?: string;
  /** defaults to "customer" */
  role?: string | null;
  /** defaults to now */
  createdAt?: Date;
}

/**
 * Inserts Better Auth `user` rows directly, for tests that need shoppers without signing up:
 * PostgreSQL stores real dates and booleans, SQLite ISO text and 0/1.
 */
export async function insertUsers(t: Pick<TestDatabase, "kind" | "db">, users: TestUser[]): Promise<void> {
  const postgres = t.kind === "postgres";
  const now = new Date();
  for (const u of users) {
    const at = u.createdAt ?? now;
    const stamp = postgres ? at : at.toISOString();
    await t.db
      .insertInto("user")
      .values({
        id: u.id,
        name: u.name ?? u.id,
        email: u.email ?? `${u.id}@example.in`,
        emailVerified: postgres ? false : 0,
        image: null,
        createdAt: stamp,
        updatedAt: stamp,
        role: u.role === undefined ? "customer" : u.role,
        banned: null,
        banReason: null,
        banExpires: null,
      })
      .execute();
  }
}
