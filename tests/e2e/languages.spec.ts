// Nepali and English (issue 28, item 3; docs/adr/0047-languages.md): the header's switch with and
// without JavaScript, the choice remembered for the user, axe on the Nepali pages, and the
// pseudo-locale run that finds visible text not going through the translator.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { axeProblems } from "./support/axe";
import { makeUser } from "./support/data";

/**
 * axe runs as a script in the page, which a browser without JavaScript does not run. There it
 * checks the same address with the same cookies in a browser with JavaScript on (newContext takes
 * the test's options, so it is turned on explicitly): the server renders the same page for both.
 */
async function axeOf(page: Page, browser: Browser, javaScriptEnabled: boolean): Promise<string[]> {
  if (javaScriptEnabled) return axeProblems(page);
  const withScript = await browser.newContext({ javaScriptEnabled: true, storageState: await page.context().storageState() });
  try {
    const twin = await withScript.newPage();
    await twin.goto(page.url());
    return await axeProblems(twin);
  } finally {
    await withScript.close();
  }
}

async function signInWithForm(page: Page, email: string, password: string, labels: { email: string; password: string; button: string }) {
  await page.getByLabel(labels.email).fill(email);
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  await page.getByRole("button", { name: labels.button, exact: true }).click();
}

const NEPALI = { email: "इमेल", password: "पासवर्ड", button: "लगइन" };

for (const javaScriptEnabled of [true, false]) {
  test.describe(`switching language ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test("Nepali from the header on /login, kept after signing in and remembered for the user", async ({ page, browser }) => {
      const user = await makeUser({ userType: 1, fullName: "Bhasa Rojne" });
      await page.goto("/login");
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await page.getByTestId("language-switch").getByRole("button", { name: "नेपाली" }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.locator("html")).toHaveAttribute("lang", "ne");
      await expect(page.getByRole("heading", { name: "आफ्नो खातामा साइन इन गर्नुहोस्" })).toBeVisible();
      await expect(page).toHaveTitle("लगइन - TIMS");
      expect(await axeOf(page, browser, javaScriptEnabled)).toEqual([]);

      // A validation message of the schema, in Nepali (no-JS: the submit's answer; JS: the same words).
      await page.getByRole("button", { name: "लगइन", exact: true }).click();
      await expect(page.getByText("इमेल आवश्यक छ").first()).toBeVisible();

      await signInWithForm(page, user.email, user.password, NEPALI);
      await expect(page).not.toHaveURL(/\/login/);
      await expect(page.locator("html")).toHaveAttribute("lang", "ne");
      // The user menu is a closed <details> until opened: its links are in Nepali too.
      await page.getByRole("banner").locator("summary").filter({ hasText: "Bhasa Rojne" }).click();
      await expect(page.getByRole("link", { name: "सेटिङ" })).toBeVisible();
      expect(await axeOf(page, browser, javaScriptEnabled)).toEqual([]);

      // Another browser, no cookie: the account's language.
      const other = await browser.newContext({ javaScriptEnabled });
      try {
        const fresh = await other.newPage();
        await fresh.goto("/login");
        await expect(fresh.locator("html")).toHaveAttribute("lang", "en");
        await signInWithForm(fresh, user.email, user.password, { email: "Email", password: "Password", button: "Login" });
        await expect(fresh).not.toHaveURL(/\/login/);
        await expect(fresh.locator("html")).toHaveAttribute("lang", "ne");
        // And back to English from the signed-in header.
        await fresh.getByTestId("language-switch").first().getByRole("button", { name: "English" }).click();
        await expect(fresh.locator("html")).toHaveAttribute("lang", "en");
      } finally {
        await other.close();
      }
    });
  });
}

/**
 * The pages whose every visible text goes through the translator: extend this list as pages are
 * translated. A text node outside ⟦ ⟧ in the pseudo-locale is a string the translator never saw.
 */
const PSEUDO_PAGES = ["/login", "/forgot-password"];

// Text that is no language's: the brand, the language names as written in their own script.
const NOT_TEXT = new Set(["TIMS", "English", "नेपाली", "✕", "☰", "·", "*"]);

test("the pseudo-locale finds no untranslated visible text on the translated pages", async ({ page, context }) => {
  // The cookie the switch sets, with the test-only language (offered in the embedded mode only).
  await context.addCookies([{ name: "lng", value: Buffer.from(JSON.stringify("pseudo")).toString("base64"), domain: "127.0.0.1", path: "/" }]);
  for (const url of PSEUDO_PAGES) {
    await page.goto(url);
    // With the form's messages showing too.
    const submit = page.locator("form[data-check] button[type=submit]").first();
    if (await submit.count()) await submit.click();
    await page.waitForLoadState("load");
    const untranslated = await page.evaluate(
      (skip) => {
        const found: string[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent?.trim() ?? "";
          const parent = node.parentElement;
          if (!text || !parent || parent.closest("script, style, template, noscript")) continue;
          if (!parent.checkVisibility()) continue;
          if (skip.includes(text) || /^[⟦].*[⟧]$/su.test(text)) continue;
          found.push(text);
        }
        const attributes = [...document.querySelectorAll("[placeholder], [aria-label], [title]")]
          .filter((el) => (el as HTMLElement).checkVisibility?.() !== false)
          .flatMap((el) => ["placeholder", "aria-label", "title"].map((name) => el.getAttribute(name)).filter((v): v is string => Boolean(v)))
          .filter((v) => !skip.includes(v) && !/^[⟦].*[⟧]$/su.test(v));
        return [...found, ...attributes];
      },
      [...NOT_TEXT],
    );
    expect(untranslated, url).toEqual([]);
  }
});
