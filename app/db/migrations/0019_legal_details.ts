import type { Kysely } from "kysely";

// Frozen. The shop's own legal details, as India's e-commerce rules ask a marketplace to show
// them: one row (id 1), edited by the admin on /admin/legal (docs/product-rules.md, "Legal
// details and disclosures"). A fresh shop starts with fictional demo values.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("legal_details")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("legal_name", "text", (c) => c.notNull())
    .addColumn("cin", "text", (c) => c.notNull())
    .addColumn("registered_office", "text", (c) => c.notNull())
    .addColumn("gstin", "text", (c) => c.notNull())
    .addColumn("grievance_officer_name", "text", (c) => c.notNull())
    .addColumn("grievance_officer_designation", "text", (c) => c.notNull())
    .addColumn("grievance_officer_email", "text", (c) => c.notNull())
    .addColumn("grievance_officer_phone", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .execute();
  await db
    .insertInto("legal_details")
    .values({
      id: 1,
      legal_name: "RC Computers Private Limited",
      cin: "U52390UP2015PTC071234",
      registered_office: "B-42, Sector 63, Noida, Uttar Pradesh 201301, India",
      gstin: "09AABCR1234K1ZF",
      grievance_officer_name: "Anjali Verma",
      grievance_officer_designation: "Grievance Officer",
      grievance_officer_email: "grievance@rccomputers.in",
      grievance_officer_phone: "+91 1204567891",
      updated_at: new Date().toISOString(),
    })
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("legal_details").execute();
}
