// @vitest-environment node
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { voidRangeText } from "@modules/payments";
import { InvoiceVoids } from "./invoice-voids";

describe("invoice voids on /billing (issue 25)", () => {
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
