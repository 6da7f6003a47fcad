import { describe, expect, it } from "vitest";
import { languageCookie, languageDetector } from "./detect.server";

const request = async ({ cookie, acceptLanguage }: { cookie?: string; acceptLanguage?: string }) => {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", await languageCookie.serialize(cookie));
  if (acceptLanguage) headers.set("Accept-Language", acceptLanguage);
  return new Request("http://tims.test/login", { headers });
};

const detect = (saved: string | null, allowPseudo = false) => languageDetector({ savedLanguage: async () => saved, allowPseudo });

describe("a request's language: cookie, then the user's setting, then Accept-Language, then English", () => {
  it("takes the switch's cookie over the user's setting and the browser's language", async () => {
    expect(await detect("en")(await request({ cookie: "ne", acceptLanguage: "en-US" }))).toBe("ne");
    expect(await detect("ne")(await request({ cookie: "en", acceptLanguage: "ne-NP" }))).toBe("en");
  });

  it("takes the signed-in user's setting when there is no cookie", async () => {
    expect(await detect("ne")(await request({ acceptLanguage: "en-GB,en;q=0.9" }))).toBe("ne");
  });

  it("takes the browser's Accept-Language for a visitor", async () => {
    expect(await detect(null)(await request({ acceptLanguage: "ne-NP,ne;q=0.9,en;q=0.5" }))).toBe("ne");
  });

  it("picks each trekkers' language from the browser's regional tags (issue 28, item 4)", async () => {
    const cases: [string, string][] = [
      ["zh-CN,zh;q=0.9", "zh"],
      ["hi-IN,hi;q=0.9,en;q=0.8", "hi"],
      ["fr-FR,fr;q=0.9", "fr"],
      ["de-DE", "de"],
      ["es-419,es;q=0.9", "es"],
      ["ko-KR,ko;q=0.9", "ko"],
      ["ja-JP", "ja"],
      // The browser's order of preference counts, with its weights.
      ["it-IT,it;q=0.9,de;q=0.8,en;q=0.7", "de"],
      ["en-GB,en;q=0.9,fr;q=0.8", "en"],
    ];
    for (const [acceptLanguage, lng] of cases) expect(await detect(null)(await request({ acceptLanguage })), acceptLanguage).toBe(lng);
  });

  it("falls back to English for no choice, an unknown language or a forged cookie", async () => {
    expect(await detect(null)(await request({}))).toBe("en");
    expect(await detect(null)(await request({ acceptLanguage: "it-IT" }))).toBe("en");
    expect(await detect("xx")(await request({ cookie: "it" }))).toBe("en");
  });

  it("offers the pseudo-locale only where it is allowed (the embedded mode)", async () => {
    expect(await detect(null, true)(await request({ cookie: "pseudo" }))).toBe("pseudo");
    expect(await detect(null, false)(await request({ cookie: "pseudo" }))).toBe("en");
  });
});
