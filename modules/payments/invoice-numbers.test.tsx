// @vitest-environment node
import { describe, expect, it } from "vitest";
import { invoiceNumberFor, invoiceSequenceOf, missingRuns } from "./invoice-numbers";

describe("invoice numbers (issue 25)", () => {
  it("are INV- and seven digits; old unpadded numbers are read too", () => {
    expect(invoiceNumberFor(3)).toBe("INV-0000003");
    expect(invoiceSequenceOf("INV-0000003")).toBe(3);
    expect(invoiceSequenceOf("INV-42")).toBe(42);
    expect(invoiceSequenceOf("V-000003")).toBeNull();
  });

  it("finds the runs no bill carries, from 1 to the highest", () => {
    expect(missingRuns([2, 4, 5, 9, 4])).toEqual([
      { firstNumber: 1, lastNumber: 1 },
      { firstNumber: 3, lastNumber: 3 },
      { firstNumber: 6, lastNumber: 8 },
    ]);
    expect(missingRuns([1, 2, 3])).toEqual([]);
    expect(missingRuns([])).toEqual([]);
  });
});
