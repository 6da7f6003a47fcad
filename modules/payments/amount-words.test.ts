import { describe, expect, it } from "vitest";
import { amountInWords, rupeesInWords } from "./amount-words";

describe("amount in words (crore, lakh, thousand, hundred)", () => {
  it.each([
    [0, "Nrs Zero Only."],
    [1_00, "Nrs One Only."],
    [100_00, "Nrs One Hundred Only."],
    [1_000_00, "Nrs One Thousand Only."],
    [1_00_000_00, "Nrs One Lakh Only."],
    [1_00_00_000_00, "Nrs One Crore Only."],
    [12_34_56_789_50, "Nrs Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine and Fifty Paisa Only."],
    [2_000_00, "Nrs Two Thousand Only."],
    [15_19, "Nrs Fifteen and Nineteen Paisa Only."],
    [5, "Nrs Zero and Five Paisa Only."],
    [99_99_999_00, "Nrs Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine Only."],
  ])("%i paisa → %s", (paisa, words) => {
    expect(amountInWords(paisa)).toBe(words);
  });

  it("repeats the grouping above 99 crore", () => {
    expect(rupeesInWords(1234_00_00_000)).toBe("One Thousand Two Hundred Thirty Four Crore");
    expect(rupeesInWords(100_05_00_010)).toBe("One Hundred Crore Five Lakh Ten");
  });

  it("refuses what is not an amount", () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });
});
