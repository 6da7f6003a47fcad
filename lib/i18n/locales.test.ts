import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES, PSEUDO, type Language } from "./languages";
import { NAMESPACES, NAMESPACE_LANGUAGES, RESOURCES, type Namespace } from "./resources";
import { serverTranslator, textsFor } from "./i18n.server";
import { createTranslator } from "./translate";
import { translateMessage } from "./messages";
import { PSEUDO_CLOSE, PSEUDO_OPEN } from "./pseudo";

const ROOT = path.resolve(__dirname, "../..");

function sourceText(): string {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (name === "node_modules" || name === "locales") continue;
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(readFileSync(file, "utf8"));
    }
  };
  for (const dir of ["app", "lib", "modules", "emails"]) walk(path.join(ROOT, dir));
  return out.join("\n");
}

/** A namespace's texts in a language, for the languages the namespace comes in (resources.ts). */
const textsOf = (lng: Language, ns: Namespace): Record<string, string> => RESOURCES[lng][ns] ?? {};
const namespacesOf = (lng: Language): Namespace[] => NAMESPACES.filter((ns) => (NAMESPACE_LANGUAGES[ns] as readonly Language[]).includes(lng));

describe("translation files", () => {
  it("has a file for each namespace in exactly the languages it declares", () => {
    for (const lng of LANGUAGES) {
      expect(Object.keys(RESOURCES[lng]).sort(), lng).toEqual(namespacesOf(lng).sort());
      for (const ns of NAMESPACES)
        expect(existsSync(path.join(__dirname, "locales", lng, `${ns}.json`)), `${lng}/${ns}.json`).toBe(namespacesOf(lng).includes(ns));
    }
  });

  it("has every key of every namespace in each of its languages, none extra, none empty", () => {
    for (const lng of LANGUAGES) {
      for (const ns of namespacesOf(lng)) {
        const english = Object.keys(RESOURCES.en[ns]).sort();
        expect(Object.keys(textsOf(lng, ns)).sort(), `${lng}/${ns}`).toEqual(english);
        for (const key of english) expect(textsOf(lng, ns)[key].trim(), `${lng}/${ns}: ${key}`).not.toBe("");
      }
    }
  });

  it("has each language's own words, not English copied over (a few words are the same: Menu, Nepal, Gmail)", () => {
    for (const lng of LANGUAGES.filter((l) => l !== "en")) {
      const all = namespacesOf(lng).flatMap((ns) => Object.entries(textsOf(lng, ns)));
      const same = all.filter(([key, value]) => key === value).map(([key]) => key);
      expect(same.length / all.length, `${lng}: ${same.join(" | ")}`).toBeLessThan(0.05);
    }
  });

  it("says a text two namespaces hold with the same words in each (a page may have either in its browser)", () => {
    for (const lng of LANGUAGES) {
      const seen = new Map<string, string>();
      for (const ns of namespacesOf(lng))
        for (const [key, value] of Object.entries(textsOf(lng, ns))) {
          if (seen.has(key)) expect(value, `${lng}/${ns}: ${key}`).toBe(seen.get(key));
          seen.set(key, value);
        }
    }
  });

  it("keeps every placeholder of the English text in each translation", () => {
    for (const lng of LANGUAGES)
      for (const ns of namespacesOf(lng))
        for (const [key, value] of Object.entries(textsOf(lng, ns)))
          expect((value.match(/\{\{\w+\}\}/g) ?? []).sort(), `${lng}/${ns}: ${key}`).toEqual((key.match(/\{\{\w+\}\}/g) ?? []).sort());
  });

  it("keeps the English texts the keys themselves (the spec's words)", () => {
    for (const ns of NAMESPACES) for (const [key, value] of Object.entries(RESOURCES.en[ns])) expect(value, `en/${ns}`).toBe(key);
  });

  it("has no key the code does not use (each text, or each literal part of a template, is in the source)", () => {
    const source = sourceText();
    const unused = NAMESPACES.flatMap((ns) =>
      Object.keys(RESOURCES.en[ns]).filter((key) =>
        key
          .split(/\{\{\w+\}\}/)
          .filter((part) => part.trim() !== "")
          .some((part) => !source.includes(part)),
      ),
    );
    expect(unused).toEqual([]);
  });

  it("gives the same words from the server's i18next and the browser's translator, for every key", () => {
    for (const lng of [...LANGUAGES, PSEUDO] as const) {
      const server = serverTranslator(lng);
      const browser = createTranslator(lng, textsFor(lng, NAMESPACES));
      for (const ns of NAMESPACES) {
        for (const key of Object.keys(RESOURCES.en[ns]))
          expect(browser.t(key, { label: "Email", max: 50 }), `${lng}: ${key}`).toBe(server.t(key, { label: "Email", max: 50 }));
      }
      expect(browser.t("A text no file has")).toBe(server.t("A text no file has"));
    }
  });

  it("gives English for a namespace a language does not have (the staff pages in French)", () => {
    const [key] = Object.keys(RESOURCES.en.staff);
    if (!key) return;
    expect(serverTranslator("fr").t(key)).toBe(key);
    expect(textsFor("fr", ["staff"]).staff[key]).toBe(key);
    expect(serverTranslator("ne").t(key)).toBe(RESOURCES.ne.staff?.[key]);
  });

  it("marks every text of the pseudo-locale", () => {
    const { t } = serverTranslator(PSEUDO);
    expect(t("Sign in to your account")).toBe(`${PSEUDO_OPEN}Sign in to your account${PSEUDO_CLOSE}`);
  });
});

describe("numbers in each language's own way", () => {
  it("writes Nepali in Devanagari digits with lakh grouping, German with its separators, English as the spec", () => {
    expect(serverTranslator("ne").t("Notifications, {{count}} unread", { count: 1234567 })).toContain("१२,३४,५६७");
    expect(serverTranslator("de").t("Notifications, {{count}} unread", { count: 1234 })).toBe("Benachrichtigungen, 1.234 ungelesen");
    expect(serverTranslator("en").t("Notifications, {{count}} unread", { count: 1234 })).toBe("Notifications, 1,234 unread");
  });
});

describe("validation messages, translated where they are shown", () => {
  const ne = serverTranslator("ne");
  it("translates a message with its label, and its number in Nepali digits", () => {
    expect(translateMessage(ne, "Email field is required")).toBe("इमेल आवश्यक छ");
    expect(translateMessage(ne, "Password must be at most 128 characters")).toBe("पासवर्ड बढीमा १२८ अक्षरको हुनुपर्छ");
    expect(translateMessage(ne, "Please enter a correct email address")).toBe("कृपया सही इमेल ठेगाना लेख्नुहोस्");
  });
  it("translates a message with its label in each trekkers' language", () => {
    expect(translateMessage(serverTranslator("fr"), "Full Name field is required")).toBe("Le champ Nom complet est obligatoire");
    expect(translateMessage(serverTranslator("ja"), "Email field is required")).toBe("メールアドレスは必須です");
    expect(translateMessage(serverTranslator("de"), "This trek has ended (card status Completed).")).toBe(
      "Dieser Trek ist beendet (Kartenstatus Abgeschlossen).",
    );
  });
  it("keeps the English of a message no file has yet, and English as it is", () => {
    expect(translateMessage(ne, "Something nobody translated")).toBe("Something nobody translated");
    expect(translateMessage(serverTranslator("en"), "Email field is required")).toBe("Email field is required");
  });
});
