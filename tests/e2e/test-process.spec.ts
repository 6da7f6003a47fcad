// The browser tests' own process calls the app's modules (factories, the overdue job), and those
// send e-mails in the reader's language: a board user whose language another test set to Nepali
// gets a Nepali alert. The language files must load here as they do in the server's bundle
// (tests/setup/json-import-hook.mjs, registered by playwright.config.ts).
import { expect, test } from "@playwright/test";
import { mailTranslator } from "../../emails/translator.server";

test("the tests' own process writes an e-mail in Nepali", async () => {
  const { t } = await mailTranslator("ne");
  expect(t("Dear {{name}},", { name: "पेम्बा" })).toBe("आदरणीय पेम्बा,");
});
