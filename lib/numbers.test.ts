import { describe, expect, it } from "vitest";
import { groupLakh, rupeesText, toDevanagariDigits } from "./numbers";

describe("lakh/crore grouping", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    [1_000, "1,000"],
    [99_999, "99,999"],
    [1_00_000, "1,00,000"],
    [12_34_567, "12,34,567"],
    [1_00_00_000, "1,00,00,000"],
    [12_34_56_789, "12,34,56,789"],
    [-12_34_567, "-12,34,567"],
  ])("%i → %s", (n, text) => {
    expect(groupLakh(n)).toBe(text);
  });

  it("agrees with Intl's en-IN grouping, which the pages used before", () => {
    for (const n of [7, 12_345, 9_87_654, 1_23_45_678, 98_76_54_32_101]) expect(groupLakh(n)).toBe(n.toLocaleString("en-IN"));
  });

  it("rounds to the fraction digits asked for, and does not write minus zero", () => {
    expect(groupLakh(1234567.456, { fractionDigits: 2 })).toBe("12,34,567.46");
    expect(groupLakh(-0.001, { fractionDigits: 2 })).toBe("0.00");
    expect(rupeesText(200_000)).toBe("2,000");
    expect(rupeesText(12_34_567_50)).toBe("12,34,567.50");
  });

  it("writes Devanagari digits when asked", () => {
    expect(groupLakh(12_34_567, { devanagari: true })).toBe("१२,३४,५६७");
    expect(rupeesText(1_050, { devanagari: true })).toBe("१०.५०");
    expect(toDevanagariDigits("2082-08-13")).toBe("२०८२-०८-१३");
  });

  it("refuses what is not a number", () => {
    expect(() => groupLakh(Number.NaN)).toThrow(RangeError);
    expect(() => groupLakh(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
