import { describe, expect, it } from "vitest";
import { csvStream, formatRows, neutralise } from "./csv.server";

describe("CSV rows", () => {
  it("quotes only cells with a quote, comma or line break, doubling quotes (RFC 4180)", () => {
    expect(formatRows([["Anna", 12, "Annapurna, Circuit"], ['Say "namaste"', "two\nlines", "cr\rhere"], [""]])).toBe(
      'Anna,12,"Annapurna, Circuit"\n"Say ""namaste""","two\nlines","cr\rhere"\n\n',
    );
    expect(formatRows([])).toBe("");
    expect(formatRows([["Müller", "नेपाल", "José"]])).toBe("Müller,नेपाल,José\n");
  });

  it("neutralises cells a spreadsheet would run as formulas, and writes numbers as numbers", () => {
    expect(formatRows([["=1+1", "+9", "-2", "@SUM(A1)", "\t=x", "ok", 42, -5].map((v) => neutralise(v))])).toBe("'=1+1,'+9,'-2,'@SUM(A1),'\t=x,ok,42,-5\n");
  });

  it("streams a BOM and the header even for no rows", async () => {
    async function* none(): AsyncIterable<readonly { a: string }[]> {}
    const bytes = await new Response(csvStream({ columns: [{ header: "A", value: (r: { a: string }) => r.a }], batches: none() })).arrayBuffer();
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text).toBe("\uFEFFA\n");
  });
});
