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

export interface Database {
  vendors: VendorsTable;
  categories: CategoriesTable;
  products: ProductsTable;
  product_terms: ProductTermsTable;
  contact_messages: ContactMessagesTable;
  app_meta: AppMetaTable;
}

export type { Generated };
