import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES, PSEUDO } from "./languages";
import { NAMESPACES, RESOURCES } from "./resources";
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
  for (const dir of ["app", "lib", "modules"]) walk(path.join(ROOT, dir));
  return out.join("\n");
}

describe("translation files", () => {
  it("has every key of every namespace in every language, none extra, none empty", () => {
    for (const lng of LANGUAGES) {
      for (const ns of NAMESPACES) {
        const english = Object.keys(RESOURCES.en[ns]).sort();
        expect(Object.keys(RESOURCES[lng][ns]).sort(), `${lng}/${ns}`).toEqual(english);
        for (const key of english) expect(RESOURCES[lng][ns][key].trim(), `${lng}/${ns}: ${key}`).not.toBe("");
      }
    }
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

  it("marks every text of the pseudo-locale", () => {
    const { t } = serverTranslator(PSEUDO);
    expect(t("Sign in to your account")).toBe(`${PSEUDO_OPEN}Sign in to your account${PSEUDO_CLOSE}`);
  });
});

describe("validation messages, translated where they are shown", () => {
  const ne = serverTranslator("ne");
  it("translates a message with its label, and its number in Nepali digits", () => {
    expect(translateMessage(ne, "Email field is required")).toBe("इमेल आवश्यक छ");
    expect(translateMessage(ne, "Password must be at most 128 characters")).toBe("पासवर्ड बढीमा १२८ अक्षरको हुनुपर्छ");
    expect(translateMessage(ne, "Please enter a correct email address")).toBe("कृपया सही इमेल ठेगाना लेख्नुहोस्");
  });
  it("keeps the English of a message no file has yet, and English as it is", () => {
    expect(translateMessage(ne, "Something nobody translated")).toBe("Something nobody translated");
    expect(translateMessage(serverTranslator("en"), "Email field is required")).toBe("Email field is required");
  });
});
