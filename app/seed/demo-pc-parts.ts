/**
 * Demo PC parts: real components across the three demo sellers, none featured, with the figures
 * the build checks read (app/modules/builds/compatibility.ts; keys and base units of
 * app/modules/catalog/spec-schema.ts), taken from the makers' published specifications. Enough for
 * working builds on AM5, AM4 and LGA 1700 and for every kind of verdict (DEMO_BUILDS below;
 * docs/demo.md lists them as links). No figures here come from BuildCores OpenDB.
 *
 * They are seeded after the sixteen products of demo-catalog.ts, so the home page's rows and the
 * sixteen products' order among themselves stay as they were. Prices are in paise, before GST,
 * as the rest of the catalogue; the MRPs are at least the price with GST
 * (demo-pc-parts.test.ts). No maker's picture can be shipped: each part shows the shop's own
 * drawing of its kind (public/images/products/parts/), as the sixteen show drawings of their own.
 */
import { slotOf, type Slot } from "~/modules/builds/compatibility";
import type { ProductDeclarations } from "~/modules/catalog/declarations";
import type { DemoProduct } from "./demo-catalog";
import { SELLER_CARE, importedBy } from "./demo-declarations";

type Seller = DemoProduct["vendorId"];

interface Maker {
  manufacturerName: string;
  manufacturerAddress: string;
}

const AMD: Maker = { manufacturerName: "Advanced Micro Devices, Inc.", manufacturerAddress: "2485 Augustine Drive, Santa Clara, CA 95054, United States" };
const INTEL: Maker = { manufacturerName: "Intel Corporation", manufacturerAddress: "2200 Mission College Boulevard, Santa Clara, CA 95054, United States" };
const MSI: Maker = { manufacturerName: "Micro-Star International Co., Ltd.", manufacturerAddress: "No. 69, Lide Street, Zhonghe District, New Taipei City 235, Taiwan" };
const GSKILL: Maker = { manufacturerName: "G.SKILL International Enterprise Co., Ltd.", manufacturerAddress: "Neihu District, Taipei City, Taiwan" };
const CORSAIR: Maker = { manufacturerName: "Corsair Gaming, Inc.", manufacturerAddress: "115 North McCarthy Boulevard, Milpitas, CA 95035, United States" };
const KINGSTON: Maker = { manufacturerName: "Kingston Technology Company, Inc.", manufacturerAddress: "17600 Newhope Street, Fountain Valley, CA 92708, United States" };
const SAPPHIRE: Maker = { manufacturerName: "Sapphire Technology Ltd.", manufacturerAddress: "Hong Kong" };
const XFX: Maker = { manufacturerName: "XFX (Pine Technology Holdings Ltd.)", manufacturerAddress: "Hong Kong" };
const WD: Maker = { manufacturerName: "Western Digital Corporation", manufacturerAddress: "5601 Great Oaks Parkway, San Jose, CA 95119, United States" };
const MICRON: Maker = { manufacturerName: "Micron Technology, Inc. (Crucial)", manufacturerAddress: "8000 South Federal Way, Boise, ID 83716, United States" };
const LIAN_LI: Maker = { manufacturerName: "Lian Li Industrial Co., Ltd.", manufacturerAddress: "New Taipei City, Taiwan" };
const PHANTEKS: Maker = { manufacturerName: "Phanteks", manufacturerAddress: "City of Industry, CA, United States" };
const COOLER_MASTER: Maker = { manufacturerName: "Cooler Master Technology Inc.", manufacturerAddress: "New Taipei City, Taiwan" };
const NZXT: Maker = { manufacturerName: "NZXT, Inc.", manufacturerAddress: "Los Angeles, CA, United States" };
const DEEPCOOL: Maker = { manufacturerName: "Beijing DeepCool Industries Co., Ltd.", manufacturerAddress: "Beijing, China" };
const THERMALRIGHT: Maker = { manufacturerName: "Thermalright Inc.", manufacturerAddress: "Taipei, Taiwan" };
const NOCTUA: Maker = { manufacturerName: "Rascom Computerdistribution GmbH (Noctua)", manufacturerAddress: "Vienna, Austria" };

/** HSN codes: processors 8542 31, memory, motherboards, graphics cards, cases and coolers 8473 30 (parts of computers), SSDs 8471 70, power supplies 8504 40. */
const HSN = { processor: "85423100", part: "847330", ssd: "84717020", psu: "85044030" } as const;

interface PartEntry {
  product: Omit<DemoProduct, "image" | "featured" | "category"> & { category?: DemoProduct["category"] };
  maker: Maker;
  country: string;
  mrpPaise: number;
  warrantyMonths: number;
  hsnCode: string;
  netQuantity?: string;
}

const part = (
  product: PartEntry["product"],
  declared: { maker: Maker; country: string; mrpPaise: number; warrantyMonths: number; hsnCode: string; netQuantity?: string },
): PartEntry => ({ product, ...declared });

const ENTRIES: PartEntry[] = [
  // ---------- Processors ----------
  part(
    {
      id: "product-amd-ryzen-5-5600",
      name: "AMD Ryzen 5 5600 Desktop Processor (Wraith Stealth Cooler)",
      description:
        "A 6-core, 12-thread AM4 processor that still makes a sensible budget gaming PC with DDR4 memory and a B550 motherboard. The boxed Wraith Stealth cooler is enough at stock speeds. It has no graphics of its own, so pair it with a graphics card.",
      pricePaise: 1099900,
      stock: 18,
      specifications: {
        brand: "AMD",
        componentType: "Processor",
        chipset: "AMD Ryzen 5 5600",
        cores: "6",
        boostClock: "4400",
        socket: "AM4",
        power: "65",
        processorFamily: "Ryzen 5000",
        ramTypes: "DDR4",
        peakPower: "88",
        integratedGraphics: "No",
        coolerIncluded: "Yes",
        threads: "12",
        cache: "32 MB L3",
        warranty: "3 years manufacturer warranty",
      },
      vendorId: "vendor-3",
    },
    { maker: AMD, country: "CN", mrpPaise: 15_490_00, warrantyMonths: 36, hsnCode: HSN.processor, netQuantity: "1 unit (processor, cooler)" },
  ),
  part(
    {
      id: "product-intel-core-i5-14600k",
      name: "Intel Core i5-14600K Desktop Processor",
      description:
        "A 14-core (6 performance, 8 efficient) unlocked LGA 1700 processor for gaming and streaming, with Intel UHD Graphics 770 built in. It works with DDR5 or DDR4 boards of the 600 and 700 series. No cooler is included.",
      pricePaise: 2899900,
      stock: 9,
      specifications: {
        brand: "Intel",
        componentType: "Processor",
        chipset: "Intel Core i5-14600K",
        cores: "14",
        boostClock: "5300",
        socket: "LGA 1700",
        power: "125",
        processorFamily: "Core 14th Gen",
        ramTypes: "DDR5, DDR4",
        peakPower: "181",
        integratedGraphics: "Yes",
        coolerIncluded: "No",
        threads: "20",
        cache: "24 MB Intel Smart Cache",
        warranty: "3 years manufacturer warranty",
      },
      vendorId: "vendor-1",
    },
    { maker: INTEL, country: "MY", mrpPaise: 38_999_00, warrantyMonths: 36, hsnCode: HSN.processor },
  ),
  part(
    {
      id: "product-intel-core-i9-13900k",
      name: "Intel Core i9-13900K Desktop Processor",
      description:
        "A 24-core (8 performance, 16 efficient) LGA 1700 flagship that boosts to 5.8 GHz. At full load it draws up to 253 W, so it wants a large cooler and a power supply with room to spare. No cooler is included.",
      pricePaise: 4899900,
      stock: 4,
      specifications: {
        brand: "Intel",
        componentType: "Processor",
        chipset: "Intel Core i9-13900K",
        cores: "24",
        boostClock: "5800",
        socket: "LGA 1700",
        power: "125",
        processorFamily: "Core 13th Gen",
        ramTypes: "DDR5, DDR4",
        peakPower: "253",
        integratedGraphics: "Yes",
        coolerIncluded: "No",
        threads: "32",
        cache: "36 MB Intel Smart Cache",
        warranty: "3 years manufacturer warranty",
      },
      vendorId: "vendor-2",
    },
    { maker: INTEL, country: "MY", mrpPaise: 64_999_00, warrantyMonths: 36, hsnCode: HSN.processor },
  ),
  // ---------- Motherboards ----------
  part(
    {
      id: "product-msi-mag-b850-tomahawk-max-wifi",
      name: "MSI MAG B850 TOMAHAWK MAX WIFI AM5 ATX Motherboard",
      description:
        "An ATX board for AMD Ryzen 7000, 8000 and 9000 processors out of the box, with four DDR5 slots, four M.2 slots and Wi-Fi 7. Its Flash BIOS button updates the firmware from a USB drive without a processor fitted.",
      pricePaise: 2599900,
      stock: 7,
      specifications: {
        brand: "MSI",
        componentType: "Motherboard",
        chipset: "AMD B850",
        socket: "AM5",
        ramType: "DDR5",
        boardFormFactor: "ATX",
        memorySlots: "4",
        maxMemory: "256",
        maxMemorySpeed: "8200",
        m2Slots: "4",
        sataPorts: "4",
        biosFlashback: "Yes",
        minimumBios: "None",
        networking: "Wi-Fi 7, 5G LAN",
        warranty: "3 years manufacturer warranty",
      },
      vendorId: "vendor-1",
    },
    { maker: MSI, country: "CN", mrpPaise: 34_990_00, warrantyMonths: 36, hsnCode: HSN.part },
  ),
  part(
    {
      id: "product-msi-mag-b550-tomahawk-max-wifi",
      name: "MSI MAG B550 TOMAHAWK MAX WIFI AM4 ATX Motherboard",
      description:
        "The AM4 board made for Ryzen 5000 processors from its first BIOS, with four DDR4 slots, two M.2 slots, six SATA ports and Wi-Fi 6E. A Flash BIOS button updates the firmware from a USB drive.",
      pricePaise: 1649900,
      stock: 12,
      specifications: {
        brand: "MSI",
        componentType: "Motherboard",
        chipset: "AMD B550",
        socket: "AM4",
        ramType: "DDR4",
        boardFormFactor: "ATX",
        memorySlots: "4",
        maxMemory: "128",
        maxMemorySpeed: "5100",
        m2Slots: "2",
        sataPorts: "6",
        biosFlashback: "Yes",
        minimumBios: "None",
        networking: "Wi-Fi 6E, 2.5G LAN",
        warranty: "3 years manufacturer warranty",
      },
      vendorId: "vendor-2",
    },
    { maker: MSI, country: "CN", mrpPaise: 22_990_00, warrantyMonths: 36, hsnCode: HSN.part },
  ),
  part(
    {
      id: "product-msi-pro-z790-a-max-wifi",
      name: "MSI PRO Z790-A MAX WIFI LGA 1700 ATX Motherboard",
      description:
        "An ATX board for Intel 12th, 13th and 14th Gen Core processors from its first BIOS, with four DDR5 slots, four M.2 slots, six SATA ports and Wi-Fi 7. Its Flash BIOS button updates the firmware from a USB drive.",
      pricePaise: 2499900,
      stock: 6,
      specifications: {
        brand: "MSI",
        componentType: "Motherboard",
        chipset: "Intel Z790",
        socket: "LGA 1700",
        ramType: "DDR5",
        boardFormFactor: "ATX",
        memorySlots: "4",
        maxMemory: "192",
        maxMemorySpeed: "7800",
        m2Slots: "4",
        sataPorts: "6",
        biosFlashback: "Yes",
        minimumBios: "None",
        networking: "Wi-Fi 7, 2.5G LAN",
        warranty: "3 years manufacturer warranty",
      },
      vendorId: "vendor-3",
    },
    { maker: MSI, country: "CN", mrpPaise: 33_990_00, warrantyMonths: 36, hsnCode: HSN.part },
  ),
  // ---------- Memory ----------
  part(
    {
      id: "product-gskill-flare-x5-32gb-ddr5-6000",
      name: "G.SKILL Flare X5 32GB (2 x 16GB) DDR5-6000 CL30 Memory Kit",
      description:
        "A low-profile DDR5 kit tuned for AMD Ryzen with an EXPO profile for 6000 MT/s at CL30-38-38-96, the speed Ryzen 7000 and 9000 processors like best. The short heat spreaders clear large air coolers.",
      pricePaise: 1099900,
      stock: 20,
      specifications: {
        brand: "G.SKILL",
        componentType: "Memory",
        chipset: "F5-6000J3038F16GX2-FX5",
        memory: "32",
        ramType: "DDR5",
        memorySpeed: "6000",
        modules: "2",
        moduleCapacity: "16",
        moduleType: "DIMM",
        registered: "Unbuffered",
        timings: "CL30-38-38-96, 1.35 V",
        warranty: "Limited lifetime manufacturer warranty",
      },
      vendorId: "vendor-3",
    },
    { maker: GSKILL, country: "TW", mrpPaise: 15_999_00, warrantyMonths: 120, hsnCode: HSN.part, netQuantity: "2 pieces" },
  ),
  part(
    {
      id: "product-corsair-vengeance-lpx-16gb-ddr4-3200",
      name: "Corsair Vengeance LPX 16GB (2 x 8GB) DDR4-3200 Memory Kit",
      description:
        "A dependable DDR4 kit for AM4 and older Intel builds, running at 3200 MT/s with its XMP profile. The low-profile heat spreader fits under almost any air cooler.",
      pricePaise: 349900,
      stock: 35,
      specifications: {
        brand: "Corsair",
        componentType: "Memory",
        chipset: "CMK16GX4M2B3200C16",
        memory: "16",
        ramType: "DDR4",
        memorySpeed: "3200",
        modules: "2",
        moduleCapacity: "8",
        moduleType: "DIMM",
        registered: "Unbuffered",
        timings: "CL16-18-18-36, 1.35 V",
        warranty: "Limited lifetime manufacturer warranty",
      },
      vendorId: "vendor-2",
    },
    { maker: CORSAIR, country: "TW", mrpPaise: 5_999_00, warrantyMonths: 120, hsnCode: HSN.part, netQuantity: "2 pieces" },
  ),
  part(
    {
      id: "product-kingston-fury-beast-32gb-ddr5-5600",
      name: "Kingston FURY Beast 32GB (2 x 16GB) DDR5-5600 Memory Kit",
      description:
        "A DDR5 kit with Intel XMP 3.0 for 5600 MT/s, a good match for Intel 13th and 14th Gen Core processors. Plug and play at its rated speed on most boards.",
      pricePaise: 949900,
      stock: 16,
      specifications: {
        brand: "Kingston",
        componentType: "Memory",
        chipset: "KF556C40BBK2-32",
        memory: "32",
        ramType: "DDR5",
        memorySpeed: "5600",
        modules: "2",
        moduleCapacity: "16",
        moduleType: "DIMM",
        registered: "Unbuffered",
        timings: "CL40, 1.25 V",
        warranty: "Limited lifetime manufacturer warranty",
      },
      vendorId: "vendor-1",
    },
    { maker: KINGSTON, country: "CN", mrpPaise: 14_499_00, warrantyMonths: 120, hsnCode: HSN.part, netQuantity: "2 pieces" },
  ),
  // ---------- Graphics cards ----------
  part(
    {
      id: "product-sapphire-pulse-radeon-rx-7600-8gb",
      name: "Sapphire PULSE AMD Radeon RX 7600 8GB",
      description:
        "A 240 mm dual-fan card for 1080p gaming at high settings, powered by a single 8-pin connector. It fits compact cases and runs from a 550 W power supply.",
      pricePaise: 2549900,
      stock: 10,
      specifications: {
        brand: "Sapphire",
        componentType: "Graphics Card",
        chipset: "AMD Radeon RX 7600",
        memory: "8",
        boostClock: "2655",
        power: "165",
        cardLength: "240",
        slotWidth: "2",
        card8Pin: "1",
        card12v2x6: "0",
        minimumPsu: "550",
        outputs: "2 x DisplayPort 2.1, 2 x HDMI 2.1",
        warranty: "3 years manufacturer warranty",
      },
      vendorId: "vendor-3",
    },
    { maker: SAPPHIRE, country: "CN", mrpPaise: 34_999_00, warrantyMonths: 36, hsnCode: HSN.part },
  ),
  part(
    {
      id: "product-msi-geforce-rtx-4060-ti-ventus-2x-black-8g-oc",
      name: "MSI GeForce RTX 4060 Ti VENTUS 2X BLACK 8G OC",
      description:
        "A short 199 mm RTX 4060 Ti with DLSS 3 for smooth 1080p and 1440p gaming. One 8-pin connector and a 550 W power supply are all it needs.",
      pricePaise: 3799900,
      stock: 8,
      specifications: {
        brand: "MSI",
        componentType: "Graphics Card",
        chipset: "NVIDIA GeForce RTX 4060 Ti",
        memory: "8",
        boostClock: "2565",
        power: "160",
        cardLength: "199",
        slotWidth: "2",
        card8Pin: "1",
        card12v2x6: "0",
        minimumPsu: "550",
        outputs: "3 x DisplayPort 1.4a, 1 x HDMI 2.1a",
        warranty: "3 years manufacturer warranty",
      },
      vendorId: "vendor-2",
    },
    { maker: MSI, country: "CN", mrpPaise: 52_999_00, warrantyMonths: 36, hsnCode: HSN.part },
  ),
  part(
    {
      id: "product-xfx-speedster-qick319-radeon-rx-7800-xt",
      name: "XFX Speedster QICK319 AMD Radeon RX 7800 XT 16GB",
      description:
        "A triple-fan RX 7800 XT with 16GB of GDDR6 for 1440p gaming at high refresh rates. At 335 mm it is a long card: check your cabinet's graphics card clearance. It takes two 8-pin connectors.",
      pricePaise: 5199900,
      stock: 5,
      specifications: {
        brand: "XFX",
        componentType: "Graphics Card",
        chipset: "AMD Radeon RX 7800 XT",
        memory: "16",
        boostClock: "2430",
        power: "263",
        cardLength: "335",
        card8Pin: "2",
        card12v2x6: "0",
        minimumPsu: "700",
        outputs: "3 x DisplayPort 2.1, 1 x HDMI 2.1",
        warranty: "3 years manufacturer warranty",
      },
      vendorId: "vendor-1",
    },
    { maker: XFX, country: "CN", mrpPaise: 69_999_00, warrantyMonths: 36, hsnCode: HSN.part },
  ),
  part(
    {
      id: "product-msi-geforce-rtx-4090-ventus-3x-24g-oc",
      name: "MSI GeForce RTX 4090 VENTUS 3X 24G OC",
      description:
        "The RTX 4090 with 24GB of GDDR6X for 4K gaming and AI work. It draws up to 450 W through a single 16-pin (12V-2x6) connector, and MSI asks for an 850 W power supply at least.",
      pricePaise: 17999900,
      stock: 3,
      specifications: {
        brand: "MSI",
        componentType: "Graphics Card",
        chipset: "NVIDIA GeForce RTX 4090",
        memory: "24",
        boostClock: "2550",
        power: "450",
        cardLength: "322",
        card8Pin: "0",
        card12v2x6: "1",
        minimumPsu: "850",
        outputs: "3 x DisplayPort 1.4a, 1 x HDMI 2.1a",
        warranty: "3 years manufacturer warranty",
      },
      vendorId: "vendor-3",
    },
    { maker: MSI, country: "CN", mrpPaise: 2_39_999_00, warrantyMonths: 36, hsnCode: HSN.part },
  ),
  // ---------- Drives ----------
  part(
    {
      id: "product-wd-black-sn770-1tb",
      name: "WD_BLACK SN770 1TB PCIe 4.0 NVMe M.2 SSD",
      description:
        "A fast, cool-running PCIe 4.0 drive for games and the operating system, with sequential reads of up to 5,150 MB/s. It needs no heatsink in most cases.",
      pricePaise: 699900,
      stock: 27,
      category: "Storage",
      specifications: {
        brand: "WD",
        storageKind: "Internal SSD",
        storage: "1000",
        interface: "PCIe 4.0 NVMe",
        formFactor: "M.2 2280",
        readSpeed: "5150",
        writeSpeed: "4900",
        endurance: "600 TBW",
        warranty: "5 years manufacturer warranty",
      },
      vendorId: "vendor-1",
    },
    { maker: WD, country: "MY", mrpPaise: 10_999_00, warrantyMonths: 60, hsnCode: HSN.ssd },
  ),
  part(
    {
      id: "product-crucial-mx500-1tb",
      name: "Crucial MX500 1TB 2.5-inch SATA SSD",
      description:
        "A reliable 2.5-inch SATA SSD for a second drive or an older PC, with reads of up to 560 MB/s. It connects with a SATA cable and fits any 2.5-inch mount.",
      pricePaise: 599900,
      stock: 22,
      category: "Storage",
      specifications: {
        brand: "Crucial",
        storageKind: "Internal SSD",
        storage: "1000",
        interface: "SATA",
        formFactor: "2.5-inch",
        readSpeed: "560",
        writeSpeed: "510",
        endurance: "360 TBW",
        warranty: "5 years manufacturer warranty",
      },
      vendorId: "vendor-3",
    },
    { maker: MICRON, country: "MY", mrpPaise: 9_499_00, warrantyMonths: 60, hsnCode: HSN.ssd },
  ),
  // ---------- Cases ----------
  part(
    {
      id: "product-lian-li-lancool-216",
      name: "Lian Li LANCOOL 216 ATX Mid-Tower Case",
      description:
        "A roomy airflow case with two 160 mm fans in front and a 140 mm fan at the back. It takes graphics cards up to 392 mm and air coolers up to 180 mm tall, with room for 360 mm radiators.",
      pricePaise: 899900,
      stock: 11,
      specifications: {
        brand: "Lian Li",
        componentType: "PC Case",
        chipset: "LANCOOL 216",
        caseBoardFormFactors: "EATX, ATX, Micro ATX, Mini-ITX",
        maxCardLength: "392",
        maxCoolerHeight: "180",
        casePsuFormFactors: "ATX",
        radiatorMounts: "Front: 360; Top: 360",
        bays35: "2",
        caseFans: "3",
        warranty: "1 year manufacturer warranty",
      },
      vendorId: "vendor-2",
    },
    { maker: LIAN_LI, country: "CN", mrpPaise: 12_999_00, warrantyMonths: 12, hsnCode: HSN.part },
  ),
  part(
    {
      id: "product-corsair-4000d-airflow",
      name: "Corsair 4000D AIRFLOW ATX Mid-Tower Case",
      description:
        "A popular mid-tower with a high-airflow front panel and two 120 mm fans. It takes graphics cards up to 360 mm and air coolers up to 170 mm tall, with tidy cable routing behind the tray.",
      pricePaise: 849900,
      stock: 14,
      specifications: {
        brand: "Corsair",
        componentType: "PC Case",
        chipset: "4000D AIRFLOW",
        caseBoardFormFactors: "EATX, ATX, Micro ATX, Mini-ITX",
        maxCardLength: "360",
        maxCoolerHeight: "170",
        casePsuFormFactors: "ATX",
        radiatorMounts: "Front: 360; Top: 280; Rear: 120",
        bays35: "2",
        caseFans: "2",
        warranty: "2 years manufacturer warranty",
      },
      vendorId: "vendor-1",
    },
    { maker: CORSAIR, country: "CN", mrpPaise: 11_999_00, warrantyMonths: 24, hsnCode: HSN.part },
  ),
  part(
    {
      id: "product-phanteks-eclipse-p300a",
      name: "Phanteks Eclipse P300A Mesh ATX Mid-Tower Case",
      description:
        "A compact, good-value airflow case with a mesh front. It takes graphics cards up to 355 mm, but air coolers only up to 160 mm tall: check the height of a tower cooler before you choose it.",
      pricePaise: 549900,
      stock: 19,
      specifications: {
        brand: "Phanteks",
        componentType: "PC Case",
        chipset: "Eclipse P300A",
        caseBoardFormFactors: "ATX, Micro ATX, Mini-ITX",
        maxCardLength: "355",
        maxCoolerHeight: "160",
        casePsuFormFactors: "ATX",
        radiatorMounts: "Front: 280; Rear: 120",
        caseFans: "2",
        warranty: "1 year manufacturer warranty",
      },
      vendorId: "vendor-3",
    },
    { maker: PHANTEKS, country: "CN", mrpPaise: 7_999_00, warrantyMonths: 12, hsnCode: HSN.part },
  ),
  part(
    {
      id: "product-cooler-master-masterbox-nr200p",
      name: "Cooler Master MasterBox NR200P Mini-ITX Case",
      description:
        "A small-form-factor case for Mini-ITX boards and SFX power supplies that still takes triple-slot graphics cards up to 330 mm and air coolers up to 155 mm tall. Two 120 mm fans are included.",
      pricePaise: 849900,
      stock: 6,
      specifications: {
        brand: "Cooler Master",
        componentType: "PC Case",
        chipset: "MasterBox NR200P",
        caseBoardFormFactors: "Mini-ITX",
        maxCardLength: "330",
        maxCoolerHeight: "155",
        casePsuFormFactors: "SFX, SFX-L",
        radiatorMounts: "Side: 280; Bottom: 280",
        bays35: "1",
        caseFans: "2",
        warranty: "2 years manufacturer warranty",
      },
      vendorId: "vendor-2",
    },
    { maker: COOLER_MASTER, country: "CN", mrpPaise: 11_999_00, warrantyMonths: 24, hsnCode: HSN.part },
  ),
  // The demo's part with a figure missing on purpose, so the builder can show a check it cannot
  // run: NZXT publishes the H5 Flow's cooler clearance, this listing leaves it out.
  part(
    {
      id: "product-nzxt-h5-flow",
      name: "NZXT H5 Flow ATX Mid-Tower Case",
      description:
        "A clean, compact mid-tower with a perforated front panel and two 120 mm fans. It takes graphics cards up to 365 mm and radiators up to 280 mm in front.",
      pricePaise: 899900,
      stock: 8,
      specifications: {
        brand: "NZXT",
        componentType: "PC Case",
        chipset: "H5 Flow",
        caseBoardFormFactors: "ATX, Micro ATX, Mini-ITX",
        maxCardLength: "365",
        casePsuFormFactors: "ATX",
        radiatorMounts: "Front: 280; Top: 240",
        bays35: "1",
        caseFans: "2",
        warranty: "2 years manufacturer warranty",
      },
      vendorId: "vendor-1",
    },
    { maker: NZXT, country: "CN", mrpPaise: 12_499_00, warrantyMonths: 24, hsnCode: HSN.part },
  ),
  // ---------- CPU coolers ----------
  part(
    {
      id: "product-deepcool-ak620",
      name: "DeepCool AK620 CPU Air Cooler",
      description:
        "A dual-tower air cooler with two 120 mm fans that keeps high-end processors cool and quiet. It stands 160 mm tall and mounts on AM5, AM4, LGA 1700 and LGA 1200.",
      pricePaise: 549900,
      stock: 15,
      specifications: {
        brand: "DeepCool",
        componentType: "CPU Cooler",
        chipset: "AK620",
        coolerType: "Air",
        coolerHeight: "160",
        coolerSockets: "AM5, AM4, LGA 1700, LGA 1200",
        coolerFans: "2",
        warranty: "3 years manufacturer warranty",
      },
      vendorId: "vendor-3",
    },
    { maker: DEEPCOOL, country: "CN", mrpPaise: 7_999_00, warrantyMonths: 36, hsnCode: HSN.part },
  ),
  part(
    {
      id: "product-thermalright-peerless-assassin-120-se",
      name: "Thermalright Peerless Assassin 120 SE CPU Air Cooler",
      description:
        "The value pick among dual-tower coolers: two 120 mm fans, six heat pipes and a height of 155 mm, so it fits most mid-tower cases. It mounts on AM5, AM4, LGA 1851, LGA 1700 and LGA 1200.",
      pricePaise: 369900,
      stock: 24,
      specifications: {
        brand: "Thermalright",
        componentType: "CPU Cooler",
        chipset: "Peerless Assassin 120 SE",
        coolerType: "Air",
        coolerHeight: "155",
        coolerSockets: "AM5, AM4, LGA 1851, LGA 1700, LGA 1200",
        coolerFans: "2",
        warranty: "3 years manufacturer warranty",
      },
      vendorId: "vendor-2",
    },
    { maker: THERMALRIGHT, country: "CN", mrpPaise: 5_499_00, warrantyMonths: 36, hsnCode: HSN.part },
  ),
  part(
    {
      id: "product-noctua-nh-d15",
      name: "Noctua NH-D15 CPU Air Cooler",
      description:
        "Noctua's classic dual-tower cooler with two NF-A15 140 mm fans, quiet even under heavy load. At 165 mm tall it needs a roomy case. It mounts on AM5, AM4, LGA 1700 and LGA 1200.",
      pricePaise: 1099900,
      stock: 7,
      specifications: {
        brand: "Noctua",
        componentType: "CPU Cooler",
        chipset: "NH-D15",
        coolerType: "Air",
        coolerHeight: "165",
        coolerSockets: "AM5, AM4, LGA 1700, LGA 1200",
        coolerFans: "2",
        warranty: "6 years manufacturer warranty",
      },
      vendorId: "vendor-1",
    },
    { maker: NOCTUA, country: "TW", mrpPaise: 14_999_00, warrantyMonths: 72, hsnCode: HSN.part },
  ),
  part(
    {
      id: "product-noctua-nh-u12s",
      name: "Noctua NH-U12S CPU Air Cooler",
      description:
        "A slim single-tower cooler with one NF-F12 120 mm fan that leaves the memory slots clear. It is 158 mm tall and mounts on AM5, AM4, LGA 1700 and LGA 1200.",
      pricePaise: 699900,
      stock: 10,
      specifications: {
        brand: "Noctua",
        componentType: "CPU Cooler",
        chipset: "NH-U12S",
        coolerType: "Air",
        coolerHeight: "158",
        coolerSockets: "AM5, AM4, LGA 1700, LGA 1200",
        coolerFans: "1",
        warranty: "6 years manufacturer warranty",
      },
      vendorId: "vendor-2",
    },
    { maker: NOCTUA, country: "TW", mrpPaise: 9_499_00, warrantyMonths: 72, hsnCode: HSN.part },
  ),
  // ---------- Power supplies ----------
  part(
    {
      id: "product-msi-mag-a650gl-pcie5",
      name: "MSI MAG A650GL PCIE5 650W 80 Plus Gold Power Supply",
      description:
        "A fully modular ATX 3.0 power supply with a native 16-pin (12V-2x6) cable for new graphics cards and two 8-pin PCIe cables. 650 W suits mid-range gaming PCs.",
      pricePaise: 699900,
      stock: 17,
      specifications: {
        brand: "MSI",
        componentType: "Power Supply",
        chipset: "MAG A650GL PCIE5",
        wattage: "650",
        psuFormFactor: "ATX",
        psu8Pin: "2",
        psu12v2x6: "1",
        efficiency: "80 Plus Gold",
        warranty: "7 years manufacturer warranty",
      },
      vendorId: "vendor-2",
    },
    { maker: MSI, country: "CN", mrpPaise: 10_999_00, warrantyMonths: 84, hsnCode: HSN.psu },
  ),
  part(
    {
      id: "product-msi-mag-a850gl-pcie5",
      name: "MSI MAG A850GL PCIE5 850W 80 Plus Gold Power Supply",
      description:
        "A fully modular ATX 3.0 power supply with a native 16-pin (12V-2x6) cable and three 8-pin PCIe cables, with room for a high-end graphics card.",
      pricePaise: 1049900,
      stock: 13,
      specifications: {
        brand: "MSI",
        componentType: "Power Supply",
        chipset: "MAG A850GL PCIE5",
        wattage: "850",
        psuFormFactor: "ATX",
        psu8Pin: "3",
        psu12v2x6: "1",
        efficiency: "80 Plus Gold",
        warranty: "10 years manufacturer warranty",
      },
      vendorId: "vendor-1",
    },
    { maker: MSI, country: "CN", mrpPaise: 15_999_00, warrantyMonths: 120, hsnCode: HSN.psu },
  ),
  part(
    {
      id: "product-corsair-rm1000e",
      name: "Corsair RM1000e 1000W 80 Plus Gold Power Supply",
      description:
        "A quiet, fully modular ATX 3.0 power supply for flagship builds, with a native 12V-2x6 cable for cards such as the RTX 4090 and four 8-pin PCIe cables.",
      pricePaise: 1599900,
      stock: 5,
      specifications: {
        brand: "Corsair",
        componentType: "Power Supply",
        chipset: "RM1000e",
        wattage: "1000",
        psuFormFactor: "ATX",
        psu8Pin: "4",
        psu12v2x6: "1",
        efficiency: "80 Plus Gold",
        warranty: "7 years manufacturer warranty",
      },
      vendorId: "vendor-3",
    },
    { maker: CORSAIR, country: "CN", mrpPaise: 22_999_00, warrantyMonths: 84, hsnCode: HSN.psu },
  ),
];

/** The drawing each kind of part shows, in public/images/products/parts/; a 2.5-inch drive has its own. */
const PART_DRAWINGS: Record<Slot, string> = {
  processor: "processor",
  motherboard: "motherboard",
  memory: "memory",
  graphics: "graphics-card",
  storage: "ssd",
  case: "pc-case",
  cooler: "cpu-cooler",
  psu: "power-supply",
};

/** The address of the drawing `part` shows, or null for a product that is no PC part. */
export function partDrawing(part: Parameters<typeof slotOf>[0]): string | null {
  const slot = slotOf(part);
  if (!slot) return null;
  const name = slot === "storage" && part.specifications.formFactor === "2.5-inch" ? "ssd-sata" : PART_DRAWINGS[slot];
  return `/images/products/parts/${name}.svg`;
}

/** The parts as the demo catalogue lists them, in seed order. */
export const demoPcParts: DemoProduct[] = ENTRIES.map(({ product }) => {
  const listed = { ...product, category: product.category ?? "Component" };
  const image = partDrawing(listed);
  if (!image) throw new Error(`${product.id} is no PC part`);
  return { ...listed, image, featured: false };
});

export const demoPcPartDeclarations: Record<string, ProductDeclarations> = Object.fromEntries(
  ENTRIES.map(({ product, maker, country, mrpPaise, warrantyMonths, hsnCode, netQuantity }) => {
    const seller: Seller = product.vendorId;
    const declarations: ProductDeclarations = {
      countryOfOrigin: country,
      ...maker,
      ...importedBy(seller),
      netQuantity: netQuantity ?? "1 unit",
      mrpPaise,
      consumerCare: SELLER_CARE(seller),
      warrantyMonths,
      warrantyBy: "manufacturer",
      hsnCode,
    };
    return [product.id, declarations];
  }),
);

// ---------- Ids and builds to try ----------

/** The demo's PC parts by id, the three that were already in the demo catalogue included. */
export const PC_PART_IDS = {
  ryzen7_7800x3d: "product-amd-ryzen-7-7800x3d",
  ryzen5_5600: "product-amd-ryzen-5-5600",
  corei5_14600k: "product-intel-core-i5-14600k",
  corei9_13900k: "product-intel-core-i9-13900k",
  b850Tomahawk: "product-msi-mag-b850-tomahawk-max-wifi",
  b550Tomahawk: "product-msi-mag-b550-tomahawk-max-wifi",
  z790A: "product-msi-pro-z790-a-max-wifi",
  flareX5Ddr5: "product-gskill-flare-x5-32gb-ddr5-6000",
  vengeanceDdr4: "product-corsair-vengeance-lpx-16gb-ddr4-3200",
  furyBeastDdr5: "product-kingston-fury-beast-32gb-ddr5-5600",
  rtx5070: "product-zotac-geforce-rtx-5070-twin-edge-oc",
  rx7600: "product-sapphire-pulse-radeon-rx-7600-8gb",
  rtx4060Ti: "product-msi-geforce-rtx-4060-ti-ventus-2x-black-8g-oc",
  rx7800Xt: "product-xfx-speedster-qick319-radeon-rx-7800-xt",
  rtx4090: "product-msi-geforce-rtx-4090-ventus-3x-24g-oc",
  samsung990Pro: "product-samsung-990-pro-2tb",
  sn770: "product-wd-black-sn770-1tb",
  mx500: "product-crucial-mx500-1tb",
  lancool216: "product-lian-li-lancool-216",
  corsair4000D: "product-corsair-4000d-airflow",
  p300A: "product-phanteks-eclipse-p300a",
  nr200P: "product-cooler-master-masterbox-nr200p",
  h5Flow: "product-nzxt-h5-flow",
  ak620: "product-deepcool-ak620",
  peerlessAssassin: "product-thermalright-peerless-assassin-120-se",
  nhD15: "product-noctua-nh-d15",
  nhU12S: "product-noctua-nh-u12s",
  a650gl: "product-msi-mag-a650gl-pcie5",
  a850gl: "product-msi-mag-a850gl-pcie5",
  rm1000e: "product-corsair-rm1000e",
} as const;

const P = PC_PART_IDS;

export interface DemoBuild {
  /** One line: what the build shows. */
  description: string;
  /** In the builder's slot order; open it at builderHref(partIds) (app/modules/builds/selection.ts). */
  partIds: readonly string[];
}

const AM5 = [P.ryzen7_7800x3d, P.b850Tomahawk, P.flareX5Ddr5, P.rtx5070, P.samsung990Pro, P.lancool216, P.ak620, P.a850gl] as const;
const AM4 = [P.ryzen5_5600, P.b550Tomahawk, P.vengeanceDdr4, P.rx7600, P.sn770, P.p300A, P.a650gl] as const;
const LGA1700 = [P.corei5_14600k, P.z790A, P.furyBeastDdr5, P.rtx4060Ti, P.sn770, P.mx500, P.corsair4000D, P.peerlessAssassin, P.a650gl] as const;
const FLAGSHIP = [P.corei9_13900k, P.z790A, P.furyBeastDdr5, P.rtx4090, P.samsung990Pro, P.mx500, P.corsair4000D, P.peerlessAssassin, P.rm1000e] as const;

/** A build with one part swapped for another. */
const swap = (build: readonly string[], from: string, to: string) => build.map((id) => (id === from ? to : id));

/**
 * The builds to try, the same in the demo's docs, the builder's tests and the seed's test
 * (tests/integration/demo-pc-parts.test.ts asserts each one's verdicts).
 */
export const DEMO_BUILDS = {
  am5: { description: "A compatible AM5 gaming PC: Ryzen 7 7800X3D, RTX 5070 and DDR5-6000.", partIds: AM5 },
  am4: { description: "A compatible AM4 budget PC: Ryzen 5 5600 with its boxed cooler, RX 7600 and DDR4.", partIds: AM4 },
  lga1700: { description: "A compatible LGA 1700 PC: Core i5-14600K, RTX 4060 Ti, an NVMe and a SATA drive.", partIds: LGA1700 },
  lga1700Flagship: { description: "A compatible flagship: Core i9-13900K and RTX 4090 (about 789 W) on a 1,000 W supply.", partIds: FLAGSHIP },
  socketClash: { description: "Error: the Ryzen 7 7800X3D (AM5) on an LGA 1700 motherboard.", partIds: swap(LGA1700, P.corei5_14600k, P.ryzen7_7800x3d) },
  ddr4OnDdr5: { description: "Error: a DDR4 kit on a DDR5 motherboard.", partIds: swap(LGA1700, P.furyBeastDdr5, P.vengeanceDdr4) },
  cardTooLong: { description: "Error: a 335 mm XFX RX 7800 XT in a case that takes cards up to 330 mm.", partIds: [P.rx7800Xt, P.nr200P] },
  underpowered: { description: "Error: a Core i9-13900K and RTX 4090 (about 789 W) on a 650 W supply.", partIds: swap(FLAGSHIP, P.rm1000e, P.a650gl) },
  belowRecommended: { description: "Warning: the same build on an 850 W supply, below the recommended 1,000 W.", partIds: swap(FLAGSHIP, P.rm1000e, P.a850gl) },
  atxInMiniItx: { description: "Error: an ATX motherboard in a Mini-ITX case.", partIds: [P.b850Tomahawk, P.nr200P] },
  coolerTooTall: { description: "Error: a 165 mm cooler in a case that takes coolers up to 160 mm.", partIds: [...AM4, P.nhD15] },
  coolerCloseFit: { description: "Note: a 158 mm cooler in a case that takes 160 mm, fitting with 2 mm to spare.", partIds: [...AM4, P.nhU12S] },
  noGraphics: { description: "Error: a processor without graphics and no graphics card.", partIds: AM4.filter((id) => id !== P.rx7600) },
  checkNotRun: { description: "Not run: a case with no maximum cooler height on file, so the build is not called compatible.", partIds: swap(AM5, P.lancool216, P.h5Flow) },
} as const satisfies Record<string, DemoBuild>;

export type DemoBuildName = keyof typeof DEMO_BUILDS;
