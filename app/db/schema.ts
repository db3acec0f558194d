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
  /** Where the seller dispatches from, a 6-digit PIN; null: not set, no delivery promise (migration 0014). */
  dispatch_pin: string | null;
  /** Business days from the start day to dispatch, 0 to 10 (delivery/promise.ts). */
  handling_days: Generated<number>;
  /** HH:MM, India time: orders after it start the next business day. */
  cut_off: Generated<string>;
}

export interface CategoriesTable {
  name: string;
  position: number;
  /** returnable | replacement_only | not_returnable (returns/rules.ts; migration 0011) */
  return_rule: Generated<string>;
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
  // Declarations (migration 0018, docs/product-rules.md "Product declarations"); null on products
  // saved before them until their seller fills them in.
  /** ISO 3166-1 alpha-2 code, "IN" for India. */
  country_of_origin: string | null;
  manufacturer_name: string | null;
  manufacturer_address: string | null;
  /** For imported goods (country of origin not India). */
  importer_name: string | null;
  importer_address: string | null;
  /** "1 unit", "2 pieces" */
  net_quantity: string | null;
  /** Maximum retail price inclusive of all taxes, never below the price plus GST. */
  mrp_paise: number | null;
  /** Phone or email and address. */
  consumer_care: string | null;
  /** 0–120 */
  warranty_months: number | null;
  /** manufacturer | seller */
  warranty_by: string | null;
  /** 4 to 8 digits. */
  hsn_code: string | null;
  // Ratings (migration 0020): the published reviews' count, stars summed, and average × 100 (0 with
  // none), written with every review change.
  rating_count: Generated<number>;
  rating_sum: Generated<number>;
  rating_score: Generated<number>;
}

/** A product's valid typed specification values, for catalogue filters (migration 0008). */
export interface ProductSpecsTable {
  product_id: string;
  attribute: string;
  /** Stored normalised: numbers in the attribute's base unit ("16" GB), choices as the option. */
  value: string;
  /** Copied from the product, kept by the catalogue module. */
  category: string;
  listed: number;
  price_paise: number;
}

/**
 * A PC part's figures the builder's slot lists read, one row a part (app/modules/builds/part-figures.ts,
 * PART_FIGURE_COLUMNS); kept by the catalogue module beside product_specs. Numbers are numeric
 * columns (PostgreSQL hands them back as text); null where the part has no checked value.
 */
export interface PartFiguresTable {
  product_id: string;
  /** The builder's slot (compatibility.ts, Slot). */
  slot: string;
  listed: number;
  price_paise: number;
  brand: string | null;
  socket: string | null;
  ram_types: string | null;
  ram_type: string | null;
  power: number | null;
  peak_power: number | null;
  board_form_factor: string | null;
  memory_slots: number | null;
  max_memory: number | null;
  m2_slots: number | null;
  sata_ports: number | null;
  modules: number | null;
  module_capacity: number | null;
  module_type: string | null;
  registered: string | null;
  card_length: number | null;
  card_8_pin: number | null;
  card_12v2x6: number | null;
  interface: string | null;
  form_factor: string | null;
  case_board_form_factors: string | null;
  max_card_length: number | null;
  max_cooler_height: number | null;
  case_psu_form_factors: string | null;
  bays_35: number | null;
  cooler_type: string | null;
  cooler_height: number | null;
  cooler_sockets: string | null;
  radiator_size: number | null;
  wattage: number | null;
  psu_form_factor: string | null;
  psu_8_pin: number | null;
  psu_12v2x6: number | null;
}

/** A product's search document (docs/decisions/016); on SQLite also an FTS5 index, on PostgreSQL a tsvector. */
export interface SearchDocumentsTable {
  product_id: string;
  title: string;
  specs: string;
  body: string;
  /** Copies of the product's, for pages that count and sort a search's matches (kept by the catalogue module). */
  listed: Generated<number>;
  category: Generated<string>;
  price_paise: Generated<number>;
  /** The product's brand as filters match it (its product_specs value), if it has a valid one. */
  brand: string | null;
}

/** The catalogue's words of letters, for typo candidates and "Did you mean"; only ever grows. */
export interface SearchWordsTable {
  word: string;
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
  /** The GSTIN and legal name last bought for with a GST invoice (migration 0025). */
  gstin: string | null;
  business_legal_name: string | null;
  updated_at: string;
  /** 1 until the customer turns off the mails asking them to review what they bought (migration 0020). */
  review_reminders: Generated<number>;
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
  /** card | upi | cod | bank_transfer */
  payment_method: string;
  ship_full_name: string;
  ship_phone: string;
  ship_line1: string;
  ship_line2: string | null;
  ship_city: string;
  ship_state: string;
  ship_postal_code: string;
  /** A business buyer's GSTIN (checked against the delivery state) and legal name; null for a consumer. */
  buyer_gstin: string | null;
  buyer_legal_name: string | null;
  created_at: string;
  updated_at: string;
  /** 1 once a cancellation has returned the items to stock */
  stock_released: Generated<number>;
  /** cod | awaiting | failed | paid | refund_pending | refunded | refund_failed | void (payments/payment-status.ts) */
  payment_status: Generated<string>;
  razorpay_order_id: string | null;
  /** The Razorpay payment that paid the order. */
  razorpay_payment_id: string | null;
  /** The last failed attempt's reason, in plain words. */
  payment_error: string | null;
  paid_at: string | null;
}

export interface PaymentEventsTable {
  /** Razorpay's event id, or "callback:<payment id>" */
  id: string;
  event: string;
  order_id: string | null;
  payment_id: string | null;
  received_at: string;
}

export interface RefundsTable {
  /** Also the X-Refund-Idempotency key. */
  id: string;
  order_id: string;
  /** Razorpay's payment; null for a refund paid by hand. */
  payment_id: string | null;
  amount_paise: number;
  /** requested | pending | processed | failed */
  status: string;
  razorpay_refund_id: string | null;
  failure: string | null;
  /** cancelled | surplus | return */
  reason: string;
  /** The return it pays for (migration 0011). */
  return_id: string | null;
  /** razorpay | manual (paid by bank transfer, by an administrator) */
  method: Generated<string>;
  /** The bank transfer's reference (UTR) of a refund paid by hand. */
  utr: string | null;
  actor_user_id: string | null;
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
  /** The product's category when the order was placed (migration 0012): its commission rate's. */
  category: string | null;
  /** The product's HSN code when the order was placed (migration 0018), for the tax invoice. */
  hsn_code: string | null;
}

export interface OrderStatusHistoryTable {
  id: string;
  order_id: string;
  status: string;
  note: string | null;
  actor_user_id: string | null;
  /** set on a vendor part's history; null on the order's own */
  vendor_id: string | null;
  created_at: string;
}

/** One vendor's part of an order (migration 0004). */
export interface OrderPartsTable {
  order_id: string;
  vendor_id: string;
  /** pending | processing | shipped | delivered | cancelled */
  status: string;
  amount_paise: number;
  item_count: number;
  carrier: string | null;
  tracking_number: string | null;
  order_number: string;
  customer_user_id: string;
  order_created_at: string;
  updated_at: string;
  /** When the part was last marked Delivered: its return window starts here (migration 0011). */
  delivered_at: string | null;
  /** The delivery promised when the order was placed, earliest and latest days (YYYY-MM-DD, India time); null without one (migration 0017). */
  promised_from: string | null;
  promised_to: string | null;
  /** When the "review what you bought" reminder was sent or skipped; null until then (migration 0023). */
  review_reminded_at: Generated<string | null>;
  /** The e-way bill's 12-digit number, given when a part worth more than ₹50,000 with tax was shipped (gst/eway-bill.ts; migration 0026). */
  eway_bill_number: Generated<string | null>;
}

/** A customer's request to return part of an order line for a refund or a replacement (migration 0011). */
export interface ReturnsTable {
  id: string;
  /** The order's number and -R1, -R2…: what everyone quotes. */
  number: string;
  order_id: string;
  order_number: string;
  vendor_id: string;
  customer_user_id: string;
  order_item_id: string;
  product_id: string;
  product_name: string;
  unit_price_paise: number;
  quantity: number;
  /** returns/rules.ts RETURN_REASONS */
  reason: string;
  /** refund | replacement */
  resolution: string;
  details: string;
  serial_number: string | null;
  /** returns/rules.ts RETURN_STATUSES */
  status: string;
  refund_items_paise: number;
  refund_tax_paise: number;
  refund_shipping_paise: number;
  refund_total_paise: number;
  /** Where a cash-on-delivery or bank-transfer refund goes, sealed (app/lib/secret-box.server.ts). */
  refund_to_sealed: string | null;
  refund_to_masked: string | null;
  pickup_carrier: string | null;
  pickup_reference: string | null;
  /** Why it was rejected, or refused on inspection. */
  decision_note: string | null;
  /** 1 when the item, accepted, went back into stock. */
  restock: Generated<number>;
  /** pending | processing | shipped | delivered, for a replacement */
  replacement_status: string | null;
  replacement_carrier: string | null;
  replacement_tracking: string | null;
  /** When the seller (or an administrator) first answered. */
  answered_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ReturnPhotosTable {
  return_id: string;
  position: number;
  url: string;
}

export interface ReturnHistoryTable {
  id: string;
  return_id: string;
  status: string;
  note: string | null;
  actor_user_id: string | null;
  /** customer | vendor | admin | system */
  actor_role: string;
  created_at: string;
}

/** A seller's GST credit note for an accepted return's refund (migration 0011). */
export interface CreditNotesTable {
  id: string;
  number: string;
  return_id: string;
  vendor_id: string;
  /** 2026-27 */
  financial_year: string;
  sequence: number;
  invoice_number: string;
  /** intra | inter, as on the invoice */
  kind: string;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  total_paise: number;
  created_at: string;
}

export interface CreditNoteCountersTable {
  vendor_id: string;
  financial_year: string;
  last: number;
}

/** A customer's complaint and its ticket (migration 0015; modules/grievances). */
export interface GrievancesTable {
  id: string;
  /** GRV/2026-27/0001 */
  number: string;
  financial_year: string;
  sequence: number;
  customer_user_id: string;
  order_id: string | null;
  order_number: string | null;
  subject: string;
  /** order | delivery | refund | product | seller | account | other */
  category: string;
  details: string;
  /** open | acknowledged | closed */
  status: string;
  created_at: string;
  acknowledged_at: string | null;
  closed_at: string | null;
  updated_at: string;
}

export interface GrievanceHistoryTable {
  id: string;
  grievance_id: string;
  /** raised | acknowledged | replied | closed */
  event: string;
  actor_user_id: string;
  /** customer | admin */
  actor_role: string;
  /** A reply or a closing note, as written. */
  message: string | null;
  created_at: string;
}

/** The last ticket number of each financial year. */
export interface GrievanceCountersTable {
  financial_year: string;
  last: number;
}

/** Commission, TCS and TDS rates with the day each takes effect (migration 0012). */
export interface SettlementRatesTable {
  id: string;
  kind: string;
  category: string | null;
  /** Hundredths of a percent. */
  rate_bp: number;
  effective_from: string;
  created_by: string | null;
  created_at: string;
}

/** One amount a seller's part of an order adds to (+) or takes from (−) what the seller is owed. */
export interface LedgerEntriesTable {
  id: string;
  vendor_id: string;
  order_id: string;
  order_number: string;
  kind: string;
  amount_paise: number;
  supply: string;
  payout_id: string | null;
  created_at: string;
}

export interface PayoutsTable {
  id: string;
  number: string;
  vendor_id: string;
  amount_paise: number;
  method: string;
  status: string;
  idempotency_key: string;
  razorpay_transfer_id: string | null;
  utr: string | null;
  failure: string | null;
  actor_user_id: string | null;
  created_at: string;
  updated_at: string;
  processed_at: string | null;
}

export interface PayoutCountersTable {
  id: number;
  last: number;
}

/** Where a seller is paid; the account number sealed with the secret box, never plain. */
export interface VendorPayoutAccountsTable {
  vendor_id: string;
  holder_name: string;
  account_number_sealed: string;
  account_number_masked: string;
  ifsc: string;
  razorpay_account_id: string | null;
  updated_by: string | null;
  updated_at: string;
}

/**
 * The shop's payment settings: one row, id 1 (migration 0005). `*_sealed` columns hold secrets
 * sealed with AES-256-GCM (app/lib/secret-box.server.ts), never plain text.
 */
export interface PaymentSettingsTable {
  id: number;
  razorpay_enabled: number;
  razorpay_key_id: string | null;
  razorpay_key_secret_sealed: string | null;
  /** Razorpay's webhook secret (migration 0007) */
  razorpay_webhook_secret_sealed: string | null;
  cod_enabled: number;
  stripe_enabled: number;
  stripe_publishable_key: string | null;
  stripe_secret_key_sealed: string | null;
  bank_enabled: number;
  bank_account_name: string | null;
  bank_account_number_sealed: string | null;
  bank_name: string | null;
  bank_ifsc: string | null;
  version: number;
  updated_at: string;
  updated_by: string | null;
}

/** A PIN code or prefix (1 to 6 digits) where the shop does not deliver, or takes no cash on delivery (migration 0013). */
export interface PinRulesTable {
  prefix: string;
  /** not_serviceable | prepaid_only */
  kind: string;
  created_by: string | null;
  created_at: string;
}

/** Cash on delivery's order-value limit: one row, id 1 (migration 0013); null is no limit. */
/** The shop's legal details: one row, id 1 (migration 0019; content/legal.server.ts). */
export interface LegalDetailsTable {
  id: number;
  legal_name: string;
  /** Corporate Identity Number, 21 characters (content/legal.ts) */
  cin: string;
  registered_office: string;
  /** The operator's GSTIN, checked like the sellers' (gst/gstin.ts) */
  gstin: string;
  grievance_officer_name: string;
  grievance_officer_designation: string;
  grievance_officer_email: string;
  grievance_officer_phone: string;
  updated_at: string;
  updated_by: string | null;
}

export interface CodSettingsTable {
  id: number;
  limit_paise: number | null;
  updated_by: string | null;
  updated_at: string;
}

/** A mail the shop has decided to send (migration 0006); rendered once, delivered by a job. */
export interface MailTable {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  reference: string | null;
  /** queued | sent | failed */
  status: string;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  updated_at: string;
}

/** The embedded database's job queue (migration 0006); PostgreSQL uses pg-boss instead. */
export interface JobsTable {
  id: string;
  name: string;
  /** JSON */
  data: string;
  /** queued | active | done | failed */
  status: string;
  attempts: Generated<number>;
  max_attempts: number;
  run_after: string;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** A metro for delivery promises (migration 0014); a PIN starting with one of its prefixes is in it. */
export interface DeliveryMetrosTable {
  id: string;
  name: string;
  created_at: string;
}

export interface DeliveryMetroPrefixesTable {
  /** 1 to 6 digits, unique across metros */
  prefix: string;
  metro_id: string;
}

/** A day that is not a business day for delivery promises. */
export interface DeliveryHolidaysTable {
  /** YYYY-MM-DD */
  day: string;
  name: string;
  created_at: string;
}

/** A verified purchase's review (migration 0020, docs/product-rules.md "Reviews"). */
export interface ReviewsTable {
  id: string;
  product_id: string;
  user_id: string;
  /** The delivered order that makes it a verified purchase. */
  order_id: string;
  /** 1 to 5 */
  rating: number;
  title: string;
  body: string;
  /** published | hidden */
  status: string;
  helpful_count: Generated<number>;
  report_count: Generated<number>;
  /** Why the admin hid it, shown to the reviewer; null while published. */
  hidden_reason: string | null;
  reply_body: string | null;
  reply_user_id: string | null;
  replied_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ReviewPhotosTable {
  review_id: string;
  position: number;
  url: string;
}

export interface ReviewVotesTable {
  review_id: string;
  user_id: string;
  created_at: string;
}

export interface ReviewReportsTable {
  review_id: string;
  user_id: string;
  reason: string;
  created_at: string;
}

export interface ReviewHistoryTable {
  id: string;
  review_id: string;
  /** published | edited | reported | hidden | restored | replied */
  event: string;
  actor_user_id: string;
  /** customer | vendor | admin */
  actor_role: string;
  note: string | null;
  created_at: string;
}

/** A customer's question about a product (migration 0021, docs/product-rules.md "Questions and answers"). */
export interface QuestionsTable {
  id: string;
  product_id: string;
  user_id: string;
  body: string;
  /** published | hidden */
  status: string;
  /** Why the admin hid it; null while published. */
  hidden_reason: string | null;
  created_at: string;
  /** The first answer's time; null while unanswered. */
  answered_at: string | null;
  /** Its published answers. */
  answer_count: Generated<number>;
}

/** An answer to a question, by the product's seller or a customer with a delivered item of it (migration 0021). */
export interface AnswersTable {
  id: string;
  question_id: string;
  user_id: string;
  body: string;
  /** 1 when the product's seller wrote it */
  by_seller: Generated<number>;
  /** published | hidden */
  status: string;
  hidden_reason: string | null;
  created_at: string;
}

/** A customer's wishlist item or "Notify me" alert (migration 0022; docs/product-rules.md, "Wishlist and alerts"). */
export interface WishlistItemsTable {
  user_id: string;
  product_id: string;
  /** 1 on the wishlist; 0 only a "Notify me" asked on an out-of-stock product. */
  on_wishlist: Generated<number>;
  saved_price_paise: number;
  /** 1 while the customer wants the back-in-stock and price-drop mails. */
  notify: Generated<number>;
  /** The product change the last "back in stock" mail was for. */
  stock_notified_at: string | null;
  /** The price the last "price drop" mail announced. */
  price_notified_paise: number | null;
  created_at: string;
  updated_at: string;
}

/** A saved PC build (migration 0027; docs/product-rules.md, "PC builds"): its id is its address. */
export interface BuildsTable {
  id: string;
  /** The customer who saved it; null when saved signed out. */
  user_id: string | null;
  name: string;
  created_at: string;
}

/** A part of a saved build, with its name and price the day the build was saved. */
export interface BuildPartsTable {
  build_id: string;
  /** 0, 1, …: the builder's order; a part chosen twice is two rows. */
  position: number;
  product_id: string;
  name: string;
  price_paise: number;
}

export interface Database {
  vendors: VendorsTable;
  categories: CategoriesTable;
  products: ProductsTable;
  product_specs: ProductSpecsTable;
  part_figures: PartFiguresTable;
  search_documents: SearchDocumentsTable;
  search_words: SearchWordsTable;
  contact_messages: ContactMessagesTable;
  app_meta: AppMetaTable;
  customer_profiles: CustomerProfilesTable;
  sign_in_attempts: SignInAttemptsTable;
  user: AuthUserTable;
  session: AuthSessionTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_status_history: OrderStatusHistoryTable;
  order_parts: OrderPartsTable;
  payment_settings: PaymentSettingsTable;
  mail: MailTable;
  jobs: JobsTable;
  payment_events: PaymentEventsTable;
  refunds: RefundsTable;
  returns: ReturnsTable;
  return_photos: ReturnPhotosTable;
  return_history: ReturnHistoryTable;
  credit_notes: CreditNotesTable;
  credit_note_counters: CreditNoteCountersTable;
  settlement_rates: SettlementRatesTable;
  ledger_entries: LedgerEntriesTable;
  payouts: PayoutsTable;
  payout_counters: PayoutCountersTable;
  vendor_payout_accounts: VendorPayoutAccountsTable;
  delivery_metros: DeliveryMetrosTable;
  delivery_metro_prefixes: DeliveryMetroPrefixesTable;
  delivery_holidays: DeliveryHolidaysTable;
  pin_rules: PinRulesTable;
  cod_settings: CodSettingsTable;
  grievances: GrievancesTable;
  grievance_history: GrievanceHistoryTable;
  grievance_counters: GrievanceCountersTable;
  legal_details: LegalDetailsTable;
  reviews: ReviewsTable;
  review_photos: ReviewPhotosTable;
  review_votes: ReviewVotesTable;
  review_reports: ReviewReportsTable;
  review_history: ReviewHistoryTable;
  questions: QuestionsTable;
  answers: AnswersTable;
  wishlist_items: WishlistItemsTable;
  builds: BuildsTable;
  build_parts: BuildPartsTable;
}

export type { Generated };
