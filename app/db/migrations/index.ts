import type { Migration, MigrationProvider } from "kysely/migration";
import * as m0001 from "./0001_catalog";
import * as m0002 from "./0002_accounts";
import * as m0003 from "./0003_orders";
import * as m0004 from "./0004_order_parts";
import * as m0005 from "./0005_payment_settings";
import * as m0006 from "./0006_jobs_and_mail";
import * as m0007 from "./0007_payments";
import * as m0008 from "./0008_typed_specifications";
import * as m0009 from "./0009_search";
import * as m0010 from "./0010_catalog_lookups";
import * as m0011 from "./0011_returns";
import * as m0012 from "./0012_settlements";
import * as m0013 from "./0013_pin_rules";
import * as m0014 from "./0014_delivery_promise";
import * as m0015 from "./0015_grievances";
import * as m0016 from "./0016_ledger_sales_index";
import * as m0017 from "./0017_order_promises";
import * as m0018 from "./0018_product_declarations";
import * as m0019 from "./0019_legal_details";
import * as m0020 from "./0020_reviews";
import * as m0021 from "./0021_questions";
import * as m0022 from "./0022_wishlist";
import * as m0023 from "./0023_review_reminders";
import * as m0024 from "./0024_rating_lookups";
import * as m0025 from "./0025_business_gst";
import * as m0026 from "./0026_eway_bill";
import * as m0027 from "./0027_saved_builds";
import * as m0028 from "./0028_part_figures";

/** Listed by hand so that the bundled server carries them; names sort in the order they run. */
const migrations: Record<string, Migration> = {
  "0001_catalog": m0001,
  "0002_accounts": m0002,
  "0003_orders": m0003,
  "0004_order_parts": m0004,
  "0005_payment_settings": m0005,
  "0006_jobs_and_mail": m0006,
  "0007_payments": m0007,
  "0008_typed_specifications": m0008,
  "0009_search": m0009,
  "0010_catalog_lookups": m0010,
  "0011_returns": m0011,
  "0012_settlements": m0012,
  "0013_pin_rules": m0013,
  "0014_delivery_promise": m0014,
  "0015_grievances": m0015,
  "0016_ledger_sales_index": m0016,
  "0017_order_promises": m0017,
  "0018_product_declarations": m0018,
  "0019_legal_details": m0019,
  "0020_reviews": m0020,
  "0021_questions": m0021,
  "0022_wishlist": m0022,
  "0023_review_reminders": m0023,
  "0024_rating_lookups": m0024,
  "0025_business_gst": m0025,
  "0026_eway_bill": m0026,
  "0027_saved_builds": m0027,
  "0028_part_figures": m0028,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
