import { describe, expect, it } from "vitest";
import { asciiFileName, contentDisposition } from "./content-disposition";

describe("contentDisposition (RFC 6266)", () => {
  it("names an ASCII file plainly", () => {
    expect(contentDisposition("attachment", "Anna Keller.pdf")).toBe('attachment; filename="Anna Keller.pdf"');
  });

  it("keeps a name in any script in filename*, with an ASCII stand-in", () => {
    expect(contentDisposition("attachment", "पेम्बा शेर्पा.pdf", "tims-card.pdf")).toBe(
      "attachment; filename=\"tims-card.pdf\"; filename*=UTF-8''%E0%A4%AA%E0%A5%87%E0%A4%AE%E0%A5%8D%E0%A4%AC%E0%A4%BE%20%E0%A4%B6%E0%A5%87%E0%A4%B0%E0%A5%8D%E0%A4%AA%E0%A4%BE.pdf",
    );
    expect(contentDisposition("inline", "Zoë O'Brien-Müller.pdf")).toBe(
      "inline; filename=\"Zoe O_Brien-Muller.pdf\"; filename*=UTF-8''Zo%C3%AB%20O%27Brien-M%C3%BCller.pdf",
    );
    // The percent-encoded name decodes back to the name.
    const header = contentDisposition("attachment", "王小明 (2).pdf");
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(header)![1])).toBe("王小明 (2).pdf");
  });

  it("never lets a quote, a backslash or a line break into the header", () => {
    for (const name of ['a"b.pdf', "a\\b.pdf", "a\r\nX-Evil: 1.pdf"]) {
      const header = contentDisposition("attachment", name);
      expect(header).not.toMatch(/[\r\n]/);
      expect(/filename="([^"]*)"/.exec(header)![1]).toBe(asciiFileName(name, "download"));
    }
  });
});
