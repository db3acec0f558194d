import type { Role } from "~/modules/identity/roles";

/** Rows per page of the admin lists. */
export const USERS_PAGE_SIZE = 20;
export const MESSAGES_PAGE_SIZE = 20;
export const PAYOUTS_PAGE_SIZE = 20;

/** How the Settlements page names a payout's method and status: as its seller reads them. */
export { PAYOUT_METHOD_LABELS, PAYOUT_STATUS_LABELS } from "~/modules/settlements/rules";

/** How the admin panel names things: role Customer/Vendor, status Active/Disabled. */
export const ROLE_LABELS: Record<Role, string> = { customer: "Customer", vendor: "Vendor", admin: "Admin" };

export type AccountStatus = "Active" | "Disabled";

/** The toggle names what it will do: Disable when the account is Active, else Enable. */
export function toggleLabel(status: AccountStatus): "Disable" | "Enable" {
  return status === "Active" ? "Disable" : "Enable";
}

export type VendorStatus = "pending" | "approved" | "rejected";

export const VENDOR_STATUS_LABELS: Record<VendorStatus, string> = {
  pending: "Pending approval",
  approved: "Approved",
  rejected: "Rejected",
};

export function vendorStatusLabel(status: string): string {
  return status in VENDOR_STATUS_LABELS ? VENDOR_STATUS_LABELS[status as VendorStatus] : status;
}

/** Which approval decisions make sense from a vendor's current status. */
export function vendorDecisions(status: string): { approve: boolean; reject: boolean } {
  return { approve: status !== "approved", reject: status !== "rejected" };
}

const dateFormat = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });

/** "15 Jun 2025", in India's time zone whatever the server's; for admin tables. */
export function formatAdminDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : dateFormat.format(d);
}

export { formatCount } from "~/lib/numbers";

/** The confirmation after an admin action, from the code the action redirected with. */
export type AdminNotice = "disabled" | "enabled" | "approved" | "rejected";

export function noticeMessage(notice: AdminNotice, subject: string): string {
  switch (notice) {
    case "disabled":
      return `${subject} has been disabled and signed out everywhere. They cannot sign in until enabled again.`;
    case "enabled":
      return `${subject} has been enabled and can sign in again.`;
    case "approved":
      return `${subject} has been approved. Its products now show in the shop.`;
    case "rejected":
      return `${subject} has been rejected. Its products stay hidden from the shop.`;
  }
}

export function parseNotice(value: string | null): AdminNotice | null {
  return value === "disabled" || value === "enabled" || value === "approved" || value === "rejected" ? value : null;
}

/** Messages the server answers refused actions with. */
export const ADMIN_MESSAGES = {
  selfDisable: "You cannot disable your own account. Ask another administrator if it must be disabled.",
  userNotFound: "That user no longer exists.",
  vendorNotFound: "That vendor no longer exists.",
  badRequest: "That action was not understood. Please reload the page and try again.",
} as const;

/** The Returns page's return rules form names each category's select `rule:<category>`. */
export const RULE_FIELD_PREFIX = "rule:";
