import { describe, expect, it } from "vitest";
import { formatMoney, paiseToDecimalString, rupeesToPaise } from "./money";

describe("formatMoney", () => {
  it("uses Indian digit grouping and no decimals by default", () => {
    expect(formatMoney(14999000)).toBe("₹1,49,990");
    expect(formatMoney(9900)).toBe("₹99");
    expect(formatMoney(1000000)).toBe("₹10,000");
    expect(formatMoney(0)).toBe("₹0");
  });
  it("rounds paise to whole rupees in shop views", () => {
    expect(formatMoney(10049)).toBe("₹100");
    expect(formatMoney(10050)).toBe("₹101");
  });
  it("shows two decimals when asked (admin tables)", () => {
    expect(formatMoney(14999000, { decimals: 2 })).toBe("₹1,49,990.00");
    expect(formatMoney(455000000_00, { decimals: 2 })).toBe("₹45,50,00,000.00");
  });
  it("says every amount as Intl's en-IN currency format does, negative ones too", () => {
    const intl = [0, 2].map((d) => new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: d, maximumFractionDigits: d }));
    for (const paise of [0, 1, 49, 50, 99, 150, 250, -250, 10049, 10050, 99_999_50, 12_34_56_789, -12_34_56_789, 17_698_820, 1e13])
      for (const [i, decimals] of [0, 2].entries()) expect(formatMoney(paise, { decimals: decimals as 0 | 2 }), `${paise}`).toBe(intl[i]!.format(paise / 100));
  });
  it("writes thousands, lakhs and crores short for a chart's axis", () => {
    expect([0, 999_00, 50_000_00, 1_20_000_00, 15_00_000_00, 2_50_00_000_00, -2_00_000_00].map((p) => formatMoney(p, { compact: true }))).toEqual([
      "₹0", "₹999", "₹50K", "₹1.2L", "₹15L", "₹2.5Cr", "-₹2L",
    ]);
  });
});

describe("conversions", () => {
  it("turns rupees into integer paise", () => {
    expect(rupeesToPaise(149990)).toBe(14999000);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
  });
  it("prints a decimal rupee string", () => {
    expect(paiseToDecimalString(14999000)).toBe("149990.00");
    expect(paiseToDecimalString(5)).toBe("0.05");
  });
});
