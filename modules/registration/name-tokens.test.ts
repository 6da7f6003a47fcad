// The name search's tokens (issue 28 item 2): one folding for names and for what users type.
import { describe, expect, it } from "vitest";
import { foldName, nameTokens, prefixRange, NAME_TOKEN_MAX } from "./name-tokens";

describe("name tokens", () => {
  it("split at spaces, apostrophes, hyphens and dots, lower-cased, Latin accents dropped", () => {
    expect(nameTokens("Zoë O'Brien-Müller")).toEqual(["zoe", "o", "brien", "muller"]);
    expect(nameTokens("José Ñúñez Álvarez")).toEqual(["jose", "nunez", "alvarez"]);
    expect(nameTokens("J. R. R. Tolkien")).toEqual(["j", "r", "tolkien"]);
    expect(nameTokens("D’Arcy")).toEqual(["d", "arcy"]);
    expect(nameTokens("Søren Åström, Straße, Łukasz, İlker")).toEqual(["soren", "astrom", "strasse", "lukasz", "ilker"]);
  });

  it("a search text folds the same way, so every spelling meets the stored token", () => {
    for (const typed of ["Müller", "MULLER", "muller", "Mu\u0308ller", "ＭＵＬＬＥＲ"]) expect(nameTokens(typed)).toEqual(["muller"]);
    expect(nameTokens("o'brien")).toEqual(nameTokens("O’Brien"));
    expect(nameTokens("Zoe")).toEqual(nameTokens("Zoë"));
  });

  it("Greek, Cyrillic, Arabic and Hebrew lose their optional accents and points", () => {
    expect(nameTokens("Ελένη Παπαδοπούλου")).toEqual(["ελενη", "παπαδοπουλου"]);
    expect(nameTokens("ΣΟΦΟΚΛΗΣ")).toEqual(nameTokens("σοφοκλης"));
    expect(nameTokens("Ирина Шевченко")).toEqual(["ирина", "шевченко"]);
    expect(nameTokens("Йосип")).toEqual(["иосип"]);
    expect(nameTokens("أحمد")).toEqual(nameTokens("احمد"));
    expect(nameTokens("מֹשֶׁה")).toEqual(["משה"]);
  });

  it("Devanagari and Thai keep their vowel signs: they are the spelling", () => {
    expect(nameTokens("पेम्बा शेर्पा")).toEqual(["पेम्बा", "शेर्पा"]);
    expect(foldName("शेर्पा")).toBe("शेर्पा");
    expect(nameTokens("สมชาย ใจดี")).toEqual(["สมชาย", "ใจดี"]);
  });

  it("Chinese, Japanese kana and Korean: one token per character", () => {
    expect(nameTokens("王小明")).toEqual(["王", "小", "明"]);
    expect(nameTokens("김민준")).toEqual(["김", "민", "준"]);
    expect(nameTokens("ｶﾞｰﾄﾞ")).toEqual(nameTokens("ガード"));
    expect(nameTokens("Wang王")).toEqual(["wang", "王"]);
  });

  it("tokens are distinct and cut at the column's length; punctuation alone has none", () => {
    expect(nameTokens("Anna Anna")).toEqual(["anna"]);
    expect([...nameTokens("a".repeat(100))[0]].length).toBe(NAME_TOKEN_MAX);
    expect(nameTokens(" '-. ")).toEqual([]);
  });

  it("a prefix bounds exactly the tokens that begin with it, in code point order", () => {
    expect(prefixRange("mul")).toEqual({ lower: "mul", upper: "mum" });
    const { lower, upper } = prefixRange("शे");
    for (const token of ["शे", "शेर्पा"]) expect(token >= lower && token < upper).toBe(true);
    expect("शो" >= lower && "शो" < upper).toBe(false);
    expect(prefixRange("z\u{1F600}").upper).toBe("z\u{1F601}");
  });
});
