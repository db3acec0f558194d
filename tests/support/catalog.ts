/**
 * The demo catalogue as the browser tests expect to find it (app/seed/demo-catalog.ts),
 * written out by hand so that a change to the seed shows up as a failing test, not a silent pass.
 */
export interface DemoItem {
  id: string;
  name: string;
  category: "Laptop" | "Desktop" | "Monitor" | "Component" | "Peripherals" | "Storage" | "Audio";
  /** Whole rupees. */
  price: number;
  /** As the shop shows it: en-IN grouping, no decimals. */
  priceText: string;
  stock: number;
  featured: boolean;
}

function item(id: string, name: string, category: DemoItem["category"], price: number, stock: number, featured: boolean): DemoItem {
  const priceText = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 }).format(price);
  return { id, name, category, price, priceText, stock, featured };
}

/** In seed order. */
export const CATALOG = {
  gamingPc: item("product-rc-gaming-pc-ryzen-7-7800x3d-rtx-5070", "RC Assembled Gaming PC (Ryzen 7 7800X3D, RTX 5070)", "Desktop", 149990, 4, true),
  lgMonitor: item("product-lg-ultragear-27gr75q", "LG UltraGear 27GR75Q 27-inch QHD Gaming Monitor", "Monitor", 21999, 17, true),
  zotacGpu: item("product-zotac-geforce-rtx-5070-twin-edge-oc", "ZOTAC Gaming GeForce RTX 5070 Twin Edge OC 12GB", "Component", 57999, 11, true),
  sonyHeadphones: item("product-sony-wh-1000xm5", "Sony WH-1000XM5 Wireless Noise Cancelling Headphones", "Audio", 29990, 24, true),
  asusTuf: item("product-asus-tuf-gaming-a15", "ASUS TUF Gaming A15 (Ryzen 7 7435HS, RTX 4060)", "Laptop", 82990, 14, true),
  macbookAir: item("product-apple-macbook-air-13-m4", "Apple MacBook Air 13-inch (M4, 16GB, 256GB)", "Laptop", 99900, 3, true),
  lenovoIdeapad: item("product-lenovo-ideapad-slim-5-14-oled", "Lenovo IdeaPad Slim 5 14 OLED (Ryzen 7 8845HS)", "Laptop", 74990, 21, false),
  hpVictus: item("product-hp-victus-15-ryzen-5-rtx-4050", "HP Victus 15 (Ryzen 5 8645HS, RTX 4050)", "Laptop", 71990, 1, false),
  samsungSsd: item("product-samsung-990-pro-2tb", "Samsung 990 PRO 2TB PCIe 4.0 NVMe M.2 SSD", "Storage", 16999, 32, false),
  mxMaster: item("product-logitech-mx-master-3s", "Logitech MX Master 3S Wireless Performance Mouse", "Peripherals", 8995, 46, false),
  benqMonitor: item("product-benq-gw2490", "BenQ GW2490 24-inch Full HD Eye-Care Monitor", "Monitor", 8999, 26, false),
  hpAllInOne: item("product-hp-all-in-one-24-core-i5", "HP All-in-One 24 (Intel Core i5 13th Gen)", "Desktop", 64990, 9, false),
  ryzenCpu: item("product-amd-ryzen-7-7800x3d", "AMD Ryzen 7 7800X3D Desktop Processor", "Component", 36990, 2, false),
  g213Keyboard: item("product-logitech-g213-prodigy", "Logitech G213 Prodigy RGB Gaming Keyboard", "Peripherals", 3499, 58, false),
  wdPassport: item("product-wd-my-passport-2tb", "WD My Passport 2TB Portable Hard Drive", "Storage", 6999, 0, false),
  dellInspiron: item("product-dell-inspiron-15-3530", "Dell Inspiron 15 3530 (Core i5-1334U)", "Laptop", 56990, 0, false),
} as const;

/**
 * The demo's PC parts (app/seed/demo-pc-parts.ts), seeded after the sixteen, none featured. The
 * Ryzen 7 7800X3D, the ZOTAC RTX 5070 and the Samsung 990 PRO are parts too, and stay in CATALOG.
 */
export const PC_PARTS = {
  ryzen5_5600: item("product-amd-ryzen-5-5600", "AMD Ryzen 5 5600 Desktop Processor (Wraith Stealth Cooler)", "Component", 10999, 18, false),
  corei5_14600k: item("product-intel-core-i5-14600k", "Intel Core i5-14600K Desktop Processor", "Component", 28999, 9, false),
  corei9_13900k: item("product-intel-core-i9-13900k", "Intel Core i9-13900K Desktop Processor", "Component", 48999, 4, false),
  b850Tomahawk: item("product-msi-mag-b850-tomahawk-max-wifi", "MSI MAG B850 TOMAHAWK MAX WIFI AM5 ATX Motherboard", "Component", 25999, 7, false),
  b550Tomahawk: item("product-msi-mag-b550-tomahawk-max-wifi", "MSI MAG B550 TOMAHAWK MAX WIFI AM4 ATX Motherboard", "Component", 16499, 12, false),
  z790A: item("product-msi-pro-z790-a-max-wifi", "MSI PRO Z790-A MAX WIFI LGA 1700 ATX Motherboard", "Component", 24999, 6, false),
  flareX5Ddr5: item("product-gskill-flare-x5-32gb-ddr5-6000", "G.SKILL Flare X5 32GB (2 x 16GB) DDR5-6000 CL30 Memory Kit", "Component", 10999, 20, false),
  vengeanceDdr4: item("product-corsair-vengeance-lpx-16gb-ddr4-3200", "Corsair Vengeance LPX 16GB (2 x 8GB) DDR4-3200 Memory Kit", "Component", 3499, 35, false),
  furyBeastDdr5: item("product-kingston-fury-beast-32gb-ddr5-5600", "Kingston FURY Beast 32GB (2 x 16GB) DDR5-5600 Memory Kit", "Component", 9499, 16, false),
  rx7600: item("product-sapphire-pulse-radeon-rx-7600-8gb", "Sapphire PULSE AMD Radeon RX 7600 8GB", "Component", 25499, 10, false),
  rtx4060Ti: item("product-msi-geforce-rtx-4060-ti-ventus-2x-black-8g-oc", "MSI GeForce RTX 4060 Ti VENTUS 2X BLACK 8G OC", "Component", 37999, 8, false),
  rx7800Xt: item("product-xfx-speedster-qick319-radeon-rx-7800-xt", "XFX Speedster QICK319 AMD Radeon RX 7800 XT 16GB", "Component", 51999, 5, false),
  rtx4090: item("product-msi-geforce-rtx-4090-ventus-3x-24g-oc", "MSI GeForce RTX 4090 VENTUS 3X 24G OC", "Component", 179999, 3, false),
  sn770: item("product-wd-black-sn770-1tb", "WD_BLACK SN770 1TB PCIe 4.0 NVMe M.2 SSD", "Storage", 6999, 27, false),
  mx500: item("product-crucial-mx500-1tb", "Crucial MX500 1TB 2.5-inch SATA SSD", "Storage", 5999, 22, false),
  lancool216: item("product-lian-li-lancool-216", "Lian Li LANCOOL 216 ATX Mid-Tower Case", "Component", 8999, 11, false),
  corsair4000D: item("product-corsair-4000d-airflow", "Corsair 4000D AIRFLOW ATX Mid-Tower Case", "Component", 8499, 14, false),
  p300A: item("product-phanteks-eclipse-p300a", "Phanteks Eclipse P300A Mesh ATX Mid-Tower Case", "Component", 5499, 19, false),
  nr200P: item("product-cooler-master-masterbox-nr200p", "Cooler Master MasterBox NR200P Mini-ITX Case", "Component", 8499, 6, false),
  h5Flow: item("product-nzxt-h5-flow", "NZXT H5 Flow ATX Mid-Tower Case", "Component", 8999, 8, false),
  ak620: item("product-deepcool-ak620", "DeepCool AK620 CPU Air Cooler", "Component", 5499, 15, false),
  peerlessAssassin: item("product-thermalright-peerless-assassin-120-se", "Thermalright Peerless Assassin 120 SE CPU Air Cooler", "Component", 3699, 24, false),
  nhD15: item("product-noctua-nh-d15", "Noctua NH-D15 CPU Air Cooler", "Component", 10999, 7, false),
  nhU12S: item("product-noctua-nh-u12s", "Noctua NH-U12S CPU Air Cooler", "Component", 6999, 10, false),
  a650gl: item("product-msi-mag-a650gl-pcie5", "MSI MAG A650GL PCIE5 650W 80 Plus Gold Power Supply", "Component", 6999, 17, false),
  a850gl: item("product-msi-mag-a850gl-pcie5", "MSI MAG A850GL PCIE5 850W 80 Plus Gold Power Supply", "Component", 10499, 13, false),
  rm1000e: item("product-corsair-rm1000e", "Corsair RM1000e 1000W 80 Plus Gold Power Supply", "Component", 15999, 5, false),
} as const;

/** The spec's sixteen products, in seed order. */
export const SPEC_PRODUCTS: readonly DemoItem[] = Object.values(CATALOG);

/** Every product of the demo catalogue: the sixteen, then the PC parts. */
export const ALL_PRODUCTS: readonly DemoItem[] = [...SPEC_PRODUCTS, ...Object.values(PC_PARTS)];

export function productPath(p: DemoItem): string {
  return `/products/${p.id}`;
}

/** "₹1,49,990" → 149990. */
export function parseRupees(text: string): number {
  const digits = text.replace(/[^\d.]/g, "");
  if (!/^\d+(\.\d+)?$/.test(digits)) throw new Error(`not a rupee amount: ${JSON.stringify(text)}`);
  return Number(digits);
}

export function formatRupees(amount: number): string {
  return new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 }).format(amount);
}
