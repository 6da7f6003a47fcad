// Issue 12, item 11: every page, as every role that may open it, at 1280 px and at 390×844, passes
// axe-core (WCAG 2.0/2.1 A and AA plus best practices) with no serious or moderate violation; and the
// server's HTML is free of the W3C validator's common errors (checked here without a network
// validator). The pages come from the PAGES table below; a page route file (one with a default
// export) that the table does not visit fails the first test unless NOT_VISITED says why.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import type { AxeResults } from "axe-core";
import { listVouchers, uploadVoucher } from "@modules/payments/index.server";
import { issuedCards, makeCardGenerator, trekkerIdsOf } from "../factories/cards";
import { makeRegistration, makeRoute } from "../factories/registrations";
import { paidBill, refundDue } from "../factories/payments";
import { startChalanPush } from "../factories/chalan";
import { makeTrail, trailCards } from "../factories/checkins";
import { inDays } from "../factories/dates";
import { overdueTrekkers } from "../factories/overdue";
import { scanCard, selfCheckin } from "@modules/checkins/index.server";
import { issueDevice } from "@modules/api/index.server";
import { makeRoleUser, type TestUser } from "../factories/users";
import { requestAs, sessionCookie } from "./support/auth-cookie";
import { uniqueEmail } from "./support/data";
import { linkIn, waitForEmail } from "./support/outbox";
import { makePng } from "./support/files";
import { makeActiveUser, type RoleName } from "./support/roles";

type Who = RoleName | "anonymous";

/** The accounts and rows the pages are opened with (made once per worker). */
interface Fixture {
  users: Record<RoleName, TestUser> & { agencyNew: TestUser; agencySent: TestUser; agencyTarget: TestUser; checkpostTarget: TestUser; scanner: TestUser };
  /** A card the scanner (a checkpost placed on a route) checked in. */
  scannedRegId: number;
  scannedTrekkerId: number;
  routeId: number;
  /** FIT's paid registration with issued cards, and its first trekker (the card). */
  paidRegId: number;
  trekkerId: number;
  /** FIT's registration awaiting payment (the wizard's later steps and the payment page). */
  unpaidRegId: number;
  /** The agency's registrations: one awaiting payment, one with a voucher under review. */
  agencyUnpaidRegId: number;
  agencyVoucherRegId: number;
  agencyTrekkerId: number;
  /** The agency's unpaid trekker (its Delete confirmation). */
  agencyUnpaidTrekkerId: number;
  voucherId: number;
  /** A FIT payment that bought nothing (a trekker added while it was at the gateway): refund due. */
  refundId: number;
  /** The agency's paid bill (Billing, Receipt Details). */
  billId: number;
  /** A push of today's cards to the ERP simulator. */
  chalanPushId: number;
  /** The agency's trekker the overdue job raised (never seen). */
  overdueTrekkerId: number;
  /** A device token the board issued for the scanner (its revoke confirmation). */
  deviceId: number;
  /** A family follower's private page (issue 29), as e-mailed. */
  followPath: string;
}

type AccountKey = keyof Fixture["users"];

interface PageCase {
  /** The route file whose page this is (several cases may share one). */
  file: string;
  url: (f: Fixture) => string;
  who: Who[];
  /** Open it as this account instead of the role's usual one (an agency still onboarding). */
  as?: AccountKey;
  /** Where the page goes by itself (a refresh): answered 204 No Content, so the page stays while it is checked. */
  stay?: string;
}

const SIGNED_IN: RoleName[] = ["fit", "agency", "ntb", "checkpost", "taan"];
const ALL: Who[] = ["anonymous", ...SIGNED_IN];
const SETTINGS = SIGNED_IN;

const PAGES: PageCase[] = [
  // Signed out: the sign-in pages and the pages e-mailed links open.
  { file: "login.tsx", url: () => "/login", who: ["anonymous"] },
  { file: "register.tsx", url: () => "/register", who: ["anonymous"] },
  { file: "forgot-password.tsx", url: () => "/forgot-password", who: ["anonymous"] },
  { file: "check-mail.tsx", url: () => "/check-mail", who: ["anonymous"] },
  { file: "register-success.tsx", url: () => "/register-success", who: ["anonymous"] },
  { file: "create-new-password.tsx", url: () => "/create-new-password", who: ["anonymous"] },
  { file: "success-password-change.tsx", url: () => "/success-password-change", who: ["anonymous"] },
  // The e-mailed verification link answers with a redirect to /login and a toast (verify-email.tsx has no page).
  { file: "login.tsx", url: () => "/verify-email", who: ["anonymous"] },
  { file: "verify-changed-email.tsx", url: () => "/verify-changed-email", who: ["anonymous"] },
  { file: "not-found.tsx", url: () => "/not-found", who: ["anonymous", "fit"] },
  { file: "$.tsx", url: () => "/no-such-page", who: ["anonymous", "ntb"] },
  { file: "dev.outbox.tsx", url: () => "/dev/outbox", who: ["anonymous"] },
  // A follower's private link (issue 29): the trek's page, and the not-found page of a bad link.
  { file: "follow.$token.tsx", url: (f) => f.followPath, who: ["anonymous", "fit"] },
  { file: "follow.$token.tsx", url: () => "/follow/not-a-token", who: ["anonymous"] },
  // Every signed-in role.
  { file: "account-settings.tsx", url: () => "/account-settings", who: SETTINGS },
  { file: "account-settings.name.tsx", url: () => "/account-settings/name", who: SETTINGS },
  { file: "account-settings.email.tsx", url: () => "/account-settings/email", who: SETTINGS },
  { file: "account-settings.password.tsx", url: () => "/account-settings/password", who: SETTINGS },
  { file: "account-settings.photo.tsx", url: () => "/account-settings/photo", who: SETTINGS },
  { file: "account-settings.sessions.tsx", url: () => "/account-settings/sessions", who: SETTINGS },
  { file: "account-settings.two-factor.tsx", url: () => "/account-settings/two-factor", who: ["ntb", "taan"] },
  { file: "search.tsx", url: () => "/search?q=Test", who: SIGNED_IN },
  { file: "location.tsx", url: () => "/location", who: ["anonymous"] },
  { file: "scan.tsx", url: () => "/scan", who: ["checkpost"], as: "scanner" },
  { file: "scanned-trekker.$regId.$trekkerId.tsx", url: (f) => `/scanned-trekker/${f.scannedRegId}/${f.scannedTrekkerId}`, who: ["checkpost"], as: "scanner" },
  {
    file: "scanned-trekker.$regId.$trekkerId.tsx",
    url: (f) => `/scanned-trekker/${f.scannedRegId}/${f.scannedTrekkerId}?tab=cards`,
    who: ["checkpost"],
    as: "scanner",
  },
  { file: "trekkers_.scanned.tsx", url: () => "/trekkers/scanned", who: ["checkpost"], as: "scanner" },
  { file: "self-scan-trekkers.tsx", url: () => "/self-scan-trekkers", who: ["ntb", "taan"] },
  { file: "users_.($kind).$id.scanned-trekkers.tsx", url: (f) => `/users/checkpost/${f.users.scanner.id}/scanned-trekkers`, who: ["ntb", "taan"] },
  { file: "logout.tsx", url: () => "/logout", who: ["fit", "ntb"] },
  { file: "route.tsx", url: () => "/route", who: SIGNED_IN },
  { file: "route.$routeId.$kind.tsx", url: (f) => `/route/${f.routeId}/delete`, who: ["ntb"] },
  { file: "route_.$id.tsx", url: (f) => `/route/${f.routeId}`, who: SIGNED_IN },
  { file: "notifications.tsx", url: () => "/notifications", who: ["fit", "agency", "checkpost", "taan"] },
  { file: "inbox.tsx", url: () => "/inbox", who: ["agency", "taan"] },
  { file: "switch-user.tsx", url: () => "/switch-user?q=e2e", who: ["ntb"] },
  { file: "inbox.tsx", url: () => "/inbox?category=TIMS%20Cards", who: ["agency"] },
  // Registering a trek: the wizard's steps, the payment page and the gateway's return.
  { file: "new-register.tsx", url: () => "/new-register", who: ["fit", "agency", "checkpost"] },
  { file: "new-register._index.tsx", url: () => "/new-register", who: ["fit", "agency", "checkpost"] },
  { file: "new-register.$regId._index.tsx", url: (f) => `/new-register/${f.unpaidRegId}`, who: ["fit"] },
  { file: "new-register.$regId._index.tsx", url: (f) => `/new-register/${f.paidRegId}`, who: ["fit"] },
  // The editors, served without React with their page script (ADR 0035).
  { file: "new-register.$regId._index.tsx", url: (f) => `/new-register/${f.unpaidRegId}?edit=add`, who: ["fit"] },
  { file: "new-register.$regId._index.tsx", url: (f) => `/new-register/${f.agencyUnpaidRegId}?edit=trek`, who: ["agency"] },
  { file: "new-register.$regId._index.tsx", url: (f) => `/new-register/${f.agencyUnpaidRegId}`, who: ["agency"] },
  { file: "new-register.$regId._index.tsx", url: (f) => `/new-register/${f.agencyVoucherRegId}`, who: ["agency"] },
  { file: "new-register.$regId.payment.tsx", url: (f) => `/new-register/${f.unpaidRegId}/payment`, who: ["fit"] },
  { file: "new-register.$regId.payment.tsx", url: (f) => `/new-register/${f.agencyUnpaidRegId}/payment`, who: ["agency"] },
  { file: "new-register.$regId.payment.tsx", url: (f) => `/new-register/${f.agencyUnpaidRegId}/payment?tab=voucher`, who: ["agency"] },
  { file: "new-register.$regId.$paymentType.$actionType.tsx", url: (f) => `/new-register/${f.unpaidRegId}/esewa/failure`, who: ["fit"] },
  // Cards and trekkers.
  { file: "tims-cards.tsx", url: () => "/tims-cards", who: ["fit"] },
  { file: "tims-cards.$trekkerId.panel.tsx", url: (f) => `/tims-cards/${f.trekkerId}/panel`, who: ["fit", "ntb"] },
  { file: "tims-cards.$trekkerId.panel.tsx", url: (f) => `/tims-cards/${f.trekkerId}/panel?tab=card`, who: ["fit"] },
  { file: "tims-cards_.$trekkerId.tsx", url: (f) => `/tims-cards/${f.trekkerId}`, who: ["fit", "ntb", "taan"] },
  { file: "tims-cards_.$trekkerId_.pdf-preparing.tsx", url: (f) => `/tims-cards/${f.trekkerId}/pdf-preparing`, who: ["fit"], stay: "**/tims-cards/*/pdf" },
  { file: "cards.$trekkerId.$move.tsx", url: (f) => `/cards/${f.trekkerId}/cancel`, who: ["ntb"] },
  { file: "cards.$trekkerId.$move.tsx", url: (f) => `/cards/${f.agencyTrekkerId}/delete`, who: ["agency"] },
  { file: "cards.generate.$regId.tsx", url: (f) => `/cards/generate/${f.unpaidRegId}`, who: ["ntb"] },
  { file: "trekking-history.tsx", url: () => "/trekking-history", who: ["fit"] },
  { file: "trekking-history.$trekkerId.tsx", url: (f) => `/trekking-history/${f.trekkerId}`, who: ["fit"] },
  { file: "trekkers.tsx", url: () => "/trekkers", who: ["agency", "ntb", "taan"] },
  { file: "trekkers.tsx", url: () => "/trekkers?tab=trekkers", who: ["checkpost"] },
  { file: "trekkers.tsx", url: (f) => `/trekkers?startDate=2020-01-01&cardStatus=Upcoming&trekkingArea=${f.routeId}`, who: ["ntb"] },
  { file: "trekkers.$trekkerId.tsx", url: (f) => `/trekkers/${f.trekkerId}`, who: ["ntb"] },
  { file: "trekkers.$trekkerId.tsx", url: (f) => `/trekkers/${f.agencyTrekkerId}`, who: ["agency"] },
  { file: "trekkers.$trekkerId_.$move.tsx", url: (f) => `/trekkers/${f.trekkerId}/cancel`, who: ["ntb"] },
  { file: "trekkers.$trekkerId_.$move.tsx", url: (f) => `/trekkers/${f.agencyUnpaidTrekkerId}/delete`, who: ["agency"] },
  { file: "trekkers.tsx", url: () => "/trekkers?tab=trekkers&overdue=1", who: ["ntb", "agency"] },
  { file: "trekkers.$trekkerId_.safe.tsx", url: (f) => `/trekkers/${f.overdueTrekkerId}/safe?tab=trekkers&overdue=1`, who: ["ntb", "agency"] },
  { file: "overdue-cases.tsx", url: () => "/overdue-cases", who: ["ntb", "taan", "agency"] },
  { file: "overdue-cases_.$trekkerId.tsx", url: (f) => `/overdue-cases/${f.overdueTrekkerId}`, who: ["ntb", "agency"] },
  { file: "overdue-cases_.$trekkerId_.sheet.tsx", url: (f) => `/overdue-cases/${f.overdueTrekkerId}/sheet`, who: ["ntb", "agency"] },
  { file: "trekkers.generate.$regId.tsx", url: (f) => `/trekkers/generate/${f.unpaidRegId}`, who: ["ntb"] },
  { file: "deleted-trekkers.tsx", url: () => "/deleted-trekkers", who: ["ntb"] },
  { file: "audit.personal-data.tsx", url: () => "/audit/personal-data", who: ["ntb"] },
  // The board and TAAN: dashboard, agency requests, vouchers, routes, users.
  { file: "dashboard.tsx", url: () => "/dashboard", who: ["ntb", "taan"] },
  { file: "api-devices.tsx", url: () => "/api-devices", who: ["ntb"] },
  { file: "api-devices.$id.revoke.tsx", url: (f) => `/api-devices/${f.deviceId}/revoke`, who: ["ntb"] },
  { file: "reports.tsx", url: () => "/reports", who: ["ntb"] },
  { file: "requests.tsx", url: () => "/requests", who: ["ntb", "taan"] },
  { file: "requests_.$id.tsx", url: (f) => `/requests/${f.users.agencyTarget.id}`, who: ["ntb", "taan"] },
  { file: "requests_.$id.approve.tsx", url: (f) => `/requests/${f.users.agencyTarget.id}/approve`, who: ["ntb"] },
  { file: "requests_.$id.reject.tsx", url: (f) => `/requests/${f.users.agencyTarget.id}/reject`, who: ["taan"] },
  { file: "requests_.vouchers.tsx", url: () => "/requests/vouchers", who: ["ntb"] },
  { file: "requests_.card-returns.tsx", url: () => "/requests/card-returns", who: ["ntb"] },
  { file: "requests_.vouchers.$id.tsx", url: (f) => `/requests/vouchers/${f.voucherId}`, who: ["ntb"] },
  { file: "chalan.tsx", url: () => "/chalan", who: ["ntb"] },
  { file: "chalan.generate.tsx", url: () => `/chalan/generate?startDate=${inDays(0)}&endDate=${inDays(0)}`, who: ["ntb"] },
  { file: "chalan_.push.$id.tsx", url: (f) => `/chalan/push/${f.chalanPushId}`, who: ["ntb"] },
  { file: "chalanlog.tsx", url: () => "/chalanlog", who: ["ntb"] },
  { file: "pushed-chalanlog.tsx", url: () => "/pushed-chalanlog", who: ["ntb"] },
  { file: "refunds.tsx", url: () => "/refunds", who: ["ntb"] },
  { file: "billing.tsx", url: () => "/billing", who: ["fit", "agency", "ntb", "checkpost", "taan"] },
  { file: "billing.$id.tsx", url: (f) => `/billing/${f.billId}`, who: ["agency", "ntb", "taan"] },
  { file: "billing_.refunds.tsx", url: () => "/billing/refunds", who: ["fit", "agency", "ntb", "checkpost", "taan"] },
  { file: "refunds.tsx", url: () => "/refunds?status=refunded", who: ["ntb"] },
  { file: "refunds.$id.tsx", url: (f) => `/refunds/${f.refundId}`, who: ["ntb"] },
  { file: "route-add.($id).tsx", url: () => "/route-add", who: ["ntb"] },
  { file: "route-add.($id).tsx", url: (f) => `/route-add/${f.routeId}`, who: ["ntb"] },
  { file: "users.tsx", url: () => "/users", who: ["ntb", "taan"] },
  { file: "users.tsx", url: () => "/users?tab=agency", who: ["ntb"] },
  { file: "users.add.tsx", url: () => "/users/add", who: ["ntb"] },
  { file: "users_.($kind).$id.tsx", url: (f) => `/users/trekking-agency/${f.users.agencyTarget.id}`, who: ["ntb", "taan"] },
  { file: "users_.($kind).$id._profile.tsx", url: (f) => `/users/checkpost/${f.users.checkpostTarget.id}`, who: ["ntb"] },
  { file: "users_.($kind).$id._profile._index.tsx", url: (f) => `/users/trekking-agency/${f.users.agencyTarget.id}`, who: ["ntb"] },
  { file: "users_.($kind).$id.documents.tsx", url: (f) => `/users/trekking-agency/${f.users.agencyTarget.id}/documents`, who: ["ntb"] },
  { file: "users_.($kind).$id.tims-cards.tsx", url: (f) => `/users/fit/${f.users.fit.id}/tims-cards`, who: ["ntb", "taan"] },
  { file: "users_.($kind).$id.trekkers.tsx", url: (f) => `/users/trekking-agency/${f.users.agencyTarget.id}/trekkers`, who: ["ntb", "taan"] },
  { file: "users_.($kind).$id._profile.name.tsx", url: (f) => `/users/trekking-agency/${f.users.agencyTarget.id}/name`, who: ["ntb"] },
  { file: "users_.($kind).$id._profile.email.tsx", url: (f) => `/users/trekking-agency/${f.users.agencyTarget.id}/email`, who: ["ntb"] },
  { file: "users_.($kind).$id._profile.password.tsx", url: (f) => `/users/trekking-agency/${f.users.agencyTarget.id}/password`, who: ["ntb"] },
  { file: "users_.($kind).$id._profile.checkpost-info.tsx", url: (f) => `/users/checkpost/${f.users.checkpostTarget.id}/checkpost-info`, who: ["ntb"] },
  { file: "users_.($kind).$id._profile.delete.tsx", url: (f) => `/users/trekking-agency/${f.users.agencyTarget.id}/delete`, who: ["ntb"] },
  { file: "users_.($kind).$id._profile.disable.tsx", url: (f) => `/users/trekking-agency/${f.users.agencyTarget.id}/disable`, who: ["ntb"] },
  { file: "change-user-password.tsx", url: () => "/change-user-password", who: ["ntb"] },
  // An agency's onboarding, each state with its own account.
  { file: "upload-documents.tsx", url: () => "/upload-documents", who: ["agency"], as: "agencyNew" },
  { file: "upload-documents-status.$type.tsx", url: () => "/upload-documents-status/sent", who: ["agency"], as: "agencySent" },
  { file: "upload-documents-status.$type.tsx", url: () => "/upload-documents-status/approved", who: ["agency"] },
];

/** Page route files the table does not visit, each with the reason. */
const NOT_VISITED: Record<string, string> = {
  "dev.outbox_.$id.tsx": "one e-mail of the dev outbox: its body is the e-mail's own HTML (emails/), shown as sent; the list page is checked",
  "sim.$provider.session.$id.tsx": "the payment simulator's stand-in for a provider's site, reached only in the middle of a gateway payment",
  "login_.two-factor.tsx": "opens only between the password and the code of a two-factor sign-in; two-factor.spec.ts runs axe on it there",
};

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
const FAILING = new Set(["serious", "moderate", "critical"]);
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

const pagesOf = (who: Who) => PAGES.filter((p) => p.who.includes(who));

let fixture: Fixture;

test.describe.configure({ mode: "parallel" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const [fit, agency, ntb, checkpost, taan] = await Promise.all(SIGNED_IN.map((r) => makeActiveUser(r)));
  const onboarding = (over: object) =>
    makeRoleUser("agency", { email: uniqueEmail("a11y-agency"), organizationName: "Onboarding Treks", countryId: 524, ...over });
  const agencyNew = await onboarding({ isDocumentUploaded: false });
  const agencySent = await onboarding({ isDocumentUploaded: true, isVerified: false });
  const agencyTarget = await onboarding({ isDocumentUploaded: true });
  const checkpostTarget = await makeActiveUser("checkpost");
  // The board user who may also generate cards and change others' passwords (grantable only).
  const board = await makeRoleUser("ntb", { email: uniqueEmail("a11y-ntb"), grants: ["generateCard", "changeUserPassword"] });
  const route = await makeRoute("Accessible Trek");
  const generator = await makeCardGenerator();
  const paid = await issuedCards(fit, generator, route.id, { count: 2 });
  const unpaid = await makeRegistration(fit, route.id, { trekkers: ["Anna Keller", "Jonas Keller"] });
  const agencyUnpaid = await makeRegistration(agency, route.id, { trekkers: ["Agency Trekker"] });
  const agencyVoucher = await makeRegistration(agency, route.id, { trekkers: ["Voucher Trekker"] });
  await uploadVoucher(agencyVoucher.regId, agency, new File([new Uint8Array(makePng(60, 40))], "voucher.png", { type: "image/png" }));
  const { rows } = await listVouchers({ offset: 0, limit: 50 });
  const voucher = rows.find((r) => r.registrationId === agencyVoucher.regId);
  const agencyPaidCards = await issuedCards(agency, generator, route.id);
  const refund = await refundDue(route.id, { payer: fit });
  const bill = await paidBill(route.id, { payer: agency, count: 1 });
  const trail = await makeTrail(1);
  const [scanned, self] = await trailCards(trail.route.id, { count: 2, entry: inDays(0), exit: inDays(4) });
  await scanCard(trail.checkpost, { method: "qr", qr: scanned.qr });
  await selfCheckin({ cardNumber: self.cardNumber, passport: self.passport, isCheckOut: false, place: trail.points[0].name }, { ip: "192.0.2.10" });
  fixture = {
    users: { fit, agency, ntb: board, checkpost, taan, agencyNew, agencySent, agencyTarget, checkpostTarget, scanner: trail.checkpost },
    scannedRegId: scanned.regId,
    scannedTrekkerId: scanned.trekkerId,
    routeId: route.id,
    paidRegId: paid.regId,
    trekkerId: paid.trekkerIds[0],
    unpaidRegId: unpaid.regId,
    agencyUnpaidRegId: agencyUnpaid.regId,
    agencyVoucherRegId: agencyVoucher.regId,
    agencyTrekkerId: agencyPaidCards.trekkerIds[0],
    agencyUnpaidTrekkerId: (await trekkerIdsOf(agencyUnpaid.regId))[0],
    voucherId: voucher!.id,
    refundId: refund.refundId,
    billId: bill.billId,
    chalanPushId: await startChalanPush(inDays(0)),
    overdueTrekkerId: (await overdueTrekkers(trail.route.id, agency))[0].trekkerId,
    deviceId: (await issueDevice(board, { name: "Accessible tablet", userId: trail.checkpost.id })).id,
    followPath: await followPath(trail.route.id),
  };
  void ntb;
});

/** A trekker with a family follower, checked in once; the path of the link e-mailed to the follower. */
async function followPath(routeId: number): Promise<string> {
  const address = uniqueEmail("follower");
  await trailCards(routeId, { entry: inDays(0), exit: inDays(4), fields: { followerEmail: address } });
  return new URL(linkIn(await waitForEmail(address, /trek in Nepal/), "/follow/")).pathname;
}

test("the table visits every page route file (or says why not)", () => {
  const dir = path.resolve("app/routes");
  const pageFiles = fs
    .readdirSync(dir)
    .filter((f) => /\.(tsx|jsx)$/.test(f) && !/\.test\./.test(f))
    .filter((f) => /export\s+default\b/.test(fs.readFileSync(path.join(dir, f), "utf8")));
  const visited = new Set(PAGES.map((p) => p.file));
  const uncovered = pageFiles.filter((f) => !visited.has(f) && !NOT_VISITED[f]);
  expect(uncovered, "page route files neither visited by PAGES nor listed in NOT_VISITED (accessibility.spec.ts)").toEqual([]);
  const stale = [...visited, ...Object.keys(NOT_VISITED)].filter((f) => !pageFiles.includes(f));
  expect(stale, "PAGES / NOT_VISITED entries without a page route file").toEqual([]);
});

async function signIn(page: Page, account: AccountKey | null) {
  await page.context().clearCookies();
  if (!account) return;
  const { name, value } = await sessionCookie(fixture.users[account].email);
  await page.context().addCookies([{ name, value, domain: "127.0.0.1", path: "/", expires: -1, httpOnly: true, secure: false, sameSite: "Lax" }]);
}

/** The header switch's cookie: the language of every page from here on. */
async function setLanguage(page: Page, lng: "en" | "ne") {
  await page.context().addCookies([{ name: "lng", value: Buffer.from(JSON.stringify(lng)).toString("base64"), domain: "127.0.0.1", path: "/" }]);
}

type Found = { url: string; id: string; impact: string; help: string; nodes: string[] };

/**
 * axe-core itself (the copy @axe-core/playwright depends on), put into each page once and run there
 * with axe.run. AxeBuilder would inject its 0.5 MB source again for every check and, outside its
 * legacy mode, finish each run in an extra blank page (for cross-origin frames, which our pages do
 * not have); on two busy cores the injection costs as much as the check. resultTypes limits the
 * detail collected for passes and inapplicable rules; violations are reported in full.
 */
const requireHere = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(
  path.join(path.dirname(createRequire(requireHere.resolve("@axe-core/playwright")).resolve("axe-core")), "axe.min.js"),
  "utf8",
);

async function axe(page: Page, url: string): Promise<Found[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  // The layout's transitions (the drawer, the side panels) settle first, so colours are measured at rest.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const violations: AxeResults["violations"] = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (c: Document, o: object) => Promise<AxeResults> } }).axe
        .run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] })
        .then((r) => r.violations),
    TAGS,
  );
  return violations
    .filter((v) => FAILING.has(v.impact ?? ""))
    .map((v) => ({
      url,
      id: v.id,
      impact: v.impact!,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(" ")}  ${n.html.slice(0, 160)}\n      ${(n.failureSummary ?? "").split("\n").slice(1, 3).join(" ").trim()}`),
    }));
}

const describe = (found: Found[]) => found.map((f) => `${f.url}: ${f.id} (${f.impact}) ${f.help}\n    ${f.nodes.slice(0, 6).join("\n    ")}`).join("\n");

/**
 * The axe tests: each role's pages in runs of at most AXE_RUN pages per test, so the runs spread
 * over the workers. Each page is loaded once at 390×844 and checked, then widened to 1280 px and
 * checked again: our layouts respond to width in CSS only (no script reads the width), so a widened
 * page is laid out as one loaded at 1280 px. A page that ever lays itself out by script at load
 * needs its own load per width.
 */
const AXE_RUN = 8;
const axeRuns = (who: Who) => {
  const pages = pagesOf(who);
  const runs: PageCase[][] = [];
  for (let i = 0; i < pages.length; i += AXE_RUN) runs.push(pages.slice(i, i + AXE_RUN));
  return runs;
};

for (const who of ALL) {
  const runs = axeRuns(who);
  runs.forEach((cases, n) => {
    test(`axe: ${who}'s pages ${n + 1}/${runs.length} at 390×844 and 1280 px`, async ({ page }) => {
      test.setTimeout(180_000);
      const found: Found[] = [];
      const failed: string[] = [];
      let signedInAs: AccountKey | null | undefined;
      for (const c of cases) {
        const account: AccountKey | null = who === "anonymous" ? null : (c.as ?? who);
        if (account !== signedInAs) await signIn(page, (signedInAs = account));
        const url = c.url(fixture);
        // Each page in both languages (issue 28): at 390 px in Nepali, where longer words meet the
        // narrowest layout, then at 1280 px in English.
        await setLanguage(page, "ne");
        await page.setViewportSize(PHONE);
        if (c.stay) await page.route(c.stay, (route) => route.fulfill({ status: 204 }));
        const response = await page.goto(url);
        const status = response?.status() ?? 0;
        // "/not-found", the catch-all and a bad follower link answer 404 by design; everything else must open.
        const notFoundByDesign = c.file === "$.tsx" || c.file === "not-found.tsx" || url === "/follow/not-a-token";
        if (status >= 400 && !(status === 404 && notFoundByDesign)) failed.push(`${url}: HTTP ${status}`);
        found.push(...(await axe(page, `${url} at 390×844 in Nepali`)));
        expect(await page.locator("html").getAttribute("lang"), `${url} in Nepali`).toBe("ne");
        await setLanguage(page, "en");
        await page.setViewportSize(DESKTOP);
        const again = await page.reload();
        if ((again?.status() ?? 0) >= 400 && !notFoundByDesign) failed.push(`${url} in English: HTTP ${again?.status()}`);
        found.push(...(await axe(page, `${url} at 1280 px`)));
        if (c.stay) await page.unroute(c.stay);
      }
      expect(failed, "pages that did not open").toEqual([]);
      expect(found.length, `serious or moderate axe violations as ${who}:\n${describe(found)}`).toBe(0);
    });
  });
}

// The phone's navigation drawer, opened (its markup is off-screen until then).
for (const who of SIGNED_IN) {
  test(`axe: the phone's open menu as ${who}`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, who);
    await page.goto("/account-settings");
    await page.getByRole("banner").locator('label[for="nav-toggle"]').click();
    await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeInViewport();
    const found = await axe(page, "/account-settings (menu open)");
    expect(found.length, `serious or moderate axe violations as ${who} with the menu open:\n${describe(found)}`).toBe(0);
  });
}

/**
 * The validator's usual complaints, checked in the HTML the server sends (what the validator sees),
 * parsed by the browser's own HTML parser without running its scripts.
 */
function markupProblems(html: string): string[] {
  const doc = new DOMParser().parseFromString(html, "text/html");
  const problems: string[] = [];
  const show = (el: Element) => {
    const tag = el.tagName.toLowerCase();
    const attrs = ["id", "class", "for", "href", "aria-label"]
      .map((a) => (el.getAttribute(a) ? `${a}="${el.getAttribute(a)!.slice(0, 40)}"` : ""))
      .filter(Boolean);
    return `<${tag}${attrs.length ? " " + attrs.join(" ") : ""}>`;
  };
  // <dl> holds only dt/dd, or div groups of dt/dd.
  for (const dl of doc.querySelectorAll("dl")) {
    for (const child of dl.children) {
      const tag = child.tagName.toLowerCase();
      if (tag === "div") {
        for (const inner of child.children)
          if (!["dt", "dd", "script", "template"].includes(inner.tagName.toLowerCase())) problems.push(`${show(inner)} inside a <div> group of <dl>`);
      } else if (!["dt", "dd", "script", "template"].includes(tag)) problems.push(`${show(child)} directly inside <dl>`);
    }
  }
  // Ids are unique.
  const ids = new Map<string, number>();
  for (const el of doc.querySelectorAll("[id]")) ids.set(el.id, (ids.get(el.id) ?? 0) + 1);
  for (const [id, n] of ids) if (n > 1) problems.push(`id "${id}" used ${n} times`);
  // A label's for names a form control that exists.
  for (const label of doc.querySelectorAll("label[for]")) {
    const target = doc.getElementById(label.getAttribute("for")!);
    if (
      !target ||
      !["input", "select", "textarea", "button", "meter", "output", "progress"].includes(target.tagName.toLowerCase()) ||
      (target as HTMLInputElement).type === "hidden"
    )
      problems.push(`${show(label)} whose for names no form control`);
  }
  // aria-label / aria-labelledby only where the role allows a name (never on generic div/span/p...).
  const generic = ["div", "span", "p", "b", "i", "em", "strong", "small", "code", "pre", "s", "u", "sub", "sup", "mark", "ins", "del", "dd", "dt"];
  for (const el of doc.querySelectorAll("[aria-label], [aria-labelledby]"))
    if (generic.includes(el.tagName.toLowerCase()) && !el.hasAttribute("role")) problems.push(`${show(el)} is named (aria-label) but has no role`);
  // Nothing interactive inside a link or a button.
  const interactive =
    "a[href], button, input:not([type=hidden]), select, textarea, details, label, iframe, embed, audio[controls], video[controls], [tabindex]";
  for (const outer of doc.querySelectorAll("a[href], button"))
    for (const inner of outer.querySelectorAll(interactive)) problems.push(`${show(inner)} nested inside ${show(outer)}`);
  // aria-hidden never hides something focusable or a label.
  const focusable = "a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex='-1']), label";
  for (const hidden of doc.querySelectorAll('[aria-hidden="true"]')) {
    if (hidden.matches(focusable)) problems.push(`aria-hidden on ${show(hidden)}`);
    for (const inner of hidden.querySelectorAll(focusable)) problems.push(`${show(inner)} inside aria-hidden ${show(hidden)}`);
  }
  // One <title>, and the head's own elements only in the head (React renders a <meta> where it stands).
  const titles = doc.head.querySelectorAll("title").length;
  if (titles !== 1) problems.push(`${titles} <title> elements in the head`);
  for (const el of doc.body.querySelectorAll("meta:not([itemprop]), title, base")) if (!el.closest("svg")) problems.push(`${show(el)} in the body`);
  // Headings have text.
  for (const h of doc.querySelectorAll("h1, h2, h3, h4, h5, h6")) {
    const text =
      (h.textContent ?? "").trim() ||
      [...h.querySelectorAll("img[alt]")]
        .map((i) => i.getAttribute("alt"))
        .join("")
        .trim() ||
      h.getAttribute("aria-label");
    if (!text) problems.push(`empty heading ${show(h)}`);
  }
  // Landmarks of one kind carry different names.
  const nameOf = (el: Element) =>
    el.getAttribute("aria-label") ??
    (el.getAttribute("aria-labelledby") ?? "")
      .split(/\s+/)
      .map((id) => doc.getElementById(id)?.textContent?.trim() ?? "")
      .join(" ")
      .trim();
  const landmarkRole = (el: Element): string | null => {
    const explicit = el.getAttribute("role");
    if (explicit) return ["banner", "complementary", "contentinfo", "form", "main", "navigation", "region", "search"].includes(explicit) ? explicit : null;
    const tag = el.tagName.toLowerCase();
    const inSection = el.parentElement?.closest("article, aside, main, nav, section");
    if (tag === "nav") return "navigation";
    if (tag === "aside") return "complementary";
    if (tag === "main") return "main";
    if (tag === "header") return inSection ? null : "banner";
    if (tag === "footer") return inSection ? null : "contentinfo";
    if ((tag === "form" || tag === "section") && nameOf(el)) return tag === "form" ? "form" : "region";
    return null;
  };
  const byRole = new Map<string, string[]>();
  for (const el of doc.querySelectorAll("nav, aside, main, header, footer, form, section, [role]")) {
    const role = landmarkRole(el);
    if (role) byRole.set(role, [...(byRole.get(role) ?? []), nameOf(el)]);
  }
  for (const [role, names] of byRole) {
    if (names.length < 2) continue;
    const seen = new Set<string>();
    for (const n of names) {
      if (seen.has(n)) problems.push(`${names.length} ${role} landmarks, two named "${n}"`);
      seen.add(n);
    }
  }
  return problems;
}

for (const who of ALL) {
  test(`markup: the server's HTML of every page as ${who} has none of the validator's common errors`, async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const problems: string[] = [];
    const apis = new Map<string, Awaited<ReturnType<typeof requestAs>>>();
    await page.goto("about:blank");
    try {
      for (const c of pagesOf(who)) {
        const account: AccountKey | null = who === "anonymous" ? null : (c.as ?? who);
        const key = account ?? "anonymous";
        if (!apis.has(key)) apis.set(key, await requestAs(baseURL!, account ? fixture.users[account] : null));
        const url = c.url(fixture);
        const html = await (await apis.get(key)!.get(url)).text();
        for (const p of await page.evaluate(markupProblems, html)) problems.push(`${url}: ${p}`);
      }
    } finally {
      for (const api of apis.values()) await api.dispose();
    }
    expect(problems, `markup problems as ${who}`).toEqual([]);
  });
}
