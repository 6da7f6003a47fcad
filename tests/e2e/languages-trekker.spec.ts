// The pages a trekker meets after signing in, in the trekker's own language (issue 28, item 4;
// docs/adr/0047-languages.md): the registration wizard, the payment pages and the card page. The
// pseudo-locale run finds visible text that never went through the translator; a walk in Japanese
// shows the words and passes axe.
import { expect, test, type Page } from "@playwright/test";
import { axeProblems } from "./support/axe";
import { untranslatedTexts, usePseudoLocale } from "./support/pseudo";
import { signInAs } from "./support/auth-cookie";
import { issuedCards, makeCardGenerator } from "../factories/cards";
import { makeRegistration, makeRoute } from "../factories/registrations";
import { pendingPayment, refundDue, settlePayment } from "../factories/payments";
import { makeRoleUser, uniqueEmail } from "../factories/users";

/**
 * What the page shows as data, not words: the values of label/value lists, the card's face (an
 * official document, English–Nepali in every language), amounts, card numbers and the like.
 */
async function dataTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const DATA =
      "dd, [data-testid=tims-card], [data-testid=total], [data-testid=card-numbers], [data-testid^=card-number-], [data-testid=refund-due-amount] strong";
    const out: string[] = [];
    for (const root of document.querySelectorAll(DATA)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) out.push(node.textContent?.trim() ?? "");
      for (const el of [root, ...root.querySelectorAll("*")]) for (const name of ["aria-label", "alt", "title"]) out.push(el.getAttribute(name) ?? "");
    }
    return out.filter(Boolean);
  });
}

/** Names that are no language's: the payment providers' brands, and the test's own data. */
const BRANDS = ["eSewa", "connectIPS", "Khalti", "FonePay", "NEPALPAY QR"];
/**
 * The shared page header's breadcrumb (its ">" and its label): lib/ui's, on every page, left to the
 * staff pages' translation (docs/decisions.md, "The trekkers' languages").
 */
const SHARED_HEADER = [">", "Breadcrumb"];

async function expectAllTranslated(page: Page, url: string, data: readonly string[]) {
  await page.goto(url);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const untranslated = await untranslatedTexts(page, [...BRANDS, ...SHARED_HEADER, ...data, ...(await dataTexts(page))]);
  // Numbers alone (the wizard's step numbers) are not words.
  expect(
    untranslated.filter((text) => !/^\d+$/.test(text)),
    url,
  ).toEqual([]);
}

test("the pseudo-locale finds no untranslated text on the wizard, payment and card pages", async ({ page, context }) => {
  test.slow(); // registrations, a card and payments made first, then a dozen pages
  const trekker = await makeRoleUser("fit", { email: uniqueEmail("pseudo-trekker"), countryId: 524, fullName: "Pseudo Trekker" });
  const route = await makeRoute("Pseudo Trek");
  const { regId: unpaid } = await makeRegistration(trekker, route.id, { trekkers: ["Anna Pseudo"], priced: true });
  const { regId: issued, trekkerIds } = await issuedCards(trekker, await makeCardGenerator(), route.id);
  const pending = await pendingPayment(route.id, { payer: trekker, count: 1 });
  const paid = await pendingPayment(route.id, { payer: trekker, count: 1 });
  await settlePayment(paid);
  const refund = await refundDue(route.id, { payer: trekker });
  await signInAs(page, trekker.email);
  await usePseudoLocale(context);

  // Data the pages show as given: names, the route, the registration's number, the avatar's initial.
  const data = [route.name, "Anna Pseudo", "First", "Late Trekker", "Trekker 1", `#${unpaid}`, `#${issued}`, "Pseudo Trekker", "P"];
  const pages = [
    "/new-register",
    `/new-register/${unpaid}`,
    `/new-register/${unpaid}?edit=trek`,
    `/new-register/${issued}`,
    `/new-register/${unpaid}/payment`,
    `/new-register/${unpaid}/payment?tab=qr`,
    `/new-register/${unpaid}/payment?tab=voucher`,
    `/new-register/${paid.regId}/esewa/success?stored=1&TXNID=${paid.attempt.txnId}`,
    `/new-register/${pending.regId}/esewa/pending?stored=1&TXNID=${pending.attempt.txnId}`,
    `/new-register/${unpaid}/esewa/failure?stored=1&TXNID=none`,
    `/new-register/${refund.regId}/esewa/success?stored=1&TXNID=${refund.attempt.txnId}`,
    `/tims-cards/${trekkerIds[0]}`,
    `/tims-cards/${trekkerIds[0]}?follower=revoke`,
  ];
  for (const url of pages) await expectAllTranslated(page, url, data);

  // The PDF's waiting page starts the download by itself once the file is ready: answered 204 so the page stays to be read.
  await page.route("**/tims-cards/*/pdf", (route) => route.fulfill({ status: 204 }));
  await expectAllTranslated(page, `/tims-cards/${trekkerIds[0]}/pdf-preparing`, data);
});

test("a trekker whose browser is set to Japanese registers and sees the card page in Japanese, passing axe", async ({ browser }) => {
  test.slow(); // a card issued first, two pages and axe twice
  const trekker = await makeRoleUser("fit", { email: uniqueEmail("ja-trekker"), countryId: 524 });
  const route = await makeRoute("Nihon Trek");
  const { trekkerIds } = await issuedCards(trekker, await makeCardGenerator(), route.id);
  // The browser's locale is what Chromium sends as Accept-Language; the user has chosen no language.
  const context = await browser.newContext({ locale: "ja-JP" });
  try {
    const page = await context.newPage();
    await signInAs(page, trekker.email);
    await page.goto("/new-register");
    await expect(page.locator("html")).toHaveAttribute("lang", "ja");
    const steps = page.getByRole("list", { name: "登録の手順" });
    await expect(steps.getByText("利用者情報")).toBeVisible();
    await expect(page.getByRole("group", { name: "トレッキング情報" })).toBeVisible();
    await expect(page.getByLabel("トレッキング開始日")).toBeVisible();
    await expect(page.getByRole("button", { name: "次へ", exact: true })).toBeVisible();
    expect(await axeProblems(page)).toEqual([]);

    // The card page hydrates (its Print button appears only then) and keeps its words.
    await page.goto(`/tims-cards/${trekkerIds[0]}`);
    await expect(page.getByRole("button", { name: "印刷", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "見守る家族" })).toBeVisible();
    await expect(page.getByText("状態：")).toBeVisible();
    await expect(page.getByTestId("card-status")).not.toHaveText(/[A-Za-z]/);
    // The card's face stays the official English–Nepali document.
    await expect(page.getByTestId("tims-card")).toContainText("TIMS");
    expect(await axeProblems(page)).toEqual([]);
  } finally {
    await context.close();
  }
});
