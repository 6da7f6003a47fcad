// The board's money and figures pages in Nepali (issue 28, item 3; docs/adr/0047-languages.md): the
// dashboard, the reports, billing and refunds, the chalan pages and their logs, and the list kit's
// date-range caption. For each page, signed in as the role that uses it, with data on the page: the
// pseudo-locale run finds no untranslated text once hydrated, and the page in Nepali passes axe.
// The dashboard and the reports show every agency's figures (other tests' too): their data is read
// from the page (names in lists, tables and charts), and the Nepali checks assert on words, never numbers.
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { axeProblems } from "./support/axe";
import { signInAs } from "./support/auth-cookie";
import { untranslatedTexts, usePseudoLocale as pseudoLocaleCookie } from "./support/pseudo";
import { hydrated } from "./support/session";
import { backdateCards, startChalanPush } from "../factories/chalan";
import { trekkerIdsOf } from "../factories/cards";
import { inDays } from "../factories/dates";
import { paidBill, refundDue } from "../factories/payments";
import { makeRoute } from "../factories/registrations";
import { makeRoleUser } from "../factories/users";

test.describe.configure({ timeout: 240_000 });

/** The switch's cookie with a language, as the header's switch sets it. */
async function languageCookie(context: BrowserContext, lng: string): Promise<void> {
  await context.addCookies([{ name: "lng", value: Buffer.from(JSON.stringify(lng)).toString("base64"), domain: "127.0.0.1", path: "/" }]);
}

/** Names no language translates: the payment providers, the ERP's item codes and a free trekker's customer code. */
const NAMES = ["eSewa", "connectIPS", "Khalti", "FonePay", "NEPALPAY", "TIMS-FOREIGN", "TIMS-SAARC", "TIMS-CHILD", "FIT", "NRs.", "₨", "#"];

/**
 * A route of this test's own with a paid bill and a refund due of one free trekker, and its cards
 * bought on a day of their own (`day`), so the chalan of that day holds them.
 */
async function moneyData(day: string) {
  const route = await makeRoute("Money Trek");
  const fit = await makeRoleUser("fit");
  const bill = await paidBill(route.id, { payer: fit, count: 1 });
  const refund = await refundDue(route.id, { payer: fit });
  await backdateCards(await trekkerIdsOf(bill.regId), day);
  const board = await makeRoleUser("ntb");
  const taan = await makeRoleUser("taan");
  const data = [route.name, bill.invoiceNumber, fit.email, "Test fit", "Test ntb", "Test taan", "T", "First", "Late Trekker", "Germany", "Nepal", ...NAMES];
  return { route, fit, bill, refund, board, taan, day, data };
}
type MoneyData = Awaited<ReturnType<typeof moneyData>>;

/**
 * The texts of a page that are data of every agency (the dashboard's and the reports' lists, tables
 * and charts, a board list's payers and routes): each text node inside `selectors`, and a chart's
 * labels (a label of its table's first column, maybe cut short with "…" in the SVG).
 */
async function dataOf(page: Page, selectors: readonly string[]): Promise<string[]> {
  return page.evaluate((sel) => {
    const out: string[] = [];
    const textsIn = (el: Element) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim();
        if (text && !text.startsWith("⟦")) out.push(text);
      }
    };
    for (const s of sel) document.querySelectorAll(s).forEach(textsIn);
    for (const figure of document.querySelectorAll("figure")) {
      const labels = [...figure.querySelectorAll("tbody td:first-child")].flatMap((td) => (td.textContent ?? "").split(" · "));
      out.push(...labels);
      for (const text of figure.querySelectorAll("svg text")) {
        const shown = text.textContent?.trim() ?? "";
        if (labels.some((l) => l === shown || (shown.endsWith("…") && l.startsWith(shown.slice(0, -1))))) out.push(shown);
      }
    }
    return out;
  }, selectors);
}

/** The visible texts left after the marked ones and the page's data are taken out: what is left must hold no letter. */
async function untranslated(page: Page, data: readonly string[]): Promise<string[]> {
  // The receipt is the payer's document (also the stored and e-mailed PDF): it stays English.
  await page.locator("[data-receipt]").evaluateAll((els) => els.forEach((el) => ((el as HTMLElement).style.display = "none")));
  const found = await untranslatedTexts(page);
  const longestFirst = [...data].filter(Boolean).sort((a, b) => b.length - a.length);
  return found.filter((text) => {
    let rest = text.replace(/⟦[^⟦⟧]*(?:⟦[^⟦⟧]*⟧[^⟦⟧]*)*⟧/gu, " ");
    for (const value of longestFirst) rest = rest.split(value).join(" ");
    return /\p{L}/u.test(rest);
  });
}

/** The dashboard's and the reports' data of every agency (see dataOf). */
const FIGURE_DATA = [
  "[data-testid=recent-trekkers-list] li",
  "[data-testid=top-agencies-list] li > span:first-child",
  "[data-testid=top-countries-list] li > span:first-child",
  "section[aria-labelledby=overdue-summary] li",
  "[data-testid=report-table-route-month] td:first-child",
  "[data-testid=report-table-nationality] td:first-child",
  "[data-testid=report-table-agencies] td:nth-child(2)",
];
/** /refunds lists every payer's refund due: its payer, registration and gateway cells are data. */
const REFUND_DATA = ["tbody td:nth-child(-n+4)"];

/** Each page, the role that reads it, and its data taken from the page. */
function moneyPages(d: MoneyData) {
  const range = `from=${inDays(-6)}&to=${inDays(1)}`;
  return [
    { who: d.board, url: "/dashboard", data: FIGURE_DATA },
    { who: d.taan, url: "/dashboard", data: FIGURE_DATA },
    // A chosen range: the fiscal year's caption under the form.
    { who: d.board, url: `/dashboard?${range}`, data: FIGURE_DATA },
    { who: d.board, url: "/reports", data: FIGURE_DATA },
    // The board sees every bill: kept to this test's route (and a range, so the list kit's caption shows).
    { who: d.board, url: `/billing?route=${d.route.id}&startDate=${inDays(-1)}&endDate=${inDays(0)}`, data: [] },
    { who: d.board, url: `/billing/${d.bill.billId}?route=${d.route.id}`, data: [] },
    { who: d.fit, url: "/billing", data: [] },
    { who: d.fit, url: "/billing/refunds", data: [] },
    { who: d.board, url: "/refunds", data: REFUND_DATA },
    { who: d.board, url: `/refunds/${d.refund.refundId}`, data: REFUND_DATA },
    { who: d.board, url: "/chalan", data: [] },
    { who: d.board, url: `/chalan/generate?startDate=${d.day}&endDate=${d.day}`, data: [] },
    { who: d.board, url: `/chalanlog?startDate=${d.day}&endDate=${d.day}`, data: [] },
  ] as const;
}

/** Pushes the day's chalan and waits on its progress page until it has finished. */
async function pushed(page: Page, day: string): Promise<string> {
  const id = await startChalanPush(day);
  const url = `/chalan/push/${id}`;
  await page.goto(url);
  await expect(page.getByTestId("push-outcome")).toBeVisible({ timeout: 60_000 });
  await hydrated(page);
  return url;
}

test("the money pages: the pseudo-locale finds no untranslated text", async ({ browser }) => {
  const d = await moneyData(inDays(-61));
  for (const { who, url, data } of moneyPages(d)) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      await pseudoLocaleCookie(context);
      const page = await context.newPage();
      await signInAs(page, who.email);
      await page.goto(url);
      await hydrated(page);
      expect(await untranslated(page, [...d.data, ...(await dataOf(page, data))]), `${url} as ${who.email}`).toEqual([]);
      if (url.startsWith("/billing?")) await expect(page.getByTestId("range-caption")).toContainText("⟦");
    } finally {
      await context.close();
    }
  }

  // The push's progress and the day's pushed rows in the log.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await pseudoLocaleCookie(context);
    const page = await context.newPage();
    await signInAs(page, d.board.email);
    const push = await pushed(page, d.day);
    expect(await untranslated(page, d.data), push).toEqual([]);
    const log = `/pushed-chalanlog?startDate=${d.day}&endDate=${d.day}`;
    await page.goto(log);
    await hydrated(page);
    await expect(page.getByRole("row").filter({ hasText: "FIT" }).first()).toBeVisible();
    expect(await untranslated(page, d.data), log).toEqual([]);
  } finally {
    await context.close();
  }
});

test("the money pages in Nepali pass axe", async ({ browser }) => {
  const d = await moneyData(inDays(-62));
  for (const { who, url } of moneyPages(d)) {
    const context = await browser.newContext();
    try {
      await languageCookie(context, "ne");
      const page = await context.newPage();
      await signInAs(page, who.email);
      await page.goto(url);
      await hydrated(page);
      expect(await axeProblems(page), `${url} as ${who.email}`).toEqual([]);
    } finally {
      await context.close();
    }
  }

  // The push's progress and the day's pushed rows in the log.
  const context = await browser.newContext();
  try {
    await languageCookie(context, "ne");
    const page = await context.newPage();
    await signInAs(page, d.board.email);
    const push = await pushed(page, d.day);
    expect(await axeProblems(page), push).toEqual([]);
    const log = `/pushed-chalanlog?startDate=${d.day}&endDate=${d.day}`;
    await page.goto(log);
    await hydrated(page);
    await expect(page.getByRole("columnheader", { name: "वस्तु कोड" })).toBeVisible();
    expect(await axeProblems(page), log).toEqual([]);
  } finally {
    await context.close();
  }
});

test("the dashboard, the reports, billing and the chalan in Nepali: their words (the figures are everyone's)", async ({ page, context }) => {
  const d = await moneyData(inDays(-63));
  await languageCookie(context, "ne");
  await signInAs(page, d.board.email);

  await page.goto("/dashboard");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "राजस्व" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "हालका पदयात्री" })).toBeVisible();
  await expect(page.getByRole("button", { name: "देखाउनुहोस्" })).toBeVisible();
  await expect(page.locator("#trekkers-per-day-caption")).toHaveText("दैनिक पदयात्री");

  await page.goto(`/reports?from=${inDays(-6)}&to=${inDays(1)}`);
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "रुट र महिना अनुसार पदयात्री" })).toBeVisible();
  await expect(page.getByRole("link", { name: "सबै PDF मा डाउनलोड गर्नुहोस्" })).toBeVisible();
  // A chosen range in both calendars, the BS days in Devanagari.
  await expect(page.getByTestId("range-caption-bs")).toContainText("वि.सं.");

  await page.goto(`/billing?route=${d.route.id}`);
  await hydrated(page);
  await expect(page.getByRole("columnheader", { name: "भुक्तानी माध्यम" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: d.bill.invoiceNumber })).toHaveCount(1);

  await page.goto("/refunds");
  await hydrated(page);
  await expect(page.getByRole("main").getByRole("heading", { name: "फिर्ता भुक्तानी" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "फिर्ताको अवस्था" }).getByRole("link", { name: "फिर्ता बाँकी" })).toBeVisible();

  await page.goto("/chalan");
  await hydrated(page);
  await expect(page.getByRole("region", { name: "चलान ERP मा पठाउनुहोस्" })).toBeVisible();
  await page.goto(`/chalan/generate?startDate=${d.day}&endDate=${d.day}`);
  await expect(page.getByRole("dialog", { name: "बिल बनाउनुहोस्" })).toBeVisible();
});
