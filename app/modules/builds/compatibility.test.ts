import { describe, expect, it } from "vitest";
import { checkSpecValue, specAttribute } from "~/modules/catalog/spec-schema";
import { RULES, cartFits, checkBuild, driveInterface, estimatePower, partFits, slotOf, type Build, type BuildPart, type Verdict } from "./compatibility";

// Parts with their makers' published figures, as a seller would enter them.
const part = (name: string, specifications: Record<string, string>): BuildPart => ({ id: name.toLowerCase().replace(/\W+/g, "-"), name, specifications });

const ryzen7800x3d = part("AMD Ryzen 7 7800X3D", {
  componentType: "Processor",
  socket: "AM5",
  processorFamily: "Ryzen 7000",
  ramTypes: "DDR5",
  power: "120",
  peakPower: "162",
  integratedGraphics: "Yes",
  coolerIncluded: "No",
});
const ryzen5600x = part("AMD Ryzen 5 5600X", {
  componentType: "Processor",
  socket: "AM4",
  processorFamily: "Ryzen 5000",
  ramTypes: "DDR4",
  power: "65",
  peakPower: "88",
  integratedGraphics: "No",
  coolerIncluded: "Yes",
});
const i9_13900k = part("Intel Core i9-13900K", {
  componentType: "Processor",
  socket: "LGA 1700",
  processorFamily: "Core 13th Gen",
  ramTypes: "DDR5, DDR4",
  power: "125",
  peakPower: "253",
  integratedGraphics: "Yes",
  coolerIncluded: "No",
});
const tufB650 = part("ASUS TUF Gaming B650-Plus WiFi", {
  componentType: "Motherboard",
  socket: "AM5",
  boardFormFactor: "ATX",
  ramType: "DDR5",
  memorySlots: "4",
  maxMemory: "192",
  maxMemorySpeed: "6400",
  m2Slots: "3",
  sataPorts: "4",
  biosFlashback: "Yes",
  minimumBios: "Ryzen 9000: AGESA 1.2.0.0",
});
const proZ790 = part("MSI PRO Z790-P WiFi", {
  componentType: "Motherboard",
  socket: "LGA 1700",
  boardFormFactor: "ATX",
  ramType: "DDR5",
  memorySlots: "4",
  maxMemory: "192",
  maxMemorySpeed: "7200",
  m2Slots: "4",
  sataPorts: "6",
  biosFlashback: "Yes",
  minimumBios: "None",
});
const b550m = part("Gigabyte B550M DS3H", {
  componentType: "Motherboard",
  socket: "AM4",
  boardFormFactor: "Micro ATX",
  ramType: "DDR4",
  memorySlots: "4",
  maxMemory: "128",
  maxMemorySpeed: "4733",
  m2Slots: "2",
  sataPorts: "4",
  biosFlashback: "Yes",
  minimumBios: "Ryzen 5000: F11",
});
const ddr5Kit = part("Kingston FURY Beast 32 GB (2 x 16 GB) DDR5-6000", {
  componentType: "Memory",
  ramType: "DDR5",
  memorySpeed: "6000",
  modules: "2",
  moduleCapacity: "16",
  moduleType: "DIMM",
  registered: "Unbuffered",
});
const ddr4Kit = part("Corsair Vengeance LPX 16 GB (2 x 8 GB) DDR4-3200", {
  componentType: "Memory",
  ramType: "DDR4",
  memorySpeed: "3200",
  modules: "2",
  moduleCapacity: "8",
  moduleType: "DIMM",
  registered: "Unbuffered",
});
const rx7800xt = part("XFX RX 7800 XT", {
  componentType: "Graphics Card",
  power: "263",
  cardLength: "335",
  slotWidth: "2.5",
  card8Pin: "2",
  card12v2x6: "0",
  minimumPsu: "700",
});
const rtx4090 = part("Gigabyte GeForce RTX 4090 Gaming OC", {
  componentType: "Graphics Card",
  power: "450",
  cardLength: "340",
  slotWidth: "3.5",
  card8Pin: "0",
  card12v2x6: "1",
  minimumPsu: "850",
});
const rtx4060 = part("ASUS Dual GeForce RTX 4060", {
  componentType: "Graphics Card",
  power: "115",
  cardLength: "227",
  slotWidth: "2.5",
  card8Pin: "1",
  card12v2x6: "0",
  minimumPsu: "550",
});
const nr200p = part("Cooler Master MasterBox NR200P", {
  componentType: "PC Case",
  caseBoardFormFactors: "Mini-ITX",
  maxCardLength: "330",
  maxCoolerHeight: "155",
  casePsuFormFactors: "SFX, SFX-L",
  radiatorMounts: "Side: 280",
  bays35: "1",
  caseFans: "2",
});
const airflow4000d = part("Corsair 4000D Airflow", {
  componentType: "PC Case",
  caseBoardFormFactors: "ATX, Micro ATX, Mini-ITX",
  maxCardLength: "360",
  maxCoolerHeight: "170",
  casePsuFormFactors: "ATX",
  radiatorMounts: "Front: 360; Top: 280",
  bays35: "2",
  caseFans: "2",
});
const lancool205 = part("Lian Li Lancool 205 Mesh C", {
  componentType: "PC Case",
  caseBoardFormFactors: "ATX, Micro ATX, Mini-ITX",
  maxCardLength: "350",
  maxCoolerHeight: "160",
  casePsuFormFactors: "ATX",
  radiatorMounts: "Front: 360; Top: 240",
  bays35: "2",
  caseFans: "2",
});
const nhD15 = part("Noctua NH-D15", { componentType: "CPU Cooler", coolerType: "Air", coolerHeight: "165", coolerSockets: "AM5, AM4, LGA 1700", coolerFans: "2" });
const ak620 = part("DeepCool AK620", { componentType: "CPU Cooler", coolerType: "Air", coolerHeight: "160", coolerSockets: "AM5, AM4, LGA 1700", coolerFans: "2" });
const lf360 = part("Arctic Liquid Freezer III 360", { componentType: "CPU Cooler", coolerType: "Liquid", radiatorSize: "360", coolerSockets: "AM5, AM4, LGA 1700", coolerFans: "3" });
const cv650 = part("Corsair CV650", { componentType: "Power Supply", wattage: "650", psuFormFactor: "ATX", psu8Pin: "2", psu12v2x6: "0" });
const rm850e = part("Corsair RM850e", { componentType: "Power Supply", wattage: "850", psuFormFactor: "ATX", psu8Pin: "4", psu12v2x6: "1" });
const rm1000e = part("Corsair RM1000e", { componentType: "Power Supply", wattage: "1000", psuFormFactor: "ATX", psu8Pin: "6", psu12v2x6: "1" });
const nvme = part("Samsung 990 Pro 1 TB", { storageKind: "Internal SSD", interface: "PCIe 4.0 NVMe", formFactor: "M.2 2280" });
const nvme2 = part("WD Black SN770 1 TB", { storageKind: "Internal SSD", interface: "PCIe 4.0 NVMe", formFactor: "M.2 2280" });
const sata25 = part("Crucial MX500 1 TB", { storageKind: "Internal SSD", interface: "SATA", formFactor: "2.5-inch" });
const hdd = part("Seagate BarraCuda 2 TB", { storageKind: "Internal HDD", interface: "SATA", formFactor: "3.5-inch" });

/** Three working PCs, one per platform. */
const am5Build: Build = { processor: ryzen7800x3d, motherboard: tufB650, memory: [ddr5Kit], graphics: rx7800xt, storage: [nvme], case: airflow4000d, cooler: lf360, psu: rm850e };
const am4Build: Build = { processor: ryzen5600x, motherboard: b550m, memory: [ddr4Kit], graphics: rtx4060, storage: [nvme, sata25], case: airflow4000d, psu: cv650 };
const lga1700Build: Build = { processor: i9_13900k, motherboard: proZ790, memory: [ddr5Kit], graphics: rtx4090, storage: [nvme, nvme2], case: airflow4000d, cooler: nhD15, psu: rm1000e };

const of = (verdicts: Verdict[], severity: Verdict["severity"]) => verdicts.filter((v) => v.severity === severity).map((v) => v.message);
const errors = (b: Build) => of(checkBuild(b).verdicts, "error");
/** The errors between the parts given, leaving out what a build of only these parts lacks (a cooler). */
const clashes = (b: Build) => of(checkBuild(b, RULES.filter((r) => !r.completeness)).verdicts, "error");

describe("the rule list", () => {
  it("names each rule once, with a title, the figures it reads and how loud it can be", () => {
    expect(new Set(RULES.map((r) => r.id)).size).toBe(RULES.length);
    for (const rule of RULES) {
      expect(rule.title, rule.id).toBeTruthy();
      expect(rule.figures.length, rule.id).toBeGreaterThan(0);
      expect(rule.severities.length, rule.id).toBeGreaterThan(0);
    }
  });

  it("reads only figures the product form takes, so a seller can give every one", () => {
    for (const rule of RULES) {
      for (const f of rule.figures) {
        const category = f.slot === "storage" ? "Storage" : "Component";
        expect(specAttribute(category, f.key), `${rule.id} ${f.key}`).toBeDefined();
      }
    }
  });

  it("test parts carry figures the product form would accept unchanged", () => {
    for (const p of [ryzen7800x3d, i9_13900k, tufB650, b550m, ddr5Kit, rx7800xt, rtx4090, nr200p, airflow4000d, nhD15, lf360, rm1000e, nvme, hdd]) {
      for (const [key, value] of Object.entries(p.specifications)) {
        const attribute = specAttribute(p.specifications.storageKind ? "Storage" : "Component", key)!;
        expect(checkSpecValue(attribute, value), `${p.name} ${key}`).toEqual({ ok: true, value });
      }
    }
  });
});

describe("working builds", () => {
  it("an AM5, an AM4 and an LGA 1700 PC have no errors and no unrun checks", () => {
    for (const build of [am5Build, am4Build, lga1700Build]) {
      const check = checkBuild(build);
      expect(of(check.verdicts, "error")).toEqual([]);
      expect(of(check.verdicts, "not-run")).toEqual([]);
      expect(check.compatible).toBe(true);
    }
    expect(checkBuild(am5Build).headline).toBe("Compatible");
  });

  it("the AM4 board needs a newer BIOS for Ryzen 5000: a note, as it has BIOS flashback", () => {
    const check = checkBuild(am4Build);
    expect(of(check.verdicts, "note")).toEqual([
      "The AMD Ryzen 5 5600X (Ryzen 5000) needs BIOS F11 or later on the Gigabyte B550M DS3H; one made before that BIOS will not start with it. It has BIOS flashback: if yours has an older BIOS, update it from a USB drive before fitting the processor.",
    ]);
    expect(check.compatible).toBe(true);
  });
});

describe("the issue's builds", () => {
  it("a Ryzen 7 7800X3D on an LGA 1700 board: the socket, both named", () => {
    expect(clashes({ processor: ryzen7800x3d, motherboard: proZ790 })).toEqual([
      "The AMD Ryzen 7 7800X3D fits socket AM5; the MSI PRO Z790-P WiFi takes LGA 1700 processors. Choose a motherboard with socket AM5 or a processor for LGA 1700.",
    ]);
  });

  it("a DDR4 kit on a DDR5 board, with a DDR5-only processor", () => {
    expect(clashes({ processor: ryzen7800x3d, motherboard: tufB650, memory: [ddr4Kit] })).toEqual([
      "The Corsair Vengeance LPX 16 GB (2 x 8 GB) DDR4-3200 is DDR4; the ASUS TUF Gaming B650-Plus WiFi takes DDR5. Choose a DDR5 kit or a DDR4 motherboard.",
      "The Corsair Vengeance LPX 16 GB (2 x 8 GB) DDR4-3200 is DDR4; the AMD Ryzen 7 7800X3D supports DDR5 only. Choose a DDR5 kit.",
    ]);
  });

  it("a 335 mm card in a case that takes 330 mm", () => {
    expect(errors({ graphics: rx7800xt, case: nr200p })).toEqual([
      "The Cooler Master MasterBox NR200P takes graphics cards up to 330 mm; the XFX RX 7800 XT is 335 mm. Choose a card up to 330 mm or a larger case.",
    ]);
  });

  it("an i9-13900K with an RTX 4090 on 650 W: draw about 789 W, recommended 1,000 W, the arithmetic shown", () => {
    const build: Build = { ...lga1700Build, psu: cv650 };
    const power = estimatePower(build)!;
    expect(power.draw).toBe(789);
    expect(power.recommended).toBe(1000);
    expect(power.lines.map((l) => [l.label, l.watts, l.how])).toEqual([
      ["Intel Core i9-13900K", 253, "peak package power"],
      ["Gigabyte GeForce RTX 4090 Gaming OC", 450, "board power"],
      ["Motherboard", 50, "allowance"],
      ["Memory", 10, "2 modules × 5 W"],
      ["Drives", 14, "2 drives × 7 W"],
      ["Fans", 12, "4 fans × 3 W"],
    ]);
    expect(power.arithmetic).toBe(
      "Draw: 253 + 450 + 50 + 10 + 14 + 12 = 789 W. Recommended: 1.25 × 789 W = 986 W, rounded up to 1,000 W; the Gigabyte GeForce RTX 4090 Gaming OC's maker asks for at least 850 W; the larger is 1,000 W.",
    );
    expect(errors(build)).toEqual([
      "The build draws about 789 W; the Corsair CV650 gives 650 W. Choose a power supply of at least 1,000 W.",
      "The Gigabyte GeForce RTX 4090 Gaming OC needs 1 12V-2x6 cable; the Corsair CV650 has none. Choose a power supply with a 12V-2x6 cable (ATX 3.0 or later).",
    ]);
  });

  it("the same build on 850 W: enough for the draw, below the recommended size, a warning", () => {
    const check = checkBuild({ ...lga1700Build, psu: rm850e });
    expect(of(check.verdicts, "warning")).toEqual([
      "The build draws about 789 W and the Corsair RM850e gives 850 W, below the recommended 1,000 W. Choose a power supply of at least 1,000 W for headroom.",
    ]);
    expect(check.compatible).toBe(true);
    expect(check.headline).toBe("Compatible, with 1 warning");
  });

  it("an ATX board in a Mini-ITX case, with an ATX supply in an SFX case", () => {
    expect(errors({ motherboard: tufB650, case: nr200p, psu: rm850e })).toEqual([
      "The Cooler Master MasterBox NR200P takes Mini-ITX motherboards; the ASUS TUF Gaming B650-Plus WiFi is ATX. Choose a Mini-ITX motherboard or a case that takes ATX.",
      "The Cooler Master MasterBox NR200P takes SFX and SFX-L power supplies; the Corsair RM850e is ATX. Choose an SFX and SFX-L power supply or a case that takes ATX.",
    ]);
  });

  it("a 165 mm cooler in a case that takes 160 mm; a 160 mm one fits, with a note", () => {
    expect(errors({ cooler: nhD15, case: lancool205 })).toEqual([
      "The Lian Li Lancool 205 Mesh C takes CPU coolers up to 160 mm tall; the Noctua NH-D15 is 165 mm. Choose a cooler up to 160 mm or a wider case.",
    ]);
    const check = checkBuild({ cooler: ak620, case: lancool205 });
    expect(of(check.verdicts, "note")).toEqual([
      "The DeepCool AK620 is 160 mm tall and the Lian Li Lancool 205 Mesh C takes up to 160 mm: it fits with 0 mm to spare, close to the side panel.",
    ]);
    expect(of(check.verdicts, "error")).toEqual([]);
  });
});

describe("every rule", () => {
  it("the cooler's sockets and the processor's", () => {
    const oldCooler = part("Old Cooler", { componentType: "CPU Cooler", coolerType: "Air", coolerHeight: "150", coolerSockets: "AM4, LGA 1200" });
    expect(clashes({ processor: ryzen7800x3d, cooler: oldCooler })).toEqual([
      "The Old Cooler mounts on AM4 and LGA 1200; the AMD Ryzen 7 7800X3D is AM5. Choose a cooler that mounts on AM5.",
    ]);
  });

  it("the board's memory type and the processor's", () => {
    const ddr4Board = { ...b550m, name: "DDR4 AM5 board", specifications: { ...b550m.specifications, socket: "AM5" } };
    expect(clashes({ processor: ryzen7800x3d, motherboard: ddr4Board })).toEqual([
      "The DDR4 AM5 board takes DDR4; the AMD Ryzen 7 7800X3D supports DDR5 only. Choose a DDR5 motherboard.",
    ]);
  });

  it("SO-DIMM and registered memory on a desktop board", () => {
    const soDimm = part("Laptop Kit", { ...ddr5Kit.specifications, moduleType: "SO-DIMM" });
    const rdimm = part("Server Kit", { ...ddr5Kit.specifications, registered: "Registered" });
    expect(errors({ motherboard: tufB650, memory: [soDimm, rdimm] })).toEqual([
      "The Laptop Kit is SO-DIMM, the laptop size; the ASUS TUF Gaming B650-Plus WiFi takes desktop DIMMs. Choose a DIMM kit.",
      "The Server Kit is registered memory, made for servers; the ASUS TUF Gaming B650-Plus WiFi takes unbuffered memory. Choose an unbuffered kit.",
    ]);
  });

  it("modules against slots and the total against the board's maximum", () => {
    const big = part("Big Kit", { ...ddr4Kit.specifications, modules: "4", moduleCapacity: "48" });
    expect(errors({ motherboard: b550m, memory: [big, ddr4Kit] })).toEqual([
      "The memory is 6 modules; the Gigabyte B550M DS3H has 4 slots. Choose 4 modules or fewer, or a motherboard with more slots.",
      "The memory totals 208 GB; the Gigabyte B550M DS3H takes at most 128 GB. Choose 128 GB or less, or a motherboard that takes more.",
    ]);
  });

  it("a kit faster than the board runs: a note, it runs slower", () => {
    const fast = part("Fast Kit", { ...ddr5Kit.specifications, memorySpeed: "8000" });
    const check = checkBuild({ motherboard: tufB650, memory: [fast] });
    expect(of(check.verdicts, "note")).toEqual([
      "The Fast Kit is rated 8,000 MT/s; the ASUS TUF Gaming B650-Plus WiFi runs memory at up to 6,400 MT/s, so it will run at 6,400 MT/s. It works; for the full speed choose a motherboard rated for 8,000 MT/s.",
    ]);
    expect(check.compatible).toBe(true);
  });

  it("a card within 10 mm of the case's limit: a note", () => {
    // 10 mm to spare is room enough.
    expect(checkBuild({ graphics: rtx4090, case: lancool205 }).verdicts).toEqual([]);
    const near = part("Near Card", { ...rtx4090.specifications, cardLength: "345" });
    expect(of(checkBuild({ graphics: near, case: lancool205 }).verdicts, "note")).toEqual([
      "The Near Card is 345 mm and the Lian Li Lancool 205 Mesh C takes up to 350 mm: it fits with 5 mm to spare. Check that front fans or a radiator do not take that room.",
    ]);
  });

  it("a radiator larger than every mount; an air cooler's height is then not asked", () => {
    const check = checkBuild({ cooler: lf360, case: nr200p });
    expect(of(check.verdicts, "error")).toEqual([
      "The Arctic Liquid Freezer III 360 has a 360 mm radiator; the Cooler Master MasterBox NR200P's largest radiator mount is 280 mm (side). Choose a cooler with a radiator up to 280 mm or a case that takes 360 mm.",
    ]);
    expect(of(check.verdicts, "not-run")).toEqual([]);
  });

  it("the card's power connectors against the supply's cables", () => {
    const twoCables = part("Small Supply", { ...rm1000e.specifications, psu8Pin: "1", psu12v2x6: "0" });
    expect(errors({ graphics: rx7800xt, psu: twoCables })).toEqual([
      "The XFX RX 7800 XT needs 2 8-pin PCIe cables; the Small Supply has 1. Choose a power supply with at least 2.",
    ]);
  });

  it("drives against M.2 slots, SATA ports and 3.5-inch bays", () => {
    const oneSlotBoard = part("One Slot Board", { ...b550m.specifications, m2Slots: "1", sataPorts: "1" });
    const oneBayCase = { ...nr200p, specifications: { ...nr200p.specifications, caseBoardFormFactors: "Micro ATX, Mini-ITX" } };
    expect(errors({ motherboard: oneSlotBoard, case: oneBayCase, storage: [nvme, nvme2, sata25, hdd, hdd] })).toEqual([
      "The build has 2 M.2 drives; the One Slot Board has 1 M.2 slot. Choose at most 1 M.2 drive or a motherboard with more M.2 slots.",
      "The build has 3 SATA drives; the One Slot Board has 1 SATA port. Choose at most 1 SATA drive, NVMe drives, or a motherboard with more ports.",
      'The build has 2 3.5" drives; the Cooler Master MasterBox NR200P has 1 3.5" bay. Choose at most 1 3.5" drive or a case with more bays.',
    ]);
  });

  it("a processor newer than the board's BIOS: a warning without flashback", () => {
    const ryzen9700x = part("AMD Ryzen 7 9700X", { ...ryzen7800x3d.specifications, processorFamily: "Ryzen 9000" });
    const noFlashback = { ...tufB650, specifications: { ...tufB650.specifications, biosFlashback: "No" } };
    expect(of(checkBuild({ processor: ryzen9700x, motherboard: noFlashback }).verdicts, "warning")).toEqual([
      "The AMD Ryzen 7 9700X (Ryzen 9000) needs BIOS AGESA 1.2.0.0 or later on the ASUS TUF Gaming B650-Plus WiFi; one made before that BIOS will not start with it. It has no BIOS flashback, so an older one needs another processor to update. Ask the seller whether it has been updated, or choose a board that runs Ryzen 9000 processors out of the box.",
    ]);
    expect(of(checkBuild({ processor: ryzen9700x, motherboard: tufB650 }).verdicts, "note")).toHaveLength(1);
    expect(checkBuild({ processor: ryzen7800x3d, motherboard: tufB650, cooler: nhD15 }).verdicts).toEqual([]);
  });

  it("no graphics at all, and no cooler for a processor sold without one", () => {
    expect(errors({ processor: ryzen5600x })).toEqual([
      "The AMD Ryzen 5 5600X has no graphics of its own and the build has no graphics card, so no screen can be connected. Add a graphics card or choose a processor with graphics.",
    ]);
    expect(errors({ processor: ryzen7800x3d })).toEqual(["The AMD Ryzen 7 7800X3D comes without a cooler and the build has none. Add a CPU cooler."]);
    expect(errors({ processor: ryzen5600x, graphics: rtx4060 })).toEqual([]);
  });
});

describe("missing figures", () => {
  it("make a rule not run, naming the part and the figure; the build is then not compatible", () => {
    const bareCase = part("NZXT H5 Flow", { componentType: "PC Case", caseBoardFormFactors: "ATX" });
    const check = checkBuild({ cooler: nhD15, case: bareCase });
    expect(check.verdicts).toEqual([
      {
        rule: "cooler-height",
        severity: "not-run",
        message: "Air cooler height and the case: not checked, the case, NZXT H5 Flow, has no maximum cooler height on file.",
        partIds: [bareCase.id],
      },
    ]);
    expect(check.compatible).toBe(false);
    expect(check.headline).toBe("1 check not run: the case, NZXT H5 Flow, has no maximum cooler height on file");
  });

  it("the estimate waits for a processor's power and names what is missing", () => {
    const bare = part("Old Processor", { componentType: "Processor", socket: "AM5" });
    const check = checkBuild({ processor: bare, psu: rm850e });
    expect(check.power).toBeNull();
    expect(of(check.verdicts, "not-run")).toContain(
      "Estimated draw and the power supply: not checked, the processor, Old Processor, has no peak package power or TDP on file.",
    );
  });

  it("a TDP stands in for peak power, × 1.35", () => {
    const tdpOnly = part("TDP Processor", { ...ryzen7800x3d.specifications, peakPower: "" });
    expect(estimatePower({ processor: tdpOnly })!.lines[0]).toEqual({ label: "TDP Processor", watts: 162, how: "TDP 120 W × 1.35" });
  });

  it("an unrun check and an error are both in the headline", () => {
    const bareCase = part("Bare Case", { componentType: "PC Case" });
    expect(checkBuild({ processor: ryzen7800x3d, motherboard: proZ790, cooler: nhD15, case: bareCase }).headline).toBe(
      "1 problem to fix; 2 checks not run: the case, Bare Case, has no motherboard form factors taken on file; the case, Bare Case, has no maximum cooler height on file",
    );
  });
});

describe("where a part meets a build", () => {
  it("a part fits a saved build or says why not", () => {
    const saved: Build = { processor: ryzen7800x3d, case: nr200p };
    expect(partFits(saved, tufB650, "motherboard")).toMatchObject({ fits: false });
    expect(partFits(saved, tufB650, "motherboard").verdicts.map((v) => v.rule)).toEqual(["board-form-factor"]);
    expect(partFits(saved, proZ790, "motherboard").verdicts.map((v) => v.rule).sort()).toEqual(["board-form-factor", "processor-socket"]);
    expect(partFits({ processor: ryzen7800x3d }, tufB650, "motherboard")).toEqual({ fits: true, checked: true, verdicts: [] });
    const bareBoard = part("Bare Board", { componentType: "Motherboard" });
    expect(partFits({ processor: ryzen7800x3d }, bareBoard, "motherboard")).toMatchObject({ fits: true, checked: false });
  });

  it("a part's own clashes only: the build's missing cooler is not the memory's fault", () => {
    expect(partFits({ processor: ryzen7800x3d, motherboard: tufB650 }, ddr5Kit, "memory")).toEqual({ fits: true, checked: true, verdicts: [] });
  });

  it("the cart: parts that don't fit together, each pair once, a spare part of the same kind no clash", () => {
    const cart = [
      { part: ryzen7800x3d, slot: "processor" as const },
      { part: proZ790, slot: "motherboard" as const },
      { part: ddr5Kit, slot: "memory" as const },
      { part: ryzen5600x, slot: "processor" as const },
    ];
    const fit = cartFits(cart);
    expect(fit.fits).toBe(false);
    expect(fit.problems.map((p) => p.message)).toEqual([
      "The AMD Ryzen 7 7800X3D fits socket AM5; the MSI PRO Z790-P WiFi takes LGA 1700 processors. Choose a motherboard with socket AM5 or a processor for LGA 1700.",
      "The AMD Ryzen 5 5600X fits socket AM4; the MSI PRO Z790-P WiFi takes LGA 1700 processors. Choose a motherboard with socket AM4 or a processor for LGA 1700.",
      "The MSI PRO Z790-P WiFi takes DDR5; the AMD Ryzen 5 5600X supports DDR4 only. Choose a DDR4 motherboard.",
      "The Kingston FURY Beast 32 GB (2 x 16 GB) DDR5-6000 is DDR5; the AMD Ryzen 5 5600X supports DDR4 only. Choose a DDR4 kit.",
    ]);
    expect(cartFits([{ part: ryzen7800x3d, slot: "processor" }, { part: tufB650, slot: "motherboard" }])).toEqual({ fits: true, problems: [] });
  });

  it("knows which slot a product goes in, and a drive's interface", () => {
    expect(slotOf({ category: "Component", specifications: { componentType: "PC Case" } })).toBe("case");
    expect(slotOf({ category: "Component", specifications: { componentType: "Other" } })).toBeNull();
    expect(slotOf({ category: "Storage", specifications: { storageKind: "Internal SSD" } })).toBe("storage");
    expect(slotOf({ category: "Storage", specifications: { storageKind: "External SSD" } })).toBeNull();
    expect(slotOf({ category: "Laptop", specifications: {} })).toBeNull();
    expect([nvme, sata25, hdd].map(driveInterface)).toEqual(["NVMe M.2", 'SATA 2.5"', 'SATA 3.5"']);
    expect(driveInterface(part("SATA M.2", { interface: "SATA", formFactor: "M.2 2280" }))).toBe("SATA M.2");
  });
});

describe("drive checks", () => {
  it("ask a case for its 3.5-inch bays, and a board for its ports, only when a drive needs them", () => {
    const noBays = part("Case Without Bay Figures", { ...airflow4000d.specifications, bays35: "" });
    const noPorts = part("Board Without Port Figures", { ...tufB650.specifications, sataPorts: "" });
    expect(checkBuild({ motherboard: noPorts, case: noBays, storage: [nvme] }).verdicts).toEqual([]);
    expect(checkBuild({ motherboard: noPorts, case: noBays, storage: [hdd] }).verdicts.map((v) => [v.rule, v.severity])).toEqual([
      ["sata-ports", "not-run"],
      ["drive-bays", "not-run"],
    ]);
  });
});
