export const ROLES = ["customer", "vendor", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** The signed-in user as every page sees it. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  isAdmin: boolean;
}

export function parseRole(value: unknown): Role {
  return ROLES.find((r) => r === value) ?? "customer";
}

/** The header menu's links for a signed-in user, by role. */
export function menuLinksFor(role: Role): { to: string; label: string }[] {
  switch (role) {
    case "customer":
      return [
        { to: "/profile", label: "Profile" },
        { to: "/orders", label: "My Orders" },
        { to: "/wishlist", label: "Wishlist" },
        { to: "/grievances", label: "Complaints" },
      ];
    case "vendor":
      return [
        { to: "/vendor/dashboard", label: "Dashboard" },
        { to: "/vendor/products", label: "My Products" },
        { to: "/vendor/orders", label: "Orders" },
      ];
    case "admin":
      return [{ to: "/admin/dashboard", label: "Admin Panel" }];
  }
}
