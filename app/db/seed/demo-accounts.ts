import type { Role } from "~/modules/identity/roles";

/** The demo logins, one per role (README "Demo accounts"); seeded with the demo data only. */
export interface DemoAccount {
  name: string;
  email: string;
  password: string;
  role: Role;
  /** For vendor owners: the seeded vendor they own. */
  vendorId?: "vendor-1" | "vendor-2" | "vendor-3";
  /** For the customer: a saved address that pre-fills checkout. */
  address?: { streetAddress: string; city: string; state: string; postalCode: string };
}

export const demoAccounts: DemoAccount[] = [
  { name: "Shop Admin", email: "admin@rccomputers.in", password: "Admin@123", role: "admin" },
  { name: "Rohit Vardhan", email: "vendor1@rccomputers.in", password: "Vendor@123", role: "vendor", vendorId: "vendor-1" },
  { name: "Meera Shah", email: "vendor2@rccomputers.in", password: "Vendor@123", role: "vendor", vendorId: "vendor-2" },
  { name: "Karthik Rao", email: "vendor3@rccomputers.in", password: "Vendor@123", role: "vendor", vendorId: "vendor-3" },
  {
    name: "Priya Sharma",
    email: "customer@rccomputers.in",
    password: "Customer@123",
    role: "customer",
    address: { streetAddress: "C-14, Sector 18", city: "Noida", state: "Uttar Pradesh", postalCode: "201301" },
  },
];
