// @vitest-environment node
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { InvoiceVoids } from "./components/invoice-voids";
import { invoiceNumberFor, invoiceSequenceOf, missingRuns, voidRangeText } from "./invoice-numbers";

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

  it("billing shows each voided run with its reason, and nothing when there is none", () => {
    const html = renderToStaticMarkup(
      <InvoiceVoids
        voids={{
          total: 2,
          rows: [
            { firstNumber: 3, lastNumber: 3, reason: "Never issued: registration 3 was never paid.", voidedAt: new Date("2026-12-25T06:00:00Z") },
            { firstNumber: 5, lastNumber: 7, reason: "Never issued.", voidedAt: new Date("2026-12-25T06:00:00Z") },
          ],
        }}
      />,
    );
    expect(html).toContain("Voided invoice numbers (2 runs)");
    expect(html).toContain("INV-0000003</td>");
    expect(html).toContain("Never issued: registration 3 was never paid.");
    expect(html).toContain(voidRangeText({ firstNumber: 5, lastNumber: 7 }));
    expect(voidRangeText({ firstNumber: 5, lastNumber: 7 })).toBe("INV-0000005 to INV-0000007");
    expect(html).toContain("2026/12/25");
    expect(renderToStaticMarkup(<InvoiceVoids voids={{ total: 0, rows: [] }} />)).toBe("");
    expect(renderToStaticMarkup(<InvoiceVoids voids={null} />)).toBe("");
  });
});
