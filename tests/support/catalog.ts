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

export const ALL_PRODUCTS: readonly DemoItem[] = Object.values(CATALOG);

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
