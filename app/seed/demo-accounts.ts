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
  /** For the business buyer: the GSTIN and legal name saved for its GST invoices. */
  business?: { gstin: string; legalName: string };
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
  {
    name: "Nikhil Joshi",
    email: "business@rccomputers.in",
    password: "Customer@123",
    role: "customer",
    address: { streetAddress: "Office 12, Prabhat Road, Erandwane", city: "Pune", state: "Maharashtra", postalCode: "411004" },
    // The GSTIN the CBIC publishes as its example: well-formed, in Maharashtra.
    business: { gstin: "27AAPFU0939F1ZV", legalName: "Joshi Workstations LLP" },
  },
];

/**
 * Shoppers whose orders fill the vendor dashboards and order lists of a fresh demo shop. They can
 * sign in too (same password as the demo customer).
 */
export const demoShoppers: (DemoAccount & { address: NonNullable<DemoAccount["address"]>; phone: string })[] = [
  { name: "Aarav Gupta", email: "aarav.gupta@example.com", phone: "+91 98101 23456", address: { streetAddress: "B-22, Lajpat Nagar II", city: "New Delhi", state: "Delhi", postalCode: "110024" } },
  { name: "Ananya Iyer", email: "ananya.iyer@example.com", phone: "+91 98450 11223", address: { streetAddress: "14, 5th Cross, Indiranagar", city: "Bengaluru", state: "Karnataka", postalCode: "560038" } },
  { name: "Rahul Deshmukh", email: "rahul.deshmukh@example.com", phone: "+91 98220 33445", address: { streetAddress: "7, Prabhat Road, Erandwane", city: "Pune", state: "Maharashtra", postalCode: "411004" } },
  { name: "Sneha Banerjee", email: "sneha.banerjee@example.com", phone: "+91 98300 55667", address: { streetAddress: "21B, Southern Avenue", city: "Kolkata", state: "West Bengal", postalCode: "700029" } },
  { name: "Vikram Reddy", email: "vikram.reddy@example.com", phone: "+91 98490 77889", address: { streetAddress: "Plot 45, Jubilee Hills", city: "Hyderabad", state: "Telangana", postalCode: "500033" } },
  { name: "Fatima Khan", email: "fatima.khan@example.com", phone: "+91 98260 99001", address: { streetAddress: "12, Gomti Nagar", city: "Lucknow", state: "Uttar Pradesh", postalCode: "226010" } },
  { name: "Arjun Nair", email: "arjun.nair@example.com", phone: "+91 98470 12121", address: { streetAddress: "TC 9/1024, Sasthamangalam", city: "Thiruvananthapuram", state: "Kerala", postalCode: "695010" } },
  { name: "Kavya Patel", email: "kavya.patel@example.com", phone: "+91 98250 34343", address: { streetAddress: "3, Satellite Road", city: "Ahmedabad", state: "Gujarat", postalCode: "380015" } },
].map((s) => ({ ...s, password: "Customer@123", role: "customer" as const }));
