/**
 * The demo products' declarations (docs/product-rules.md, "Product declarations"), by product id:
 * the real product's country of origin and manufacturer, and for imported goods the importer in
 * India: the brand's Indian company where it imports its own products, otherwise the (fictional)
 * demo seller that imports it as a distributor. MRPs are realistic and never below the price with
 * GST (demo-declarations.test.ts checks every one). HSN codes: laptops 8471 30, desktops 8471 50
 * (a tower) or 8471 41 (an all-in-one), monitors 8528 52, graphics cards 8473 30 (parts of
 * computers), processors 8542 31, SSDs and external drives 8471 70, keyboards and mice 8471 60,
 * headphones 8518 30. Contacts and addresses are the manufacturers' published ones as known when
 * this was written; they are demo data, to be checked before a real listing reuses them.
 */
import { BRAND } from "~/config/brand";
import type { ProductDeclarations } from "~/modules/catalog/declarations";
import { demoVendors, type DemoVendor } from "./demo-catalog";

const vendor = (id: DemoVendor["id"]) => demoVendors.find((v) => v.id === id)!;
/** A demo seller as importer: its name and address as registered. */
export const importedBy = (id: DemoVendor["id"]) => {
  const v = vendor(id);
  return { importerName: v.name, importerAddress: `${v.address.replace(/, (\d{6})$/, "")}, ${v.city} ${v.address.slice(-6)}, ${v.state}` };
};

const LG = {
  manufacturerName: "LG Electronics Inc.",
  manufacturerAddress: "LG Twin Towers, 128 Yeoui-daero, Yeongdeungpo-gu, Seoul 07336, South Korea",
  importerName: "LG Electronics India Ltd.",
  importerAddress: "A-24/6, Mohan Co-operative Industrial Estate, Mathura Road, New Delhi 110044",
  consumerCare: "1800 315 9999 (toll free); LG Electronics India Ltd., A-24/6, Mohan Co-operative Industrial Estate, Mathura Road, New Delhi 110044",
};
const HP = {
  manufacturerName: "HP Inc.",
  manufacturerAddress: "1501 Page Mill Road, Palo Alto, CA 94304, United States",
  importerName: "HP India Sales Pvt. Ltd.",
  importerAddress: "24, Salarpuria Arena, Hosur Main Road, Adugodi, Bengaluru 560030",
  consumerCare: "1800 258 7170 (toll free); HP India Sales Pvt. Ltd., 24, Salarpuria Arena, Hosur Main Road, Adugodi, Bengaluru 560030",
};
const LOGITECH = {
  manufacturerName: "Logitech International S.A.",
  manufacturerAddress: "EPFL - Quartier de l'Innovation, Daniel Borel Innovation Center, 1015 Lausanne, Switzerland",
};
export const SELLER_CARE = (id: DemoVendor["id"]) => {
  const v = vendor(id);
  return `${v.phone}; ${v.name}, ${v.address.replace(/, (\d{6})$/, "")}, ${v.city} ${v.address.slice(-6)}`;
};

export const demoDeclarations: Record<string, ProductDeclarations> = {
  "product-rc-gaming-pc-ryzen-7-7800x3d-rtx-5070": {
    countryOfOrigin: "IN",
    // Assembled in the shop's own workshop (the product's description says so).
    manufacturerName: BRAND.name,
    manufacturerAddress: `${BRAND.address.line1}, ${BRAND.address.city} ${BRAND.address.postalCode}, ${BRAND.address.state}`,
    importerName: null,
    importerAddress: null,
    netQuantity: "1 unit (system with power cord)",
    mrpPaise: 1_89_990_00,
    consumerCare: `${BRAND.phone}, ${BRAND.supportEmail}; ${BRAND.name}, ${BRAND.address.line1}, ${BRAND.address.city} ${BRAND.address.postalCode}, ${BRAND.address.state}`,
    warrantyMonths: 12,
    warrantyBy: "seller",
    hsnCode: "84715000",
  },
  "product-lg-ultragear-27gr75q": {
    countryOfOrigin: "CN",
    ...LG,
    netQuantity: "1 unit",
    mrpPaise: 38_500_00,
    warrantyMonths: 36,
    warrantyBy: "manufacturer",
    hsnCode: "85285200",
  },
  "product-zotac-geforce-rtx-5070-twin-edge-oc": {
    countryOfOrigin: "CN",
    manufacturerName: "ZOTAC Technology Ltd. (PC Partner Group)",
    manufacturerAddress: "Dongguan, Guangdong, China",
    ...importedBy("vendor-1"),
    netQuantity: "1 unit",
    mrpPaise: 74_999_00,
    consumerCare: SELLER_CARE("vendor-1"),
    warrantyMonths: 36,
    warrantyBy: "manufacturer",
    hsnCode: "847330",
  },
  "product-sony-wh-1000xm5": {
    countryOfOrigin: "MY",
    manufacturerName: "Sony Corporation",
    manufacturerAddress: "1-7-1 Konan, Minato-ku, Tokyo 108-0075, Japan",
    importerName: "Sony India Pvt. Ltd.",
    importerAddress: "A-18, Mohan Co-operative Industrial Estate, Mathura Road, New Delhi 110044",
    netQuantity: "1 unit (headphones, case, USB-C cable, audio cable)",
    mrpPaise: 39_990_00,
    consumerCare: "1800 103 7799 (toll free); Sony India Pvt. Ltd., A-18, Mohan Co-operative Industrial Estate, Mathura Road, New Delhi 110044",
    warrantyMonths: 12,
    warrantyBy: "manufacturer",
    hsnCode: "85183000",
  },
  "product-asus-tuf-gaming-a15": {
    countryOfOrigin: "CN",
    manufacturerName: "ASUSTeK Computer Inc.",
    manufacturerAddress: "1F, No. 15, Lide Road, Beitou District, Taipei City 112, Taiwan",
    importerName: "ASUS India Pvt. Ltd.",
    importerAddress: "4C, Gundecha Onclave, Kherani Road, Saki Naka, Andheri (East), Mumbai 400072",
    netQuantity: "1 unit (laptop, power adapter)",
    mrpPaise: 1_09_990_00,
    consumerCare: "1800 2090 365 (toll free); ASUS India Pvt. Ltd., 4C, Gundecha Onclave, Kherani Road, Saki Naka, Andheri (East), Mumbai 400072",
    warrantyMonths: 12,
    warrantyBy: "manufacturer",
    hsnCode: "84713010",
  },
  "product-apple-macbook-air-13-m4": {
    countryOfOrigin: "CN",
    manufacturerName: "Apple Inc.",
    manufacturerAddress: "One Apple Park Way, Cupertino, CA 95014, United States",
    importerName: "Apple India Pvt. Ltd.",
    importerAddress: "19th Floor, Concorde Tower C, UB City, No. 24, Vittal Mallya Road, Bengaluru 560001",
    netQuantity: "1 unit (laptop, USB-C power adapter, USB-C to MagSafe 3 cable)",
    mrpPaise: 1_19_900_00,
    consumerCare: "000800 040 1966 (toll free); Apple India Pvt. Ltd., 19th Floor, Concorde Tower C, UB City, Vittal Mallya Road, Bengaluru 560001",
    warrantyMonths: 12,
    warrantyBy: "manufacturer",
    hsnCode: "84713010",
  },
  "product-lenovo-ideapad-slim-5-14-oled": {
    countryOfOrigin: "CN",
    manufacturerName: "Lenovo Group Ltd.",
    manufacturerAddress: "23rd Floor, Lincoln House, Taikoo Place, 979 King's Road, Quarry Bay, Hong Kong",
    importerName: "Lenovo (India) Pvt. Ltd.",
    importerAddress: "Ferns Icon, Level 2, Doddanekundi Village, Marathahalli Outer Ring Road, Bengaluru 560037",
    netQuantity: "1 unit (laptop, power adapter)",
    mrpPaise: 94_990_00,
    consumerCare: "1800 419 4666 (toll free); Lenovo (India) Pvt. Ltd., Ferns Icon, Level 2, Marathahalli Outer Ring Road, Bengaluru 560037",
    warrantyMonths: 12,
    warrantyBy: "manufacturer",
    hsnCode: "84713010",
  },
  "product-hp-victus-15-ryzen-5-rtx-4050": {
    countryOfOrigin: "CN",
    ...HP,
    netQuantity: "1 unit (laptop, power adapter)",
    mrpPaise: 89_990_00,
    warrantyMonths: 12,
    warrantyBy: "manufacturer",
    hsnCode: "84713010",
  },
  "product-samsung-990-pro-2tb": {
    countryOfOrigin: "KR",
    manufacturerName: "Samsung Electronics Co., Ltd.",
    manufacturerAddress: "129 Samsung-ro, Yeongtong-gu, Suwon-si, Gyeonggi-do 16677, South Korea",
    importerName: "Samsung India Electronics Pvt. Ltd.",
    importerAddress: "6th Floor, DLF Centre, Sansad Marg, New Delhi 110001",
    netQuantity: "1 unit",
    mrpPaise: 22_999_00,
    consumerCare: "1800 40 7267864 (toll free); Samsung India Electronics Pvt. Ltd., 6th Floor, DLF Centre, Sansad Marg, New Delhi 110001",
    warrantyMonths: 60,
    warrantyBy: "manufacturer",
    hsnCode: "84717020",
  },
  "product-logitech-mx-master-3s": {
    countryOfOrigin: "CN",
    ...LOGITECH,
    ...importedBy("vendor-3"),
    netQuantity: "1 unit (mouse, USB-C cable, Logi Bolt receiver)",
    mrpPaise: 10_995_00,
    consumerCare: SELLER_CARE("vendor-3"),
    warrantyMonths: 12,
    warrantyBy: "manufacturer",
    hsnCode: "84716060",
  },
  "product-benq-gw2490": {
    countryOfOrigin: "CN",
    manufacturerName: "BenQ Corporation",
    manufacturerAddress: "16 Jihu Road, Neihu District, Taipei 114, Taiwan",
    ...importedBy("vendor-3"),
    netQuantity: "1 unit (monitor, stand, power cable, HDMI cable)",
    mrpPaise: 13_990_00,
    consumerCare: SELLER_CARE("vendor-3"),
    warrantyMonths: 36,
    warrantyBy: "manufacturer",
    hsnCode: "85285200",
  },
  "product-hp-all-in-one-24-core-i5": {
    countryOfOrigin: "CN",
    ...HP,
    netQuantity: "1 unit (computer, keyboard, mouse, power adapter)",
    mrpPaise: 82_990_00,
    warrantyMonths: 12,
    warrantyBy: "manufacturer",
    hsnCode: "84714100",
  },
  "product-amd-ryzen-7-7800x3d": {
    countryOfOrigin: "CN",
    manufacturerName: "Advanced Micro Devices, Inc.",
    manufacturerAddress: "2485 Augustine Drive, Santa Clara, CA 95054, United States",
    ...importedBy("vendor-2"),
    netQuantity: "1 unit",
    mrpPaise: 46_990_00,
    consumerCare: SELLER_CARE("vendor-2"),
    warrantyMonths: 36,
    warrantyBy: "manufacturer",
    hsnCode: "85423100",
  },
  "product-logitech-g213-prodigy": {
    countryOfOrigin: "CN",
    ...LOGITECH,
    ...importedBy("vendor-1"),
    netQuantity: "1 unit",
    mrpPaise: 4_995_00,
    consumerCare: SELLER_CARE("vendor-1"),
    warrantyMonths: 24,
    warrantyBy: "manufacturer",
    hsnCode: "84716060",
  },
  "product-wd-my-passport-2tb": {
    countryOfOrigin: "TH",
    manufacturerName: "Western Digital Corporation",
    manufacturerAddress: "5601 Great Oaks Parkway, San Jose, CA 95119, United States",
    ...importedBy("vendor-1"),
    netQuantity: "1 unit (drive, USB cable)",
    mrpPaise: 9_999_00,
    consumerCare: SELLER_CARE("vendor-1"),
    warrantyMonths: 36,
    warrantyBy: "manufacturer",
    hsnCode: "84717020",
  },
  "product-dell-inspiron-15-3530": {
    countryOfOrigin: "CN",
    manufacturerName: "Dell Technologies Inc.",
    manufacturerAddress: "One Dell Way, Round Rock, TX 78682, United States",
    importerName: "Dell International Services India Pvt. Ltd.",
    importerAddress: "Divyasree Greens, Challaghatta Village, Varthur Hobli, Bengaluru 560071",
    netQuantity: "1 unit (laptop, power adapter)",
    mrpPaise: 72_990_00,
    consumerCare: "1800 425 4026 (toll free); Dell International Services India Pvt. Ltd., Divyasree Greens, Challaghatta Village, Bengaluru 560071",
    warrantyMonths: 12,
    warrantyBy: "manufacturer",
    hsnCode: "84713010",
  },
};
