import type { Generated } from "kysely";

/**
 * Row types of the shop's own tables. Timestamps are ISO-8601 UTC strings in both databases,
 * booleans are 0/1 integers, money is integer paise (see docs/decisions/002-portable-columns.md).
 */
export interface VendorsTable {
  id: string;
  name: string;
  gstin: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  /** approved | pending | rejected */
  status: string;
  owner_user_id: string | null;
  created_at: string;
}

export interface CategoriesTable {
  name: string;
  position: number;
}

export interface ProductsTable {
  id: string;
  name: string;
  /** lower-cased name: the portable, indexed key for A-Z sorting */
  name_key: string;
  description: string;
  price_paise: number;
  image_url: string | null;
  category: string;
  stock: number;
  featured: number;
  /** JSON object of specification key to value, in display order */
  specifications: string;
  vendor_id: string;
  /** active | archived */
  status: string;
  /** 1 when shown in the shop: status active and the vendor approved (see refreshListing) */
  listed: number;
  created_at: string;
  updated_at: string;
}

export interface ProductTermsTable {
  term: string;
  product_id: string;
}

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  created_at: string;
  read_at: string | null;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface CustomerProfilesTable {
  user_id: string;
  street_address: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  updated_at: string;
}

export interface SignInAttemptsTable {
  key: string;
  window_start: number;
  failures: number;
}

/** Better Auth's user table (with the admin plugin's columns); dates and booleans differ by database. */
export interface AuthUserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: number | boolean;
  image: string | null;
  createdAt: string | Date;
  updatedAt: string | Date;
  role: string | null;
  banned: number | boolean | null;
  banReason: string | null;
  banExpires: string | Date | null;
}

export interface AuthSessionTable {
  id: string;
  expiresAt: string | Date;
  token: string;
  createdAt: string | Date;
  updatedAt: string | Date;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  impersonatedBy: string | null;
}

export interface OrdersTable {
  id: string;
  number: string;
  user_id: string;
  idempotency_key: string;
  /** pending | processing | shipped | delivered | cancelled */
  status: string;
  sub_total_paise: number;
  shipping_paise: number;
  tax_paise: number;
  total_paise: number;
  /** card | upi | cod */
  payment_method: string;
  ship_full_name: string;
  ship_phone: string;
  ship_line1: string;
  ship_line2: string | null;
  ship_city: string;
  ship_state: string;
  ship_postal_code: string;
  created_at: string;
  updated_at: string;
}

export interface OrderItemsTable {
  id: string;
  order_id: string;
  position: number;
  product_id: string;
  vendor_id: string;
  name: string;
  unit_price_paise: number;
  quantity: number;
  line_total_paise: number;
}

export interface OrderStatusHistoryTable {
  id: string;
  order_id: string;
  status: string;
  note: string | null;
  actor_user_id: string | null;
  created_at: string;
}

export interface Database {
  vendors: VendorsTable;
  categories: CategoriesTable;
  products: ProductsTable;
  product_terms: ProductTermsTable;
  contact_messages: ContactMessagesTable;
  app_meta: AppMetaTable;
  customer_profiles: CustomerProfilesTable;
  sign_in_attempts: SignInAttemptsTable;
  user: AuthUserTable;
  session: AuthSessionTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_status_history: OrderStatusHistoryTable;
}

export type { Generated };
