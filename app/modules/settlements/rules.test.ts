import { describe, expect, it } from "vitest";
import { FIRST_RATES, indiaDay, partEntries, partRates, partTargets, rateOn, REVERSAL_OF, SALE_KINDS, share, type Rate } from "./rules";

const FLAT: Parameters<typeof partEntries>[2] = { commissionBp: (c) => (c === "Component" ? 300 : 500), tcsBp: 50, tdsBp: 10 };
const sum = (entries: Partial<Record<string, number>>) => Object.values(entries).reduce<number>((a, b) => a + (b ?? 0), 0);

describe("rates by date", () => {
  const rates: Rate[] = [
    { kind: "commission", category: null, rateBp: 500, effectiveFrom: "2026-01-01" },
    { kind: "commission", category: null, rateBp: 600, effectiveFrom: "2026-07-01" },
    { kind: "commission", category: "Laptop", rateBp: 400, effectiveFrom: "2026-04-01" },
    { kind: "tcs", category: null, rateBp: 100, effectiveFrom: "2026-01-01" },
    { kind: "tcs", category: null, rateBp: 50, effectiveFrom: "2026-07-10" },
  ];

  it("takes the latest rate in force on the day, the category's own before the default", () => {
    expect(rateOn(rates, "commission", "2026-03-31", "Laptop")).toBe(500);
    expect(rateOn(rates, "commission", "2026-04-01", "Laptop")).toBe(400);
    expect(rateOn(rates, "commission", "2026-08-01", "Laptop")).toBe(400);
    expect(rateOn(rates, "commission", "2026-06-30", "Audio")).toBe(500);
    expect(rateOn(rates, "commission", "2026-07-01", "Audio")).toBe(600);
    expect(rateOn(rates, "tcs", "2026-07-09")).toBe(100);
    expect(rateOn(rates, "tcs", "2026-07-10")).toBe(50);
    expect(rateOn(rates, "tds", "2026-07-10")).toBe(0);
    expect(rateOn(rates, "commission", "2025-12-31")).toBe(0);
  });

  it("counts the day in India: 23:00 UTC on the 30th is the 1st there", () => {
    expect(indiaDay("2026-06-30T18:29:59.999Z")).toBe("2026-06-30");
    expect(indiaDay("2026-06-30T18:30:00.000Z")).toBe("2026-07-01");
    expect(partRates(rates, "2026-06-30T18:30:00.000Z").commissionBp("Audio")).toBe(600);
  });

  it("a new shop starts with 5% commission (3% on components), TCS 0.5% and TDS 0.1%", () => {
    const r = partRates(FIRST_RATES, new Date());
    expect([r.commissionBp("Laptop"), r.commissionBp("Component"), r.tcsBp, r.tdsBp]).toEqual([500, 300, 50, 10]);
  });
});

describe("a part's entries", () => {
  it("works out each amount as the rules say, halves rounding up", () => {
    // ₹82,990 laptop within one state.
    const e = partEntries([{ category: "Laptop", taxable: 82_990_00 }], "intra", FLAT);
    expect(e).toEqual({
      sale: 82_990_00 + 14_938_20,
      commission: -4_149_50,
      commission_gst: -746_91,
      tcs_cgst: -207_48, // 0.25% of ₹82,990 = ₹207.475, up
      tcs_sgst: -207_48,
      tcs_igst: 0,
      tds: -82_99,
    });
    const across = partEntries([{ category: "Laptop", taxable: 82_990_00 }], "inter", FLAT);
    expect([across.tcs_cgst, across.tcs_sgst, across.tcs_igst]).toEqual([0, 0, -414_95]);
  });

  it("charges each category its own commission", () => {
    const e = partEntries(
      [
        { category: "Component", taxable: 10_000_00 },
        { category: "Audio", taxable: 1_000_00 },
        { category: "Component", taxable: 5_000_00 },
      ],
      "inter",
      FLAT,
    );
    expect(e.commission).toBe(-(450_00 + 50_00));
  });

  it("rounds halves up and everything else to the nearest paisa", () => {
    expect(share(1, 5_000)).toBe(1); // 0.5 paise
    expect(share(3, 5_000)).toBe(2); // 1.5
    expect(share(1, 4_999)).toBe(0);
    expect(share(-3, 5_000)).toBe(-2);
    expect(share(0, 500)).toBe(0);
  });

  it("sums, for any amounts, to what was collected less what is kept: the seller's net", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647);
    for (let i = 0; i < 2_000; i++) {
      const lines = Array.from({ length: 1 + Math.floor(random() * 4) }, () => ({
        category: ["Laptop", "Component", null][Math.floor(random() * 3)]!,
        taxable: Math.floor(random() * 50_000_000),
      }));
      const rates = { commissionBp: () => Math.floor(random() * 2_000), tcsBp: Math.floor(random() * 200), tdsBp: Math.floor(random() * 100) };
      const supply = random() < 0.5 ? "intra" : "inter";
      const e = partEntries(lines, supply, rates);
      const kept = -(e.commission + e.commission_gst + e.tcs_cgst + e.tcs_sgst + e.tcs_igst + e.tds);
      expect(e.sale).toBe(lines.reduce((s, l) => s + l.taxable, 0) + Math.round((lines.reduce((s, l) => s + l.taxable, 0) * 18) / 100));
      expect(sum(e)).toBe(e.sale - kept);
      for (const kind of SALE_KINDS) if (kind !== "sale") expect(e[kind]).toBeLessThanOrEqual(0);
    }
  });
});

describe("refunds reverse the sale", () => {
  const sold = [
    { category: "Laptop", taxable: 3 * 33_333_33 },
    { category: "Audio", taxable: 1_999_99 },
  ];

  it("a part refunded in full, in steps, nets to zero to the paisa", () => {
    const steps = [[{ category: "Laptop", taxable: 33_333_33 }], [{ category: "Laptop", taxable: 2 * 33_333_33 }], [{ category: "Audio", taxable: 1_999_99 }]];
    let refunded: { category: string; taxable: number }[] = [];
    for (const step of steps) refunded = [...refunded, ...step];
    const t = partTargets(sold, refunded, "intra", FLAT);
    expect(sum(t)).toBe(0);
    for (const kind of SALE_KINDS) expect((t[kind] ?? 0) + (t[REVERSAL_OF[kind]] ?? 0)).toBe(0);
  });

  it("a part refunded in part keeps the rest of its sale, less what is kept on that rest", () => {
    const t = partTargets(sold, [{ category: "Audio", taxable: 1_999_99 }], "inter", FLAT);
    expect(t.refund).toBe(-(1_999_99 + 360_00));
    expect(t.commission_reversal).toBe(100_00);
    const rest = partEntries([{ category: "Laptop", taxable: 3 * 33_333_33 }], "inter", FLAT);
    expect(Math.abs(sum(t) - sum(rest))).toBeLessThanOrEqual(3);
  });

  it("an undelivered part has nothing to post", () => {
    expect(partTargets(null, [], "intra", FLAT)).toEqual({});
  });
});
