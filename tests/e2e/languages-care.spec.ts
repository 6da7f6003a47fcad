// The `care` pages in Nepali (issue 28, item 3; docs/adr/0047-languages.md): the overdue cases (list,
// case, rescue sheet and its PDF), the trekker panel and the trekker list's dialogs, Account
// Settings with its dialogs, and the personal data log. For each, signed in as the role that uses
// it and with data on the page: the pseudo-locale run finds no untranslated text once the page
// runs, and the page in Nepali passes axe. Modelled on languages-staff.spec.ts.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { moveCase, rescueSheet } from "@modules/overdue/index.server";
import { applyCardAction } from "@modules/cards/index.server";
import { axeProblems } from "./support/axe";
import { signInAs } from "./support/auth-cookie";
import { untranslatedTexts, usePseudoLocale } from "./support/pseudo";
import { hydrated } from "./support/session";
import { makeTrail, trailCards, TRAIL } from "../factories/checkins";
import { inDays } from "../factories/dates";
import { overdueTrekkers } from "../factories/overdue";
import { makeRegistration } from "../factories/registrations";
import { makeCardGenerator, trekkerIdsOf } from "../factories/cards";
import { makeRoleUser, makeUser, type TestUser } from "../factories/users";

test.describe.configure({ timeout: 300_000 });

/** The switch's cookie with a language, as the header's switch sets it. */
async function languageCookie(context: BrowserContext, lng: string): Promise<void> {
  await context.addCookies([{ name: "lng", value: Buffer.from(JSON.stringify(lng)).toString("base64"), domain: "127.0.0.1", path: "/" }]);
}

/**
 * Two overdue trekkers of one agency on a trail of their own (the agency's case list is its own
 * data), one with a move on its case; an unpaid registration for the Generate Card dialog. The
 * board reads the rest, its trekker list kept to this trail by its trekking area.
 */
async function careData() {
  const agency = await makeUser({
    userType: 2,
    fullName: "Care Agency",
    organizationName: "Care Treks",
    isDocumentUploaded: true,
    isVerified: true,
    isApproved: true,
  } as never);
  const board = await makeRoleUser("ntb");
  const { route, points } = await makeTrail(0);
  const [walker, other] = await overdueTrekkers(route.id, agency, 2);
  await moveCase(agency, walker.trekkerId, "contact", "Called the agency office in Thamel");
  const { regId } = await makeRegistration(agency, route.id, { trekkers: ["Care First"] });
  const [unpaid] = await trekkerIdsOf(regId);
  const generator = await makeCardGenerator();
  const sheet = await rescueSheet(board, walker.trekkerId);
  // Data, not text: names, places, passports, addresses and the accounts' names (and initials) are shown as written.
  const data = [
    route.name,
    ...TRAIL,
    ...points.map((p) => p.name),
    walker.fullName,
    other.fullName,
    walker.passport,
    other.passport,
    "Care First",
    "Care Agency",
    "Care Treks",
    "Test ntb",
    "Card Generator",
    "Germany",
    "Berlin",
    "p@x.test",
    "Trekking",
    sheet.entryPoint,
    sheet.exitPoint,
    ...[sheet.agency?.name, sheet.agency?.email, sheet.agency?.phone, sheet.agency?.address].filter((v): v is string => Boolean(v)),
    ...sheet.timeline.map((m) => m.note),
    board.email,
    agency.email,
    // The session list's device, from the tests' browser (a product and a system name).
    "Chrome",
    "Windows",
    "C",
    "T",
  ];
  return { agency, board, generator, route, walker, other, regId, unpaid, data };
}
type CareData = Awaited<ReturnType<typeof careData>>;

/** Every page of the walk: who opens it, and where (a board's list under a dialog kept to this trail). */
const PAGES = (d: CareData): [TestUser, string][] => {
  const area = `trekkingArea=${d.route.id}`;
  return [
    [d.agency, "/overdue-cases"],
    [d.agency, `/overdue-cases/${d.walker.trekkerId}`],
    [d.board, `/overdue-cases/${d.walker.trekkerId}`],
    [d.board, `/overdue-cases/${d.walker.trekkerId}/sheet`],
    [d.agency, `/trekkers/${d.other.trekkerId}/safe?tab=trekkers&overdue=1`],
    [d.board, `/trekkers/${d.walker.trekkerId}?${area}`],
    [d.board, `/trekkers/${d.walker.trekkerId}?${area}&tab=details&contact=home`],
    [d.board, `/trekkers/${d.walker.trekkerId}?${area}&tab=card`],
    [d.board, `/trekkers/${d.walker.trekkerId}/cancel?${area}`],
    // Delete: the registering account's own unpaid trekker (its list is its own).
    [d.agency, `/trekkers/${d.unpaid}/delete`],
    // Generate Card: the board's grant holders.
    [d.generator, `/trekkers/generate/${d.regId}?${area}`],
    [d.board, "/account-settings"],
    [d.board, "/account-settings/name"],
    [d.board, "/account-settings/email"],
    [d.board, "/account-settings/password"],
    [d.board, "/account-settings/photo"],
    [d.board, "/account-settings/sessions"],
    [d.board, "/account-settings/two-factor"],
    // The board's panel views above are in its log: the filter keeps the log to this board's.
    [d.board, `/audit/personal-data?user=${d.board.id}`],
  ];
};

/**
 * The visible texts left after the marked ones and the page's data are taken out (a marked text
 * may sit beside a value in one text node: "2026/11/28 10:00 · ⟦QR scan⟧"). What is left must hold no letter.
 */
async function untranslated(page: Page, data: readonly string[]): Promise<string[]> {
  // The printable card is an official bilingual document (English-Nepali), not switched (decisions.md).
  await page.locator("[data-testid=tims-card]").evaluateAll((cards) => cards.forEach((card) => ((card as HTMLElement).style.display = "none")));
  // The two-factor set-up's secret key is data.
  const key = (await page.getByTestId("two-factor-key").allTextContents()).join(" ");
  const found = await untranslatedTexts(page);
  const longestFirst = [...data, ...key.split(/\s+/).filter(Boolean)].sort((a, b) => b.length - a.length);
  return found.filter((text) => {
    let rest = text.replace(/⟦[^⟦⟧]*(?:⟦[^⟦⟧]*(?:⟦[^⟦⟧]*⟧[^⟦⟧]*)*⟧[^⟦⟧]*)*⟧/gu, " ");
    for (const value of longestFirst) rest = rest.split(value).join(" ");
    return /\p{L}/u.test(rest);
  });
}

/** Each page in its own context (one per user), with the language's cookie. */
async function eachPage(browser: Browser, d: CareData, setUp: (context: BrowserContext) => Promise<void>, check: (page: Page, url: string) => Promise<void>) {
  const contexts = new Map<number, { context: BrowserContext; page: Page }>();
  try {
    for (const [user, url] of PAGES(d)) {
      let open = contexts.get(user.id);
      if (!open) {
        const context = await browser.newContext();
        await setUp(context);
        const page = await context.newPage();
        await signInAs(page, user.email);
        open = { context, page };
        contexts.set(user.id, open);
      }
      const response = await open.page.goto(url);
      expect(response?.status(), url).toBe(200);
      await hydrated(open.page);
      await check(open.page, url);
    }
  } finally {
    for (const { context } of contexts.values()) await context.close();
  }
}

/** A text each page shows in Nepali (its heading or its dialog's title). */
function nepaliOf(url: string): string {
  const pathname = url.split("?")[0];
  const words: [RegExp, string][] = [
    [/^\/overdue-cases$/, "समय नाघेका केसहरू"],
    [/^\/overdue-cases\/\d+$/, "कदम दर्ता गर्नुहोस्"],
    [/\/sheet$/, "आजको अपेक्षित स्थान"],
    [/\/safe$/, "पदयात्रीलाई सुरक्षित चिनो लगाउनुहोस्"],
    [/^\/trekkers\/\d+$/, url.includes("tab=card") ? "प्रिन्ट" : "पृष्ठभूमि"],
    [/\/cancel$/, "कार्ड रद्द गर्नुहोस्"],
    [/\/delete$/, "पदयात्री मेटाउनुहोस्"],
    [/^\/trekkers\/generate\//, "के तपाईं निश्चित हुनुहुन्छ? यो कार्य फिर्ता लिन सकिने छैन"],
    [/^\/account-settings$/, "सक्रिय सत्रहरू"],
    [/\/name$/, "खाताको नाम बदल्नुहोस्"],
    [/\/email$/, "इमेल ठेगाना बदल्नुहोस्"],
    [/\/password$/, "हालको पासवर्ड"],
    [/\/photo$/, "प्रोफाइल फोटो बदल्नुहोस्"],
    [/\/sessions$/, "यो उपकरणमा भने साइन इन नै रहन्छ।"],
    [/\/two-factor$/, "एपले देखाएको ६ अङ्कको कोड लेख्नुहोस्।"],
    [/^\/audit\//, "पदयात्रीहरूको व्यक्तिगत विवरण हेरिएको अभिलेख"],
  ];
  const found = words.find(([pattern]) => pattern.test(pathname));
  if (!found) throw new Error(`No Nepali text named for ${url}`);
  return found[1];
}

test("the care pages: the pseudo-locale finds no untranslated text, with data on each page", async ({ browser }) => {
  const d = await careData();
  await eachPage(browser, d, usePseudoLocale, async (page, url) => {
    expect(await untranslated(page, d.data), url).toEqual([]);
  });
});

test("the care pages in Nepali pass axe and keep their Nepali once they run", async ({ browser }) => {
  const d = await careData();
  await eachPage(
    browser,
    d,
    (context) => languageCookie(context, "ne"),
    async (page, url) => {
      await expect(page.locator("html")).toHaveAttribute("lang", "ne");
      // A word of each page's own, still there after the page ran (app pages re-render on hydration).
      await expect(page.getByText(nepaliOf(url)).first(), url).toBeVisible();
      expect(await axeProblems(page), url).toEqual([]);
    },
  );
});

test("a case's move and the rescue sheet in Nepali: the form's answers, the page and its PDF", async ({ page, context }) => {
  const d = await careData();
  await languageCookie(context, "ne");
  await signInAs(page, d.board.email);

  // An escalation without its confirmation: refused under the box, in Nepali.
  await page.goto(`/overdue-cases/${d.walker.trekkerId}`);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: `समय नाघेको केस: ${d.walker.fullName}` })).toBeVisible();
  await page.getByRole("radio", { name: "उद्धारमा पठाउनुहोस्" }).check();
  await page.getByLabel("टिप्पणी").fill("Helicopter search requested by the board");
  await page.getByRole("button", { name: "कदम दर्ता गर्नुहोस्" }).click();
  await expect(page.getByText("उद्धारमा पठाउन पुष्टिमा चिनो लगाउनुहोस्।")).toBeVisible();
  await page.getByRole("radio", { name: "उद्धारमा पठाउनुहोस्" }).check();
  await page.getByLabel("टिप्पणी").fill("Helicopter search requested by the board");
  await page.getByRole("checkbox", { name: /म पुष्टि गर्छु/ }).check();
  await page.getByRole("button", { name: "कदम दर्ता गर्नुहोस्" }).click();
  await expect(page.getByText("केस अद्यावधिक गरियो")).toBeVisible();
  await expect(page.getByTestId("case-state")).toHaveText("उद्धारमा पठाइयो");
  expect(await axeProblems(page), "the case after a move").toEqual([]);

  await page.goto(`/overdue-cases/${d.walker.trekkerId}/sheet`);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: `उद्धार पाना: ${d.walker.fullName}` })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: "आजको अपेक्षित स्थान" })).toBeVisible();

  // The PDF in the page's language: its labels in Nepali, its data as written.
  const answer = await page.request.get(`/overdue-cases/${d.walker.trekkerId}/sheet/pdf`);
  expect(answer.headers()["content-type"]).toBe("application/pdf");
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "care-pdf-")), "sheet.pdf");
  fs.writeFileSync(file, await answer.body());
  const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
  // pdftotext writes a shaped script's glyphs in its own order: a line holds the words if it holds each of their letters as often.
  const letters = (s: string) => [...s.normalize("NFC").replace(/[\s\p{M}]/gu, "")];
  const holds = (line: string, words: string) => {
    const left = letters(line);
    return letters(words).every((ch) => {
      const at = left.indexOf(ch);
      if (at < 0) return false;
      left.splice(at, 1);
      return true;
    });
  };
  for (const words of ["उद्धार पाना", "आजको अपेक्षित स्थान", "आपतकालीन नम्बरहरू", "केसको घटनाक्रम", "पर्यटक प्रहरी"])
    expect(
      text.split("\n").some((line) => holds(line, words)),
      words,
    ).toBe(true);
  for (const value of [d.walker.fullName, d.walker.passport, "Helicopter search requested by the board"]) expect(text, value).toContain(value);
  for (const english of ["Rescue sheet", "Expected position today", "Emergency numbers", "Case timeline", "not given"])
    expect(text, english).not.toContain(english);
});

test("a card move refused: the page's title from its URL in Nepali, the cards module's refusal in Nepali and French", async ({ browser }) => {
  const { route } = await makeTrail(0);
  const cards = await trailCards(route.id, { count: 2, entry: inDays(1), exit: inDays(5) });
  const board = await makeRoleUser("ntb");
  const cases = [
    // The move form is the care namespace's (English and Nepali); the refusal is the card namespace's, in every language.
    { lng: "ne", title: "रद्द", reason: "कारण", button: "कार्ड रद्द गर्नुहोस्", refusal: "रद्द स्थितिको कार्ड रद्द गर्न मिल्दैन।" },
    { lng: "fr", title: "CANCEL", reason: "Reason", button: "Cancel Card", refusal: "Une carte au statut Annulée ne peut pas être annulée." },
  ];
  for (const [i, c] of cases.entries()) {
    const context = await browser.newContext();
    try {
      await languageCookie(context, c.lng);
      const page = await context.newPage();
      await signInAs(page, board.email);
      await page.goto(`/cards/${cards[i].trekkerId}/cancel`);
      await hydrated(page);
      await expect(page).toHaveTitle(`${c.title} - TIMS`);
      // Meanwhile someone else cancels the card: the module refuses the second cancel.
      await applyCardAction(board as never, "cancel", cards[i].trekkerId, "Cancelled at the office meanwhile");
      await page.getByLabel(c.reason).fill("Cancelled at the agency's request");
      await page.getByRole("button", { name: c.button }).click();
      await expect(page.getByText(c.refusal)).toBeVisible();
      await expect(page.getByText("can not be cancelled")).toHaveCount(0);
    } finally {
      await context.close();
    }
  }
});

test("an overdue case's move refused in Nepali: the state and the move said in Nepali", async ({ page, context }) => {
  const d = await careData();
  await languageCookie(context, "ne");
  await signInAs(page, d.board.email);
  await page.goto(`/overdue-cases/${d.other.trekkerId}`);
  await hydrated(page);
  await page.getByRole("radio", { name: "सम्पर्क गरिँदै" }).check();
  await page.getByLabel("टिप्पणी").fill("Calling the lodge at Manang");
  // Meanwhile the agency finds the trekker safe: contacting is no longer a move from there.
  await moveCase(d.agency, d.other.trekkerId, "foundSafe", "Found at the lodge");
  await page.getByRole("button", { name: "कदम दर्ता गर्नुहोस्" }).click();
  await expect(page.getByText('सुरक्षित भेटियो अवस्थाको केसलाई "सम्पर्क गरिँदै" मा सार्न मिल्दैन।')).toBeVisible();
});

test.describe("without JavaScript (the toast stays until the next page)", () => {
  test.use({ javaScriptEnabled: false });

  test("a card cancelled from the list in Nepali is announced in Nepali", async ({ page, context }) => {
    const { route } = await makeTrail(0);
    const [card] = await trailCards(route.id, { entry: inDays(1), exit: inDays(5) });
    const board = await makeRoleUser("ntb");
    await languageCookie(context, "ne");
    await signInAs(page, board.email);
    await page.goto(`/trekkers/${card.trekkerId}/cancel?trekkingArea=${route.id}`);
    await page.getByRole("dialog").getByLabel("कारण").fill("Cancelled at the agency's request");
    await page.getByRole("dialog").getByRole("button", { name: "कार्ड रद्द गर्नुहोस्" }).click();
    await expect(page).toHaveURL(new RegExp(`/trekkers\\?trekkingArea=${route.id}`));
    await expect(page.getByRole("status").filter({ hasText: "कार्ड सफलतापूर्वक रद्द गरियो" })).toBeVisible();
  });
});
