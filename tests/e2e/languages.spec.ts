// Nepali and English (issue 28, item 3; docs/adr/0047-languages.md): the header's switch with and
// without JavaScript, the choice remembered for the user, axe on the Nepali pages, and the
// pseudo-locale run that finds visible text not going through the translator.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { axeProblems } from "./support/axe";
import { untranslatedTexts, usePseudoLocale } from "./support/pseudo";
import { makeUser, uniqueEmail } from "./support/data";
import { signInAs } from "./support/auth-cookie";
import { issuedCards, makeCardGenerator } from "../factories/cards";
import { makeRoute } from "../factories/registrations";
import { makeRoleUser } from "../factories/users";

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

/** The header's switch: a <select> of the languages, each named in its own words, and its submit button. */
async function chooseLanguage(page: Page, language: string, button: string, within = page.getByTestId("language-switch").first()) {
  await within.getByRole("combobox").selectOption({ label: language });
  await within.getByRole("button", { name: button, exact: true }).click();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`switching language ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test("Nepali from the header on /login, kept after signing in and remembered for the user", async ({ page, browser }) => {
      test.slow(); // two browsers, two sign-ins and axe twice
      const user = await makeUser({ userType: 1, fullName: "Bhasa Rojne" });
      await page.goto("/login");
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await chooseLanguage(page, "नेपाली", "Change language");
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
        await chooseLanguage(fresh, "English", "भाषा बदल्नुहोस्");
        await expect(fresh.locator("html")).toHaveAttribute("lang", "en");
      } finally {
        await other.close();
      }
    });
  });
}

test.describe("on a 390 px phone without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("a signed-in user switches language from the user menu", async ({ page }) => {
    const user = await makeUser({ userType: 1, fullName: "Choti Phone" });
    await page.goto("/login");
    await signInWithForm(page, user.email, user.password, { email: "Email", password: "Password", button: "Login" });
    await expect(page).not.toHaveURL(/\/login/);
    // The header's own switch is hidden below sm; the menu (a <details>, no script) has one.
    const menu = page.getByRole("banner").locator("details");
    await menu.locator("summary").click();
    await chooseLanguage(page, "Français", "Change language", menu.getByTestId("language-switch"));
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await menu.locator("summary").click();
    await expect(page.getByRole("link", { name: "Paramètres" })).toBeVisible();
  });
});

test("an app page keeps its language once React has hydrated it (the translator is made from the root's data)", async ({ page, context }) => {
  test.slow(); // a registration paid and its card issued first
  const trekker = await makeRoleUser("fit", { email: uniqueEmail("hydrated-lang"), countryId: 524 });
  const { trekkerIds } = await issuedCards(trekker, await makeCardGenerator(), (await makeRoute("Hydrated Trek")).id);
  await signInAs(page, trekker.email);
  await context.addCookies([{ name: "lng", value: Buffer.from(JSON.stringify("ne")).toString("base64"), domain: "127.0.0.1", path: "/" }]);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  // The card page is an app page: React hydrates it (its Print button appears only then, in Nepali since item 4).
  await page.goto(`/tims-cards/${trekkerIds[0]}`);
  await expect(page.getByRole("button", { name: "प्रिन्ट", exact: true })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "ne");
  await expect(page.getByRole("complementary", { name: "डेमो मोड" })).toBeVisible();
  await expect(page.getByRole("button", { name: "भाषा बदल्नुहोस्" }).first()).toBeVisible();
  expect(errors.filter((message) => message.includes("418"))).toEqual([]);
});

/** Each trekkers' language: the sign-up page a browser set to it is shown, in its words, passing axe. */
const TREKKER_LANGUAGES = [
  { lng: "zh", locale: "zh-CN", heading: "创建您的账户", name: "简体中文", button: "切换语言" },
  { lng: "hi", locale: "hi-IN", heading: "अपना खाता बनाएँ", name: "हिन्दी", button: "भाषा बदलें" },
  { lng: "fr", locale: "fr-FR", heading: "Créez votre compte", name: "Français", button: "Changer de langue" },
  { lng: "de", locale: "de-CH", heading: "Konto erstellen", name: "Deutsch", button: "Sprache wechseln" },
  { lng: "es", locale: "es-419", heading: "Cree su cuenta", name: "Español", button: "Cambiar idioma" },
  { lng: "ko", locale: "ko-KR", heading: "계정 만들기", name: "한국어", button: "언어 변경" },
  { lng: "ja", locale: "ja-JP", heading: "アカウントを作成", name: "日本語", button: "言語を変更" },
] as const;

for (const language of TREKKER_LANGUAGES) {
  test(`a browser set to ${language.lng} gets the sign-up page in it, passing axe, and can switch back to English`, async ({ browser }) => {
    test.slow(); // three page loads, a form's answer and axe
    // The browser's locale is what Chromium sends as Accept-Language (an extra header would not
    // replace its own on a navigation).
    const context = await browser.newContext({ locale: language.locale });
    try {
      const page = await context.newPage();
      await page.goto("/register?type=individual");
      await expect(page.locator("html")).toHaveAttribute("lang", language.lng);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(language.heading);
      // The switch shows the language chosen.
      await expect(page.getByTestId("language-switch").getByRole("combobox")).toHaveValue(language.lng);
      // With the form's messages showing (the schema's English, translated where shown).
      await page.locator("form[data-check] button[type=submit]").click();
      await expect(page.locator("p[id$='-error']").first()).toBeVisible();
      expect(await axeProblems(page)).toEqual([]);
      // Nothing of the English form's words is left on the page.
      const body = await page.locator("body").innerText();
      for (const english of ["Create your account", "Full Name", "field is required", "Already have an account?"]) expect(body, english).not.toContain(english);
      await chooseLanguage(page, "English", language.button);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create your account");
      await chooseLanguage(page, language.name, "Change language");
      await expect(page.locator("html")).toHaveAttribute("lang", language.lng);
    } finally {
      await context.close();
    }
  });
}

/**
 * The pages whose every visible text goes through the translator: extend this list as pages are
 * translated. A text node outside ⟦ ⟧ in the pseudo-locale is a string the translator never saw.
 */
const PSEUDO_PAGES = [
  "/login",
  "/forgot-password",
  "/register",
  "/register?type=individual",
  "/register?type=organization",
  // Without a link's token: the page says the link is wrong, in the page's words.
  "/create-new-password",
  "/create-new-password?token=x&verify=1",
  "/check-mail?email=someone@example.com",
  "/register-success?email=someone@example.com",
  "/location",
  // Without a half-done sign-in this is /login again, with the toast saying why.
  "/login/two-factor",
];

test("the pseudo-locale finds no untranslated visible text on the translated pages", async ({ page, context }) => {
  await usePseudoLocale(context);
  for (const url of PSEUDO_PAGES) {
    await page.goto(url);
    // With the form's messages showing too.
    const submit = page.locator("form[data-check] button[type=submit]").first();
    if (await submit.count()) await submit.click();
    await page.waitForLoadState("load");
    const untranslated = await untranslatedTexts(page);
    expect(untranslated, url).toEqual([]);
  }
});
