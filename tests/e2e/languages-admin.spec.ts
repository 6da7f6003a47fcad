// The board's pages in Nepali (issue 28, item 3; docs/adr/0047-languages.md), the `admin` namespace:
// Requests (agency requests, vouchers, card returns, the decisions' dialogs), Users and the account
// views with their modals, Routes (list, detail, add and edit, the confirmations), API Devices and
// Notifications. Each page is opened as the role that uses it, with this test's own data on it (a
// board list is kept to that data with its filters), first in the pseudo-locale (no text outside
// the translator, after hydration) and then in Nepali (axe). Modelled on languages-staff.spec.ts.
import crypto from "node:crypto";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { addRemark, submitDocuments } from "@modules/agencies/index.server";
import { DOCUMENT_SLOTS } from "@modules/agencies";
import { issueDevice, listDevices } from "@modules/api/index.server";
import { applyCardAction } from "@modules/cards/index.server";
import { listNotifications, notify, openNotification } from "@modules/notifications/index.server";
import { formatNrs } from "@lib/numbers";
import { decideVoucher, listVouchers, uploadVoucher } from "@modules/payments/index.server";
import { axeProblems } from "./support/axe";
import { signInAs } from "./support/auth-cookie";
import { untranslatedTexts, usePseudoLocale as pseudoLocaleCookie } from "./support/pseudo";
import { hydrated } from "./support/session";
import { issuedCards, makeCardGenerator } from "../factories/cards";
import { makePng } from "../factories/images";
import { makeRegistration, makeRoute } from "../factories/registrations";
import { makeRoleUser, makeUser, type TestUser } from "../factories/users";

test.describe.configure({ timeout: 300_000 });

/** The switch's cookie with a language, as the header's switch sets it. */
async function languageCookie(context: BrowserContext, lng: string): Promise<void> {
  await context.addCookies([{ name: "lng", value: Buffer.from(JSON.stringify(lng)).toString("base64"), domain: "127.0.0.1", path: "/" }]);
}

/** Letters only (names refuse digits): a name no other test gives. */
const uniqueWord = () =>
  [...crypto.randomBytes(6)]
    .map((b) => String.fromCharCode(97 + (b % 26)))
    .join("")
    .replace(/^./, (c) => c.toUpperCase());

const PDF = new Uint8Array([...Buffer.from("%PDF-1.4\n"), ...new Array(2000).fill(32)]);

/** An agency whose five documents were sent: a request awaiting review, with its documents and a remark. */
async function agencyAwaitingReview(name: string, board: TestUser): Promise<TestUser> {
  const agency = await makeUser({ userType: 2, fullName: `${name} Owner`, organizationName: name, contactAddress: "Thamel", panNumber: "309876543" } as never);
  const form = new FormData();
  for (const slot of DOCUMENT_SLOTS) form.append(slot.field, new File([PDF], `${slot.field}.pdf`));
  await submitDocuments(agency.id, form);
  await addRemark(agency.id, "Checked the PAN", { id: board.id, fullName: "Test ntb" } as never);
  return agency;
}

/** An approved agency with a pending voucher on `routeId`: the voucher's id and invoice. */
async function voucherOf(agency: TestUser, routeId: number, trekker: string) {
  const { regId } = await makeRegistration(agency, routeId, { trekkers: [trekker] });
  await uploadVoucher(regId, agency, new File([new Uint8Array(makePng(60, 40))], "voucher.png", { type: "image/png" }));
  const { rows } = await listVouchers({ offset: 0, limit: 200 });
  const voucher = rows.find((r) => r.registrationId === regId);
  if (!voucher) throw new Error("no voucher listed");
  return voucher;
}

async function adminData() {
  const word = uniqueWord();
  const board = await makeRoleUser("ntb");
  const route = await makeRoute(`${word} Trail`, { checkpoints: [{ name: `${word} Post` }] });
  const requestName = `${word} Request Treks`;
  const request = await agencyAwaitingReview(requestName, board);
  const agencyName = `${word} Treks`;
  const agency = await makeUser({
    userType: 2,
    fullName: `${word} Owner`,
    organizationName: agencyName,
    contactAddress: "Thamel",
    isDocumentUploaded: true,
    isVerified: true,
    isApproved: true,
  } as never);
  const voucher = await voucherOf(agency, route.id, `${word} Voucher`);
  const { trekkerIds } = await issuedCards(agency, await makeCardGenerator(), route.id, { trekkers: [`${word} Returner`] });
  await applyCardAction(agency, "return", trekkerIds[0], "Trek called off");
  const checkpost = await makeRoleUser("checkpost", { fullName: `${word} Checkpost` });
  const fit = await makeRoleUser("fit", { fullName: `${word} Walker` });
  await issuedCards(fit, await makeCardGenerator(), route.id, { trekkers: [`${word} Walker`] });
  const colleague = await makeRoleUser("ntb", { fullName: `${word} Board` });
  // Data, not text: names, places, e-mails, invoices, amounts and the account's own name (and its initial, the avatar).
  const data = [
    word,
    route.name,
    requestName,
    agencyName,
    `${word} Owner`,
    `${word} Voucher`,
    `${word} Returner`,
    `${word} Checkpost`,
    `${word} Post`,
    `${word} Walker`,
    `${word} Board`,
    fit.email,
    colleague.email,
    request.email,
    agency.email,
    checkpost.email,
    voucher.invoiceId,
    "Checked the PAN",
    "Thamel",
    "Besisahar",
    "Jomsom",
    "Germany",
    "Gandaki",
    "NRs.",
    ...DOCUMENT_SLOTS.map((slot) => `${slot.field}.pdf`),
    "Test ntb",
    "T",
    word.charAt(0),
  ];
  return { word, board, route, request, requestName, agency, agencyName, voucher, checkpost, fit, data };
}

type AdminData = Awaited<ReturnType<typeof adminData>>;

/**
 * The visible texts left after the marked ones and the page's data are taken out: what is left
 * must hold no letter (a marked text may sit beside a value in one text node).
 */
async function untranslated(page: Page, data: readonly string[]): Promise<string[]> {
  // "x": a route's description as the route factory writes it; B, I, U: the editor's bold, italic
  // and underline buttons show the letter they format (their names are the translated words).
  const found = await untranslatedTexts(page, ["x", "B", "I", "U"]);
  const longestFirst = [...data].sort((a, b) => b.length - a.length);
  return found.filter((text) => {
    let rest = text.replace(/⟦[^⟦⟧]*(?:⟦[^⟦⟧]*⟧[^⟦⟧]*)*⟧/gu, " ");
    for (const value of longestFirst) rest = rest.split(value).join(" ");
    return /\p{L}/u.test(rest);
  });
}

/** The board's pages, each with the text that shows its data is there (a board list kept to this test's rows). */
const BOARD_PAGES = (d: AdminData): readonly (readonly [url: string, shows: string])[] => [
  [`/requests?name=${encodeURIComponent(d.requestName)}`, d.requestName],
  [`/requests/${d.request.id}`, d.request.email],
  [`/requests/${d.request.id}?tab=documents`, `${DOCUMENT_SLOTS[0].field}.pdf`],
  [`/requests/${d.request.id}?tab=remarks`, "Checked the PAN"],
  [`/requests/${d.request.id}/approve?tab=background`, d.request.email],
  [`/requests/${d.request.id}/reject?tab=background`, d.request.email],
  [`/requests/vouchers?route=${d.route.id}`, d.voucher.invoiceId],
  [`/requests/vouchers/${d.voucher.id}?route=${d.route.id}`, `${d.word} Voucher`],
  [`/requests/card-returns?trekkingArea=${d.route.id}`, `${d.word} Returner`],
  [`/users?tab=agency&username=${d.word}`, d.agencyName],
  [`/users?tab=checkpost&username=${d.word}`, `${d.word} Checkpost`],
  [`/users/add?tab=agency&username=${d.word}`, d.agencyName],
  [`/users/trekking-agency/${d.agency.id}`, d.agency.email],
  [`/users/trekking-agency/${d.request.id}/documents`, `${DOCUMENT_SLOTS[0].field}.pdf`],
  [`/users/trekking-agency/${d.agency.id}/trekkers`, `${d.word} Returner`],
  [`/users/trekking-agency/${d.agency.id}/name`, d.agency.email],
  [`/users/trekking-agency/${d.agency.id}/email`, d.agency.email],
  [`/users/trekking-agency/${d.agency.id}/password`, d.agency.email],
  [`/users/trekking-agency/${d.agency.id}/disable`, d.agency.email],
  [`/users/trekking-agency/${d.agency.id}/delete`, d.agency.email],
  [`/users/checkpost/${d.checkpost.id}`, d.checkpost.email],
  [`/users/checkpost/${d.checkpost.id}/checkpost-info`, d.checkpost.email],
  [`/users/checkpost/${d.checkpost.id}/scanned-trekkers`, `${d.word} Checkpost`],
  [`/users/checkpost/${d.checkpost.id}/trekkers`, `${d.word} Checkpost`],
  [`/users/fit/${d.fit.id}`, d.fit.email],
  [`/users/fit/${d.fit.id}/tims-cards`, `${d.word} Walker`],
  [`/users?tab=ntb&username=${d.word}`, `${d.word} Board`],
  [`/route?name=${encodeURIComponent(d.route.name)}`, d.route.name],
  [`/route/${d.route.id}/disable?name=${encodeURIComponent(d.route.name)}`, d.route.name],
  [`/route/${d.route.id}/delete?name=${encodeURIComponent(d.route.name)}`, d.route.name],
  [`/route/${d.route.id}`, `${d.word} Post`],
  [`/route/${d.route.id}?tab=gallery`, d.route.name],
  [`/route/${d.route.id}?tab=map`, d.route.name],
  [`/route-add`, ""],
  [`/route-add/${d.route.id}`, "Besisahar"],
];

async function openAs(browser: Browser, lng: string, user: TestUser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  if (lng === "pseudo") await pseudoLocaleCookie(context);
  else await languageCookie(context, lng);
  const page = await context.newPage();
  await signInAs(page, user.email);
  return { context, page };
}

/** Opens `url` and waits for the page to run and for its data (`shows`, when it has any). */
async function visit(page: Page, url: string, shows: string): Promise<void> {
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(200);
  await hydrated(page);
  if (!shows) return;
  await expect(
    page
      .getByText(shows)
      .or(page.locator(`input[value="${shows}"], [value="${shows}"]`))
      .first(),
    url,
  ).toBeAttached();
}

test("the board's pages: the pseudo-locale finds no untranslated text, with data on each", async ({ browser }) => {
  const d = await adminData();
  const { context, page } = await openAs(browser, "pseudo", d.board);
  try {
    for (const [url, shows] of BOARD_PAGES(d)) {
      await visit(page, url, shows);
      expect(await untranslated(page, d.data), url).toEqual([]);
    }
    // A refused form: the server's and the schema's messages in the page's language.
    await visit(page, `/requests/${d.request.id}/reject?tab=background`, d.request.email);
    await page.getByRole("dialog").getByRole("button", { name: "⟦Reject⟧" }).click();
    await expect(
      page
        .getByText("⟦Remarks⟧ field is required")
        .or(page.getByText(/⟦.*⟦Remarks⟧.*⟧/u))
        .first(),
    ).toBeVisible();
    expect(await untranslated(page, d.data), "reject (refused)").toEqual([]);
  } finally {
    await context.close();
  }
});

test("the board's pages in Nepali pass axe", async ({ browser }) => {
  const d = await adminData();
  const { context, page } = await openAs(browser, "ne", d.board);
  try {
    for (const [url, shows] of BOARD_PAGES(d)) {
      await visit(page, url, shows);
      expect(await axeProblems(page), url).toEqual([]);
    }
    // Words that show the pages are Nepali, not only marked.
    await visit(page, `/requests?name=${encodeURIComponent(d.requestName)}`, d.requestName);
    await expect(page.getByRole("main").getByRole("heading", { name: "अनुरोधहरू" })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "कम्पनीको नाम" })).toBeVisible();
    await expect(page.getByRole("table").getByText("समीक्षा बाँकी", { exact: true })).toBeVisible();
    await visit(page, `/route?name=${encodeURIComponent(d.route.name)}`, d.route.name);
    await expect(page.getByRole("link", { name: `${d.route.name} सम्पादन गर्नुहोस्` })).toBeVisible();
  } finally {
    await context.close();
  }
});

/** API Devices shows every device (no filter): the data are the rows the page was given, read after it loaded. */
async function deviceData(board: TestUser, own: readonly string[]): Promise<string[]> {
  const rows = await listDevices(board as never);
  return [...own, ...rows.flatMap((r) => [r.name, r.userName, r.createdByName, r.tokenPrefix])];
}

test("API Devices: the pseudo-locale finds no untranslated text; in Nepali it passes axe", async ({ browser }) => {
  const word = uniqueWord();
  const board = await makeRoleUser("ntb");
  const checkpost = await makeRoleUser("checkpost", { fullName: `${word} Checkpost` });
  const device = await issueDevice(board as never, { name: `${word} Tablet`, userId: checkpost.id });
  const own = [word, `${word} Tablet`, `${word} Checkpost`, "Test ntb", "T", "/api/v1"];
  for (const lng of ["pseudo", "ne"]) {
    const { context, page } = await openAs(browser, lng, board);
    try {
      for (const url of ["/api-devices", `/api-devices/${device.id}/revoke`]) {
        await visit(page, url, `${word} Tablet`);
        if (lng === "pseudo") expect(await untranslated(page, await deviceData(board, own)), url).toEqual([]);
        else expect(await axeProblems(page), url).toEqual([]);
      }
      if (lng === "ne") await expect(page.getByRole("dialog").getByRole("heading", { name: "डिभाइस खारेज गर्नुहोस्" })).toBeVisible();
    } finally {
      await context.close();
    }
  }
});

test("Notifications: the pseudo-locale finds no untranslated text; in Nepali it passes axe", async ({ browser }) => {
  const word = uniqueWord();
  const board = await makeRoleUser("ntb");
  const route = await makeRoute(`${word} Trail`);
  const name = `${word} Notice Treks`;
  const agency = await makeUser({
    userType: 2,
    fullName: `${word} Owner`,
    organizationName: name,
    isDocumentUploaded: true,
    isVerified: true,
    isApproved: true,
  } as never);
  // The agency is told of two decisions: a card's return approved (then read), its voucher approved (unread).
  const { trekkerIds } = await issuedCards(agency, await makeCardGenerator(), route.id, { trekkers: [`${word} Returner`] });
  await applyCardAction(agency, "return", trekkerIds[0], "Trek called off");
  await applyCardAction(board, "approveReturn", trekkerIds[0], "Agreed");
  const [told] = (await listNotifications(agency.id, { read: false, offset: 0, limit: 10 })).rows;
  await openNotification(told.id, agency.id);
  const voucher = await voucherOf(agency, route.id, `${word} Voucher`);
  await decideVoucher({ id: voucher.id, approve: true, refNo: "R1", actorId: board.id, origin: "http://127.0.0.1" });
  const data = [name, `${word} Owner`, `${word} Returner`, voucher.invoiceId, word.charAt(0)];
  for (const lng of ["pseudo", "ne"]) {
    const { context, page } = await openAs(browser, lng, agency);
    try {
      await visit(page, "/notifications", voucher.invoiceId);
      // Read and unread (approving the voucher issued the cards, a third notice).
      await expect(page.getByRole("list", { name: lng === "ne" ? "पढिएका सूचनाहरू" : "⟦Read notifications⟧", exact: true })).toContainText(`${word} Returner`);
      if (lng === "pseudo") expect(await untranslated(page, data)).toEqual([]);
      else {
        await expect(page.getByRole("list", { name: "नपढिएका सूचनाहरू" })).toContainText(`भौचर ${voucher.invoiceId} स्वीकृत भयो`);
        expect(await axeProblems(page)).toEqual([]);
      }
    } finally {
      await context.close();
    }
  }
});

test("Notifications in Nepali: the stored English titles of refunds, the ledger check and overdue alerts are said in Nepali", async ({ browser }) => {
  const word = uniqueWord();
  // An agency: a role with the notifications page (the refund's payer; the other titles are told here as they are to their own readers).
  const agency = await makeUser({
    userType: 2,
    fullName: `${word} Owner`,
    organizationName: `${word} Treks`,
    isDocumentUploaded: true,
    isVerified: true,
    isApproved: true,
  } as never);
  // The titles as the modules write them (modules/payments/refunds.server.ts, modules/ledger/check.server.ts,
  // modules/overdue/service.server.ts); the amounts, counts, names and card numbers are data, kept as written.
  const amount = formatNrs(250_000);
  for (const title of [
    `${amount} will be refunded`,
    `${amount} refunded`,
    "Ledger check: 3 violations in 2 of 9 invariants",
    "Ledger check: 1 violation in 1 of 9 invariants",
    `Overdue: ${word} Walker (card 4711)`,
  ])
    await notify({ kind: "refund-due", to: [agency.id], title, body: "", link: "/notifications" });
  const { context, page } = await openAs(browser, "ne", agency);
  try {
    await visit(page, "/notifications", `${word} Walker`);
    const unread = page.getByRole("list", { name: "नपढिएका सूचनाहरू" });
    await expect(unread).toContainText(`${amount} फिर्ता गरिनेछ`);
    await expect(unread).toContainText(`${amount} फिर्ता गरियो`);
    await expect(unread).toContainText("खाता जाँच: 9 नियममध्ये 2 मा 3 उल्लङ्घन");
    await expect(unread).toContainText("खाता जाँच: 9 नियममध्ये 1 मा १ उल्लङ्घन");
    await expect(unread).toContainText(`समय नाघेको: ${word} Walker (कार्ड 4711)`);
    for (const english of ["will be refunded", "Ledger check", "Overdue:"]) await expect(unread).not.toContainText(english);
  } finally {
    await context.close();
  }
});

test("a route image refused on upload says why in Nepali, the file's name as written", async ({ browser }) => {
  const d = await adminData();
  const { context, page } = await openAs(browser, "ne", d.board);
  try {
    await visit(page, `/route-add/${d.route.id}`, "Besisahar");
    await page.getByRole("tab", { name: "ग्यालरी" }).click();
    // A PNG's signature and then nothing an image decoder can read.
    const broken = Buffer.concat([Buffer.from(makePng(10, 10)).subarray(0, 16), Buffer.alloc(4096, 7)]);
    await page.locator("input[name=galleryFiles]").setInputFiles([{ name: "broken-map.png", mimeType: "image/png", buffer: broken }]);
    await page.getByRole("button", { name: "अद्यावधिक गर्नुहोस्", exact: true }).click();
    await expect(page.getByText("broken-map.png: तस्बिर पढ्न सकिएन। कृपया jpg वा png तस्बिर अपलोड गर्नुहोस्।")).toBeVisible();
  } finally {
    await context.close();
  }
});
