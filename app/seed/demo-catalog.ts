/**
 * Demo catalogue used to seed a fresh database: three vendors and sixteen products.
 *
 * Array order matters: the home page shows the first 4 featured products and the first
 * 4 laptops in the order they appear here. The featured products are listed first and
 * the first four of them are not laptops, so the two home page rows do not repeat each
 * other. Prices are in paise (₹1 = 100 paise). Vendors are fictional; their GSTINs are
 * well-formed (state code, PAN pattern, entity digit, "Z", mod-36 check character) but
 * not registered.
 */
import { BRAND } from "~/config/brand";

export type DemoCategory = "Laptop" | "Desktop" | "Monitor" | "Component" | "Peripherals" | "Storage" | "Audio";

export interface DemoVendor {
  id: "vendor-1" | "vendor-2" | "vendor-3";
  name: string;
  gstin: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  /** Where the seller dispatches from: the PIN of its address. */
  dispatchPin: string;
}

export interface DemoProduct {
  /** Stable id: "product-" + kebab-case slug. */
  id: string;
  name: string;
  /** 2-4 sentences of plain retail copy. */
  description: string;
  /** Integer paise, e.g. ₹72,990 -> 7299000. */
  pricePaise: number;
  /** "/images/products/<slug>.svg"; null for none, where the shop shows its placeholder. */
  image: string | null;
  category: DemoCategory;
  stock: number;
  featured: boolean;
  /**
   * The category's typed attributes (spec-schema.ts: keys, numbers in base units) and then free
   * rows with camelCase keys, displayed split into words ("powerConnector" -> "Power Connector").
   */
  specifications: Record<string, string>;
  vendorId: "vendor-1" | "vendor-2" | "vendor-3";
}

export const demoVendors: DemoVendor[] = [
  {
    id: "vendor-1",
    name: "Vardhan Infotech Distributors Pvt. Ltd.",
    gstin: "07AAHCV4821K1Z2",
    phone: "+91 11 4162 7730",
    address: "Shop 214, Second Floor, Nehru Place Commercial Complex, 110019",
    city: "New Delhi",
    state: "Delhi",
    dispatchPin: "110019",
  },
  {
    id: "vendor-2",
    name: "Shree Lamington Computer Traders",
    gstin: "27AAQFS3947H1ZM",
    phone: "+91 22 2387 4415",
    address: "Shop 7, Ground Floor, Lamington Road, Grant Road East, 400007",
    city: "Mumbai",
    state: "Maharashtra",
    dispatchPin: "400007",
  },
  {
    id: "vendor-3",
    name: "Silicon Plateau Systems Pvt. Ltd.",
    gstin: "29AAKCS6125M1ZR",
    phone: "+91 80 4123 8856",
    address: "No. 18, First Floor, SP Road, Chickpet, 560002",
    city: "Bengaluru",
    state: "Karnataka",
    dispatchPin: "560002",
  },
];

export const demoProducts: DemoProduct[] = [
  {
    id: "product-rc-gaming-pc-ryzen-7-7800x3d-rtx-5070",
    name: "RC Assembled Gaming PC (Ryzen 7 7800X3D, RTX 5070)",
    description:
      "Our own assembled gaming tower, built around the AMD Ryzen 7 7800X3D and an NVIDIA GeForce RTX 5070 for high frame rates at 1440p. Every build is assembled, cable-managed and stress-tested in our workshop before dispatch, with Windows 11 Home pre-installed and activated. Parts carry their individual manufacturer warranties, and we handle the first year of service for the complete system.",
    pricePaise: 14999000,
    image: "/images/products/rc-gaming-pc-ryzen-7-7800x3d-rtx-5070.svg",
    category: "Desktop",
    stock: 4,
    featured: true,
    specifications: {
      brand: BRAND.name,
      formFactor: "Tower",
      processorBrand: "AMD",
      processor: "AMD Ryzen 7 7800X3D (8 cores, 16 threads, up to 5.0 GHz)",
      ram: "32",
      storage: "1000",
      storageType: "NVMe SSD",
      graphicsCard: "NVIDIA GeForce RTX 5070 12 GB GDDR7",
      powerSupply: "750",
      operatingSystem: "Windows 11 Home",
      memory: "DDR5 6000 MHz (2 x 16 GB)",
      motherboard: "AMD B650 chipset, Wi-Fi 6E",
      powerSupplyRating: "80 Plus Gold, fully modular",
      warranty: `1 year system warranty by ${BRAND.name}, parts as per manufacturer`,
    },
    vendorId: "vendor-1",
  },
  {
    id: "product-lg-ultragear-27gr75q",
    name: "LG UltraGear 27GR75Q 27-inch QHD Gaming Monitor",
    description:
      "A 27-inch QHD IPS gaming monitor with a 165Hz refresh rate and 1ms (GtG) response time. Colours are accurate enough for everyday photo work, and it supports NVIDIA G-SYNC Compatible and AMD FreeSync Premium for tear-free gaming. The stand adjusts for height, tilt and pivot.",
    pricePaise: 2199900,
    image: "/images/products/lg-ultragear-27gr75q.svg",
    category: "Monitor",
    stock: 17,
    featured: true,
    specifications: {
      brand: "LG",
      screenSize: "27",
      resolution: "2560 x 1440 (QHD)",
      panelType: "IPS",
      refreshRate: "165",
      responseTime: "1",
      adaptiveSync: "G-SYNC Compatible, FreeSync Premium",
      ports: "2 x HDMI 2.0, 1 x DisplayPort 1.4",
      speakers: "No",
      heightAdjustable: "Yes",
      warranty: "3 years manufacturer warranty",
    },
    vendorId: "vendor-2",
  },
  {
    id: "product-zotac-geforce-rtx-5070-twin-edge-oc",
    name: "ZOTAC Gaming GeForce RTX 5070 Twin Edge OC 12GB",
    description:
      "A compact dual-fan RTX 5070 that fits most mid-tower cabinets. It brings NVIDIA's Blackwell architecture with DLSS 4 and 12GB of GDDR7 memory, comfortably handling current games at 1440p. A good quality 650W power supply is recommended.",
    pricePaise: 5799900,
    image: "/images/products/zotac-geforce-rtx-5070-twin-edge-oc.svg",
    category: "Component",
    stock: 11,
    featured: true,
    specifications: {
      brand: "ZOTAC",
      componentType: "Graphics Card",
      chipset: "NVIDIA GeForce RTX 5070",
      memory: "12",
      boostClock: "2542",
      power: "250",
      cardLength: "230",
      slotWidth: "2",
      card8Pin: "0",
      card12v2x6: "1",
      minimumPsu: "650",
      memoryType: "GDDR7, 192-bit",
      outputs: "3 x DisplayPort 2.1b, 1 x HDMI 2.1b",
      powerConnector: "1 x 16-pin (12V-2x6)",
      recommendedPsu: "650 W",
      warranty: "3 years manufacturer warranty",
    },
    vendorId: "vendor-1",
  },
  {
    id: "product-sony-wh-1000xm5",
    name: "Sony WH-1000XM5 Wireless Noise Cancelling Headphones",
    description:
      "Sony's flagship over-ear headphones, with some of the most effective noise cancellation available and eight microphones working on noise cancelling and calls. Battery life is up to 30 hours with noise cancelling on, and a 3-minute charge gives about 3 hours of playback. They connect to two devices at once over Bluetooth.",
    pricePaise: 2999000,
    image: "/images/products/sony-wh-1000xm5.svg",
    category: "Audio",
    stock: 24,
    featured: true,
    specifications: {
      brand: "Sony",
      audioType: "Over-ear Headphones",
      connectivity: "Bluetooth",
      noiseCancellation: "Yes",
      batteryLife: "30",
      weight: "0.25",
      bluetooth: "Bluetooth 5.2, multipoint; 3.5 mm wired",
      codecs: "SBC, AAC, LDAC",
      warranty: "1 year manufacturer warranty",
    },
    vendorId: "vendor-3",
  },
  {
    id: "product-asus-tuf-gaming-a15",
    name: "ASUS TUF Gaming A15 (Ryzen 7 7435HS, RTX 4060)",
    description:
      "A sturdy 15.6-inch gaming laptop with an AMD Ryzen 7 7435HS and an NVIDIA GeForce RTX 4060, good for playing current titles at high settings in Full HD. The 144Hz display keeps motion smooth, and the chassis is tested to MIL-STD-810H durability standards. RAM and storage can both be upgraded later.",
    pricePaise: 8299000,
    image: "/images/products/asus-tuf-gaming-a15.svg",
    category: "Laptop",
    stock: 14,
    featured: true,
    specifications: {
      brand: "ASUS",
      processorBrand: "AMD",
      processor: "AMD Ryzen 7 7435HS (8 cores, up to 4.5 GHz)",
      ram: "16",
      storage: "512",
      storageType: "NVMe SSD",
      graphicsCard: "NVIDIA GeForce RTX 4060 8 GB GDDR6",
      screenSize: "15.6",
      resolution: "1920 x 1080 (Full HD)",
      refreshRate: "144",
      weight: "2.2",
      operatingSystem: "Windows 11 Home",
      batteryLife: "8",
      memory: "DDR5 4800 MHz, upgradable to 32 GB",
      warranty: "1 year manufacturer warranty",
    },
    vendorId: "vendor-1",
  },
  {
    id: "product-apple-macbook-air-13-m4",
    name: "Apple MacBook Air 13-inch (M4, 16GB, 256GB)",
    description:
      "The 2025 MacBook Air with Apple's M4 chip and 16GB of unified memory as standard. It is fanless and silent, weighs just 1.24 kg, and lasts a full working day on a single charge. The 13.6-inch Liquid Retina display is sharp and bright enough for use near a window.",
    pricePaise: 9990000,
    image: "/images/products/apple-macbook-air-13-m4.svg",
    category: "Laptop",
    stock: 3,
    featured: true,
    specifications: {
      brand: "Apple",
      processorBrand: "Apple",
      processor: "Apple M4 (10-core CPU, 8-core GPU)",
      ram: "16",
      storage: "256",
      storageType: "NVMe SSD",
      graphicsCard: "Apple M4 8-core GPU (integrated)",
      screenSize: "13.6",
      resolution: "2560 x 1664",
      refreshRate: "60",
      weight: "1.24",
      operatingSystem: "macOS",
      batteryLife: "18",
      display: "Liquid Retina, 500 nits",
      warranty: "1 year Apple limited warranty",
    },
    vendorId: "vendor-3",
  },
  {
    id: "product-lenovo-ideapad-slim-5-14-oled",
    name: "Lenovo IdeaPad Slim 5 14 OLED (Ryzen 7 8845HS)",
    description:
      "A slim 14-inch everyday laptop with a vivid WUXGA OLED display and an AMD Ryzen 7 8845HS processor. With 16GB of memory and a 1TB SSD it handles office work, study and light photo editing without fuss. Microsoft Office Home 2024 is included.",
    pricePaise: 7499000,
    image: "/images/products/lenovo-ideapad-slim-5-14-oled.svg",
    category: "Laptop",
    stock: 21,
    featured: false,
    specifications: {
      brand: "Lenovo",
      processorBrand: "AMD",
      processor: "AMD Ryzen 7 8845HS (8 cores, up to 5.1 GHz)",
      ram: "16",
      storage: "1000",
      storageType: "NVMe SSD",
      graphicsCard: "AMD Radeon 780M (integrated)",
      screenSize: "14",
      resolution: "1920 x 1200 (WUXGA)",
      refreshRate: "60",
      weight: "1.46",
      operatingSystem: "Windows 11 Home",
      batteryLife: "12",
      display: "OLED, 100% DCI-P3",
      software: "Office Home 2024",
      warranty: "1 year manufacturer warranty",
    },
    vendorId: "vendor-2",
  },
  {
    id: "product-hp-victus-15-ryzen-5-rtx-4050",
    name: "HP Victus 15 (Ryzen 5 8645HS, RTX 4050)",
    description:
      "An affordable entry into gaming laptops, pairing an AMD Ryzen 5 8645HS with an NVIDIA GeForce RTX 4050. The 15.6-inch 144Hz display makes it a practical choice for esports titles and college work alike. HP's OMEN Gaming Hub lets you switch performance modes and keep an eye on temperatures.",
    pricePaise: 7199000,
    image: "/images/products/hp-victus-15-ryzen-5-rtx-4050.svg",
    category: "Laptop",
    stock: 1,
    featured: false,
    specifications: {
      brand: "HP",
      processorBrand: "AMD",
      processor: "AMD Ryzen 5 8645HS (6 cores, up to 5.0 GHz)",
      ram: "16",
      storage: "512",
      storageType: "NVMe SSD",
      graphicsCard: "NVIDIA GeForce RTX 4050 6 GB GDDR6",
      screenSize: "15.6",
      resolution: "1920 x 1080 (Full HD)",
      refreshRate: "144",
      weight: "2.29",
      operatingSystem: "Windows 11 Home",
      batteryLife: "7",
      memory: "DDR5 5600 MHz",
      warranty: "1 year manufacturer warranty",
    },
    vendorId: "vendor-3",
  },
  {
    id: "product-samsung-990-pro-2tb",
    name: "Samsung 990 PRO 2TB PCIe 4.0 NVMe M.2 SSD",
    description:
      "One of the fastest PCIe 4.0 SSDs available, with sequential reads of up to 7,450 MB/s. It suits gaming PCs, workstations and the PlayStation 5, and Samsung Magician software keeps the firmware up to date. A heatsink is recommended in cases with poor airflow.",
    pricePaise: 1699900,
    image: "/images/products/samsung-990-pro-2tb.svg",
    category: "Storage",
    stock: 32,
    featured: false,
    specifications: {
      brand: "Samsung",
      storageKind: "Internal SSD",
      storage: "2000",
      interface: "PCIe 4.0 NVMe",
      formFactor: "M.2 2280",
      readSpeed: "7450",
      writeSpeed: "6900",
      endurance: "1,200 TBW",
      warranty: "5 years manufacturer warranty",
    },
    vendorId: "vendor-2",
  },
  {
    id: "product-logitech-mx-master-3s",
    name: "Logitech MX Master 3S Wireless Performance Mouse",
    description:
      "A comfortable, sculpted mouse for long workdays, with quiet clicks and an 8,000 DPI sensor that tracks even on glass. The MagSpeed scroll wheel moves through long documents in seconds, and you can pair it with up to three computers. A full charge lasts up to 70 days.",
    pricePaise: 899500,
    image: "/images/products/logitech-mx-master-3s.svg",
    category: "Peripherals",
    stock: 46,
    featured: false,
    specifications: {
      brand: "Logitech",
      peripheralType: "Mouse",
      connectivity: "Wireless and Bluetooth",
      rgbLighting: "No",
      weight: "0.141",
      sensor: "Darkfield, 200 to 8,000 DPI",
      buttons: "7, with quiet clicks",
      receiver: "Logi Bolt USB receiver",
      batteryLife: "Up to 70 days on a full charge",
      charging: "USB-C",
      warranty: "1 year manufacturer warranty",
    },
    vendorId: "vendor-3",
  },
  {
    id: "product-benq-gw2490",
    name: "BenQ GW2490 24-inch Full HD Eye-Care Monitor",
    description:
      "A 23.8-inch Full HD IPS monitor with a 100Hz refresh rate, well suited to home offices and study desks. BenQ's flicker-free backlight and brightness intelligence help reduce eye strain over long sessions. Built-in speakers and slim bezels keep the desk tidy.",
    pricePaise: 899900,
    image: "/images/products/benq-gw2490.svg",
    category: "Monitor",
    stock: 26,
    featured: false,
    specifications: {
      brand: "BenQ",
      screenSize: "23.8",
      resolution: "1920 x 1080 (Full HD)",
      panelType: "IPS",
      refreshRate: "100",
      responseTime: "5",
      adaptiveSync: "AMD FreeSync",
      ports: "2 x HDMI 1.4, 1 x DisplayPort 1.2",
      speakers: "Yes",
      heightAdjustable: "No",
      eyeCare: "Flicker-free, low blue light",
      warranty: "3 years manufacturer warranty",
    },
    vendorId: "vendor-3",
  },
  {
    id: "product-hp-all-in-one-24-core-i5",
    name: "HP All-in-One 24 (Intel Core i5 13th Gen)",
    description:
      "A tidy all-in-one desktop with a 23.8-inch Full HD display, an Intel Core i5-1335U processor and 16GB of memory. It takes a single power cable, which makes it a good fit for home offices, reception desks and family use. A keyboard and mouse are included in the box.",
    pricePaise: 6499000,
    image: "/images/products/hp-all-in-one-24-core-i5.svg",
    category: "Desktop",
    stock: 9,
    featured: false,
    specifications: {
      brand: "HP",
      formFactor: "All-in-One",
      processorBrand: "Intel",
      processor: "Intel Core i5-1335U (10 cores, up to 4.6 GHz)",
      ram: "16",
      storage: "512",
      storageType: "NVMe SSD",
      graphicsCard: "Intel Iris Xe (integrated)",
      screenSize: "23.8",
      powerSupply: "90",
      operatingSystem: "Windows 11 Home",
      display: "Full HD IPS, anti-glare",
      connectivity: "Wi-Fi 6, Bluetooth 5.3, HDMI out",
      warranty: "1 year manufacturer warranty",
    },
    vendorId: "vendor-3",
  },
  {
    id: "product-amd-ryzen-7-7800x3d",
    name: "AMD Ryzen 7 7800X3D Desktop Processor",
    description:
      "An 8-core AM5 processor with AMD 3D V-Cache, widely regarded as one of the best CPUs for gaming. It runs efficiently and pairs well with B650 or X670 motherboards and DDR5 memory. No cooler is included, so budget for a good air or liquid cooler.",
    pricePaise: 3699000,
    image: "/images/products/amd-ryzen-7-7800x3d.svg",
    category: "Component",
    stock: 2,
    featured: false,
    specifications: {
      brand: "AMD",
      componentType: "Processor",
      chipset: "AMD Ryzen 7 7800X3D",
      cores: "8",
      boostClock: "5000",
      socket: "AM5",
      power: "120",
      processorFamily: "Ryzen 7000",
      ramTypes: "DDR5",
      peakPower: "162",
      integratedGraphics: "Yes",
      coolerIncluded: "No",
      threads: "16",
      cache: "96 MB L3 (3D V-Cache)",
      memorySupport: "DDR5, up to 5200 MT/s (JEDEC)",
      warranty: "3 years manufacturer warranty",
    },
    vendorId: "vendor-2",
  },
  {
    id: "product-logitech-g213-prodigy",
    name: "Logitech G213 Prodigy RGB Gaming Keyboard",
    description:
      "A full-size gaming keyboard with spill-resistant construction, an integrated palm rest and five-zone RGB lighting. Mech-Dome keys give a tactile feel that is quieter than most mechanical keyboards. Dedicated media controls sit above the number pad.",
    pricePaise: 349900,
    image: "/images/products/logitech-g213-prodigy.svg",
    category: "Peripherals",
    stock: 58,
    featured: false,
    specifications: {
      brand: "Logitech",
      peripheralType: "Keyboard",
      connectivity: "Wired",
      rgbLighting: "Yes",
      weight: "1",
      layout: "Full size with number pad",
      switchType: "Mech-Dome",
      backlight: "RGB, 5 zones",
      spillResistant: "Yes, up to 60 ml",
      cableLength: "1.8 m",
      warranty: "2 years manufacturer warranty",
    },
    vendorId: "vendor-1",
  },
  {
    id: "product-wd-my-passport-2tb",
    name: "WD My Passport 2TB Portable Hard Drive",
    description:
      "A slim portable hard drive for backups and carrying large files between computers. It supports automatic backups with WD's software and offers 256-bit AES hardware encryption with password protection. Formatted for Windows out of the box, and it can be reformatted for Mac.",
    pricePaise: 699900,
    image: "/images/products/wd-my-passport-2tb.svg",
    category: "Storage",
    stock: 0,
    featured: false,
    specifications: {
      brand: "WD",
      storageKind: "External HDD",
      storage: "2000",
      interface: "USB 3.2",
      formFactor: "Portable",
      encryption: "256-bit AES hardware encryption",
      compatibility: "Windows; Mac after reformatting",
      warranty: "3 years manufacturer warranty",
    },
    vendorId: "vendor-1",
  },
  {
    id: "product-dell-inspiron-15-3530",
    name: "Dell Inspiron 15 3530 (Core i5-1334U)",
    description:
      "A dependable 15.6-inch laptop for home and office use, with a 13th Gen Intel Core i5, 16GB of memory and a 512GB SSD. The 120Hz display makes scrolling feel smooth, and the full-size keyboard includes a number pad. Microsoft Office Home and Student 2021 comes pre-installed.",
    pricePaise: 5699000,
    image: "/images/products/dell-inspiron-15-3530.svg",
    category: "Laptop",
    stock: 0,
    featured: false,
    specifications: {
      brand: "Dell",
      processorBrand: "Intel",
      processor: "Intel Core i5-1334U (10 cores, up to 4.6 GHz)",
      ram: "16",
      storage: "512",
      storageType: "NVMe SSD",
      graphicsCard: "Intel Iris Xe (integrated)",
      screenSize: "15.6",
      resolution: "1920 x 1080 (Full HD)",
      refreshRate: "120",
      weight: "1.65",
      operatingSystem: "Windows 11 Home",
      batteryLife: "6",
      memory: "DDR4",
      software: "Office Home and Student 2021",
      warranty: "1 year manufacturer warranty",
    },
    vendorId: "vendor-2",
  },
];
