import { describe, expect, it } from "vitest";
import { serverTranslator } from "./i18n.server";

// The server's translator writes a text's numbers as its language does; the texts of numbers are
// kept per language and value (numberText), so a language must never get another's digits.
describe("numbers in the server's texts", () => {
  it("are written in each language's own way, the same on every call", () => {
    const text = "{{count}} scans waiting";
    for (let round = 0; round < 3; round++) {
      expect(serverTranslator("en").t(text, { count: 1234567 })).toBe("1,234,567 scans waiting");
      expect(serverTranslator("ne").t(text, { count: 1234567 })).toBe("१२,३४,५६७ scans waiting");
      expect(serverTranslator("de").t(text, { count: 1234.5 })).toBe("1.234,5 scans waiting");
      expect(serverTranslator("en").t(text, { count: 1234.5 })).toBe("1,234.5 scans waiting");
    }
  });
});
