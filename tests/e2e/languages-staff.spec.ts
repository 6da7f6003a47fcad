// The staff pages in Nepali (issue 28, item 3; docs/adr/0047-languages.md): the pseudo-locale run
// over every staff page translated so far, signed in as the role that uses it, with data on the
// page, before and after hydration (the page's own texts come in its loader data); and axe on the
// same pages in Nepali. docs/decisions.md ("Languages") lists the pages done and those left.
import QRCode from "qrcode";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { applyCardAction } from "@modules/cards/index.server";
import { kathmanduDate } from "@lib/dates";
import { bsDateNepali } from "@lib/nepali-calendar/compact";
import { axeProblems } from "./support/axe";
import { signInAs } from "./support/auth-cookie";
import { untranslatedTexts, usePseudoLocale as pseudoLocaleCookie } from "./support/pseudo";
import { hydrated } from "./support/session";
import { makeTrail, trailCards, TRAIL } from "../factories/checkins";
import { inDays } from "../factories/dates";
import { makeRoleUser, makeUser } from "../factories/users";

test.describe.configure({ timeout: 180_000 });

/** The switch's cookie with a language, as the header's switch sets it. */
async function languageCookie(context: BrowserContext, lng: string): Promise<void> {
  await context.addCookies([{ name: "lng", value: Buffer.from(JSON.stringify(lng)).toString("base64"), domain: "127.0.0.1", path: "/" }]);
}

/** A checkpost with a good scan and a refused one on its trail: every part of the checkpost's pages shows. */
async function checkpostWithScans() {
  const { route, points, checkpost } = await makeTrail(0);
  const [good, cancelled] = await trailCards(route.id, { count: 2, entry: inDays(0), exit: inDays(5) });
  await applyCardAction(await makeRoleUser("ntb"), "cancel", cancelled.trekkerId, "Cancelled before the trek");
  // Data, not text: names, places, the area and the account's name (and its initial, the avatar) are shown as written.
  const data = [route.name, ...TRAIL, ...points.map((p) => p.name), good.fullName, cancelled.fullName, "Trail Post", "T"];
  return { checkpost, good, cancelled, data };
}

/**
 * The visible texts left after the marked ones and the page's data are taken out: a staff page is
 * full of data (names, card numbers, dates) that is no text of the app, and a marked text may sit
 * beside a value in one text node ("2026/11/28 10:00 (⟦QR scan⟧)"). What is left must hold no letter.
 */
async function untranslated(page: Page, data: readonly string[]): Promise<string[]> {
  // The printable card is an official bilingual document (English-Nepali), not switched (decisions.md).
  await page.locator("[data-testid=tims-card]").evaluateAll((cards) => cards.forEach((card) => ((card as HTMLElement).style.display = "none")));
  const found = await untranslatedTexts(page);
  const longestFirst = [...data].sort((a, b) => b.length - a.length);
  return found.filter((text) => {
    let rest = text.replace(/⟦[^⟦⟧]*(?:⟦[^⟦⟧]*⟧[^⟦⟧]*)*⟧/gu, " ");
    for (const value of longestFirst) rest = rest.split(value).join(" ");
    return /\p{L}/u.test(rest);
  });
}

async function typeCard(page: Page, card: { cardNumber: number; passport: string }) {
  await page.locator("#scan-card").fill(String(card.cardNumber));
  await page.locator("#scan-passport").fill(card.passport);
  await page.locator("#scan-card").press("Enter");
}

/** Every page of the walk, after it has run in the browser too (a page's texts come in its loader data). */
async function expectAllMarked(page: Page, url: string, data: readonly string[]) {
  await hydrated(page);
  expect(await untranslated(page, data), url).toEqual([]);
}

test("the checkpost's pages: the pseudo-locale finds no untranslated text, before and after a scan", async ({ page, context }) => {
  const { checkpost, good, cancelled, data } = await checkpostWithScans();
  await pseudoLocaleCookie(context);
  await signInAs(page, checkpost.email);

  await page.goto("/scan");
  await expectAllMarked(page, "/scan", data);
  // A wrong pair: the module's message, said on the server in the page's language.
  await typeCard(page, { cardNumber: good.cardNumber, passport: cancelled.passport });
  await expect(page.getByTestId("scan-error")).toHaveText("⟦Please enter the correct card and passport number⟧");
  await expectAllMarked(page, "/scan (wrong pair)", data);
  // A cancelled card: refused, with its reason.
  await typeCard(page, cancelled);
  await expect(page.getByTestId("scan-refused")).toContainText("⟦This card was cancelled.⟧");
  await expectAllMarked(page, "/scan (refused)", data);

  // A good card: the scanned trekker, with the toast, then its cards tab.
  await page.goto("/scan");
  await hydrated(page);
  await typeCard(page, good);
  await expect(page).toHaveURL(`/scanned-trekker/${good.regId}/${good.trekkerId}`);
  await expect(page.getByText("⟦Scanned Successfully⟧")).toBeVisible();
  await expect(page.getByTestId("trail")).toContainText("⟦Card and passport⟧");
  await expectAllMarked(page, "/scanned-trekker", data);
  await page.goto(`/scanned-trekker/${good.regId}/${good.trekkerId}?tab=cards`);
  await expectAllMarked(page, "/scanned-trekker?tab=cards", data);

  // Its list, with the good scan and the refused one (the filters show on a desktop's width).
  await page.goto("/trekkers/scanned");
  await expect(page.getByTestId("refused-scan")).toHaveText("⟦Refused: ⟦This card was cancelled.⟧⟧");
  await expectAllMarked(page, "/trekkers/scanned", data);
});

/** A card number beyond any the tests issue. */
const NO_CARD = 987_654_321;

test("the board's Self Scan Trekkers: the pseudo-locale finds no untranslated text", async ({ page, context }) => {
  const board = await makeRoleUser("ntb");
  await pseudoLocaleCookie(context);
  await signInAs(page, board.email);
  // The board sees every trekker's self check-ins, other tests' too: a card number no one holds keeps the list to its texts.
  await page.goto(`/self-scan-trekkers?cardNumber=${NO_CARD}`);
  await expectAllMarked(page, "/self-scan-trekkers", ["Test ntb", "T", String(NO_CARD)]);
});

test("the checkpost's pages in Nepali pass axe and keep their Nepali once hydrated", async ({ page, context }) => {
  const { checkpost, good, cancelled } = await checkpostWithScans();
  await languageCookie(context, "ne");
  await signInAs(page, checkpost.email);

  await page.goto("/scan");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "पदयात्रीको QR कोड स्क्यान गर्नुहोस्" })).toBeVisible();
  await expect(page.getByRole("button", { name: "कार्ड जाँच्नुहोस्" })).toBeEnabled();
  expect(await axeProblems(page), "/scan").toEqual([]);
  await typeCard(page, cancelled);
  await expect(page.getByTestId("scan-refused")).toContainText("यो कार्ड रद्द गरिएको छ।");
  expect(await axeProblems(page), "/scan (refused)").toEqual([]);

  await typeCard(page, good);
  await expect(page).toHaveURL(`/scanned-trekker/${good.regId}/${good.trekkerId}`);
  await expect(page.getByText("सफलतापूर्वक स्क्यान भयो")).toBeVisible();
  await hydrated(page);
  await expect(page.getByRole("heading", { name: /हालसम्मको मार्ग \(१ चेक-इन\)/ })).toBeVisible();
  expect(await axeProblems(page), "/scanned-trekker").toEqual([]);

  await page.goto("/trekkers/scanned");
  await hydrated(page);
  await expect(page.getByRole("table", { name: "स्क्यान गरिएका पदयात्रीहरू" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "पदयात्रा क्षेत्र" })).toBeVisible();
  expect(await axeProblems(page), "/trekkers/scanned").toEqual([]);
});

test("the board's Self Scan Trekkers in Nepali passes axe", async ({ page, context }) => {
  const board = await makeRoleUser("ntb");
  await languageCookie(context, "ne");
  await signInAs(page, board.email);
  await page.goto(`/self-scan-trekkers?cardNumber=${NO_CARD}`);
  await hydrated(page);
  await expect(page.getByRole("main").getByRole("heading", { name: "आफैं चेक-इन गर्ने पदयात्रीहरू" })).toBeVisible();
  await expect(page.getByText("यो तालिकामा कुनै डाटा भेटिएन")).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
});

/** The trekker lists, each as the role that reads it: an agency's own trekkers (with data), the board's deleted trekkers, a free trekker's cards and history. */
async function listReaders() {
  const agency = await makeUser({
    userType: 2,
    fullName: "Lang Agency",
    organizationName: "Lang Treks",
    isDocumentUploaded: true,
    isVerified: true,
    isApproved: true,
  } as never);
  const { route } = await makeTrail(0);
  const cards = await trailCards(route.id, { count: 1, entry: inDays(1), exit: inDays(5), owner: agency });
  const data = [route.name, ...cards.map((c) => c.fullName), "Germany", "Lang Agency", "Lang Treks", "L", "Test ntb", "Test fit", "T"];
  return { agency, route, board: await makeRoleUser("ntb"), fit: await makeRoleUser("fit"), data };
}

const LIST_PAGES = (who: Awaited<ReturnType<typeof listReaders>>) =>
  [
    [who.agency, "/trekkers"],
    // The board sees every deleted trekker, other tests' too: its list is kept to this test's trekking area.
    [who.board, `/deleted-trekkers?trekkingArea=${who.route.id}`],
    [who.fit, "/tims-cards"],
    [who.fit, "/trekking-history"],
  ] as const;

test("the trekker lists: the pseudo-locale finds no untranslated text", async ({ browser }) => {
  const who = await listReaders();
  for (const [user, url] of LIST_PAGES(who)) {
    const context = await browser.newContext();
    try {
      await pseudoLocaleCookie(context);
      const page = await context.newPage();
      await signInAs(page, user.email);
      await page.goto(url);
      await expect(page).toHaveURL(url);
      await expectAllMarked(page, url, who.data);
    } finally {
      await context.close();
    }
  }
});

test("the trekker lists in Nepali pass axe", async ({ browser }) => {
  const who = await listReaders();
  for (const [user, url] of LIST_PAGES(who)) {
    const context = await browser.newContext();
    try {
      await languageCookie(context, "ne");
      const page = await context.newPage();
      await signInAs(page, user.email);
      await page.goto(url);
      await hydrated(page);
      await expect(page.getByRole("button", { name: "खोज्नुहोस्" })).toBeVisible();
      // A date cell shows the Bikram Sambat date below the Gregorian (the agency's trekker was registered today).
      if (url === "/trekkers") {
        const today = kathmanduDate();
        const cell = page
          .getByRole("cell")
          .filter({ hasText: today.replace(/-/g, "/") })
          .first();
        await expect(cell).toContainText(bsDateNepali(today)!);
      }
      expect(await axeProblems(page), url).toEqual([]);
    } finally {
      await context.close();
    }
  }
});

test("/scan in Nepali: a card held after too many wrong passports says its wait in Nepali", async ({ page, context }) => {
  const { checkpost, good } = await checkpostWithScans();
  await languageCookie(context, "ne");
  await signInAs(page, checkpost.email);
  // Five wrong passports (the default limit per card), each refused; the sixth try waits, whatever it says.
  // Each try on a fresh page, so the refusal seen is that try's answer (the text is the same each time).
  for (let i = 1; i <= 5; i++) {
    await page.goto("/scan");
    await hydrated(page);
    await typeCard(page, { cardNumber: good.cardNumber, passport: `WRONG${i}X` });
    await expect(page.getByTestId("scan-error")).toHaveText("कृपया सही कार्ड र राहदानी नम्बर लेख्नुहोस्");
  }
  await page.goto("/scan");
  await hydrated(page);
  await typeCard(page, good);
  await expect(page.getByTestId("scan-error")).toContainText("यो कार्डका लागि धेरै पटक गलत राहदानी नम्बर लेखियो।");
  await expect(page.getByTestId("scan-error")).toContainText(/[०-९]+ मिनेट पछि फेरि प्रयास गर्नुहोस्।/);
});

test("/scan offline in Nepali: the device's verdicts and the report sent back online are Nepali", async ({ page, context }) => {
  const { checkpost, good, cancelled } = await checkpostWithScans();
  await languageCookie(context, "ne");
  await signInAs(page, checkpost.email);
  await page.goto("/scan");
  await hydrated(page);
  await expect(page.getByTestId("offline-state")).toContainText("जडानबिना स्क्यान गर्न तयार।", { timeout: 20_000 });
  await context.setOffline(true);
  await page.reload();
  await hydrated(page);
  const photo = async (text: string) =>
    page
      .getByLabel("फोटो छान्नुहोस् वा खिच्नुहोस्")
      .setInputFiles({ name: "card-qr.png", mimeType: "image/png", buffer: await QRCode.toBuffer(text, { width: 300, margin: 4 }) });
  await photo(good.cardQr);
  await expect(page.getByTestId("offline-result")).toContainText(`${good.fullName}: सक्कली कार्ड`);
  await expect(page.getByTestId("offline-result")).toContainText(`कार्ड ${good.cardNumber}`);
  await expect(page.getByTestId("offline-result")).toContainText("चेक-इन यो उपकरणमा राखियो");
  await photo(cancelled.cardQr);
  const refused = page.getByTestId("offline-refused");
  await expect(refused).toContainText(`${cancelled.fullName}: चेक-इन गरिएन`);
  await expect(refused).toContainText("यो कार्ड रद्द गरिएको छ।");
  await expect(refused).toContainText("अस्वीकृत स्क्यानको रूपमा यो उपकरणमा राखियो");
  await photo("not a card");
  await expect(page.getByTestId("offline-refused")).toContainText("अमान्य QR कोड");
  await context.setOffline(false);
  await expect(page.getByTestId("sync-report")).toContainText("पठाइयो: १ दर्ता भयो, ० पहिले नै दर्ता, १ अस्वीकृत, ० दर्ता भएन।");
  await expect(page.getByTestId("sync-report")).toContainText(`${cancelled.fullName}: यो कार्ड रद्द गरिएको छ।`);
  await expect(page.getByTestId("sync-report")).not.toContainText("Sent:");
});
