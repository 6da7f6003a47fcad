// Route × role: every route file in app/routes with who may GET its page and POST its action.
// One table for two tests: the browser suite (tests/e2e/route-role.spec.ts) requests each URL from
// the running server; the Vitest test (tests/security/route-guards.db.test.ts) calls each route
// module's loader and action directly, on SQLite and MariaDB, so a broken guard fails in seconds.
// The expectations for the five roles come from the permission table (modules/permissions.ts).
// Anonymous requests to protected routes must go to /login, a role without the permission must get
// 403 (or 404 where the guard hides the row), and an allowed role must never get 403, a login
// redirect or a 5xx. A route file missing from ROUTES fails both tests, so a new route cannot land
// without saying how it is guarded.
import { PERMISSIONS, type Permission } from "../modules/permissions";
import { ROLES, type RoleName } from "./factories/users";

/**
 * Who may use a page or an action:
 * - "public": anyone; signed in or not, never a 5xx or a 403 (an e-mailed link without its token
 *   may send to /login).
 * - "anonymous": the sign-in pages; a signed-in user is redirected to their landing page.
 * - "user": any signed-in user; the module's row rules decide further (403 or 404 allowed).
 * - a permission key: the roles the table gives it; everyone else is refused.
 */
export type Access = "public" | "anonymous" | "user" | Permission;

export interface Ids {
  regId: number;
  unpaidRegId: number;
  trekkerId: number;
  routeId: number;
  agencyId: number;
  checkpostId: number;
}

export interface RouteCase {
  url: (ids: Ids) => string;
  get?: Access;
  post?: Access;
  /** A form body the action's schema accepts (the app's own field names). */
  body?: (ids: Ids) => Record<string, string>;
  /** Why the file is declared but not requested (layouts, pages without a loader). */
  note?: string;
  /** The action ends the session: its redirect to /login is the allowed answer. */
  signsOut?: boolean;
  /** Actions on another account: each POST gets a fresh target so a delete cannot starve the rest. */
  freshTarget?: "agency" | "checkpost";
}

export const NONE = 999_999;
export const PASSWORD = "Summit#Trek26";
const passwords = { password: PASSWORD, confirmPassword: PASSWORD };

export const ROUTES: Record<string, RouteCase> = {
  "$.tsx": { url: () => "/no-such-page", get: "public" },
  "_index.tsx": { url: () => "/", get: "user" },
  "api-devices.tsx": {
    url: () => "/api-devices",
    get: "apiDevices",
    post: "apiDevices",
    body: (i) => ({ name: "Route role device", userId: String(i.checkpostId) }),
  },
  "api-devices.$id.revoke.tsx": { url: () => `/api-devices/${NONE}/revoke`, get: "apiDevices", post: "apiDevices", body: () => ({}) },
  // The JSON API authenticates by device token only: a session cookie is no token, so every
  // role gets 401 (405 for GET on the batch route, 404 past the API's paths); api.v1.db.test.ts
  // covers tokens, roles and rows.
  "api.v1.keys.ts": { url: () => "/api/v1/keys", get: "public" },
  "api.v1.revoked.ts": { url: () => "/api/v1/revoked", get: "public" },
  "api.v1.cards.$cardNumber.ts": { url: () => "/api/v1/cards/1", get: "public" },
  "api.v1.checkins.ts": { url: () => "/api/v1/checkins", get: "public", post: "public", body: () => ({}) },
  "api.v1.openapi[.]json.ts": { url: () => "/api/v1/openapi.json", get: "public" },
  "api.v1.$.ts": { url: () => "/api/v1/no-such-endpoint", get: "public", post: "public", body: () => ({}) },
  "account-settings.tsx": { url: () => "/account-settings", get: "settings" },
  "account-settings_.my-data[.]json.ts": { url: () => "/account-settings/my-data.json", get: "settings" },
  "audit.personal-data.tsx": { url: () => "/audit/personal-data", get: "personalDataAudit" },
  "account-settings.email.tsx": {
    url: () => "/account-settings/email",
    get: "settings",
    post: "settings",
    body: () => ({ email: "new.address@e2e.test", confirmEmail: "new.address@e2e.test" }),
  },
  "account-settings.name.tsx": { url: () => "/account-settings/name", get: "settings", post: "settings", body: () => ({ fullName: "Renamed User" }) },
  "account-settings.password.tsx": {
    url: () => "/account-settings/password",
    get: "settings",
    post: "settings",
    body: () => ({ currentPassword: "Trek@2026", newPassword: PASSWORD, confirmPassword: PASSWORD }),
  },
  "account-settings.photo.tsx": { url: () => "/account-settings/photo", get: "settings", post: "settings", body: () => ({ intent: "remove" }) },
  "account-settings.sessions.tsx": { url: () => "/account-settings/sessions", get: "settings", post: "settings", body: () => ({}) },
  "account-settings.two-factor.tsx": {
    url: () => "/account-settings/two-factor",
    get: "twoFactor",
    post: "twoFactor",
    body: () => ({ intent: "codes", password: "Wrong#Pass1" }),
  },
  "cards.$trekkerId.$move.tsx": { url: (i) => `/cards/${i.trekkerId}/cancel`, get: "user", post: "user", body: () => ({ reason: "Route role test cancel" }) },
  "cards.generate.$regId.tsx": { url: (i) => `/cards/generate/${i.unpaidRegId}`, get: "generateCard", post: "generateCard", body: () => ({}) },
  "chalan.tsx": { url: () => "/chalan", get: "chalan", post: "chalan", body: () => ({ intent: "customer" }) },
  // A day with no cards: confirming says there is nothing new and goes back to /chalan.
  "chalan.generate.tsx": { url: () => "/chalan/generate?startDate=2001-01-01&endDate=2001-01-01", get: "chalan", post: "chalan", body: () => ({}) },
  "chalan_.download.$file.tsx": { url: () => "/chalan/download/customer", get: "chalan" },
  "chalan_.push.$id.tsx": { url: () => `/chalan/push/${NONE}`, get: "chalan" },
  "chalanlog.tsx": { url: () => "/chalanlog", get: "chalan" },
  "chalanlog_.export.tsx": { url: () => "/chalanlog/export", get: "chalan" },
  "change-user-password.tsx": {
    url: () => "/change-user-password",
    get: "changeUserPassword",
    post: "changeUserPassword",
    body: () => ({ username: "nobody@e2e.test", ...passwords }),
  },
  "check-mail.tsx": { url: () => "/check-mail", get: "public" },
  "create-new-password.tsx": { url: () => "/create-new-password", get: "public", post: "public", body: () => ({ token: "x", verify: "1", ...passwords }) },
  "dashboard.tsx": { url: () => "/dashboard", get: "user" },
  "reports.tsx": { url: () => "/reports", get: "reports" },
  "reports_.export.tsx": { url: () => "/reports/export?report=nationality", get: "reports" },
  "reports_.pdf.tsx": { url: () => "/reports/pdf", get: "reports" },
  "deleted-trekkers.tsx": { url: () => "/deleted-trekkers", get: "deletedTrekkers" },
  "deleted-trekkers_.export.tsx": { url: () => "/deleted-trekkers/export", get: "deletedTrekkers" },
  "dev.outbox.tsx": { url: () => "/dev/outbox", get: "public" },
  "dev.outbox_.$id.tsx": { url: () => "/dev/outbox/none.eml", get: "public" },
  // A follower's private link (issue 29): the signed token is the guard; a bad one is a 404 page.
  "follow.$token.tsx": { url: () => "/follow/not-a-token", get: "public" },
  "forgot-password.tsx": { url: () => "/forgot-password", get: "anonymous", post: "anonymous", body: () => ({ email: "nobody@e2e.test" }) },
  "login.tsx": {
    url: () => "/login",
    get: "anonymous",
    post: "anonymous",
    body: () => ({ intent: "login", email: "nobody@e2e.test", password: "Wrong#Pass1", redirectTo: "" }),
  },
  // The code step after the password: without a pending sign-in it sends back to /login; signed in, to the landing page.
  "login_.two-factor.tsx": { url: () => "/login/two-factor", get: "public", post: "public", body: () => ({ code: "123456" }) },
  "logout.tsx": { url: () => "/logout", get: "user", post: "user", body: () => ({}), signsOut: true },
  "new-register.tsx": { url: () => "/new-register", get: "user" },
  "new-register._index.tsx": { url: () => "/new-register?index", get: "registerTrek", post: "registerTrek", body: () => ({}) },
  "new-register.first-step.ts": { url: () => "/new-register/first-step", post: "registerTrek", body: () => ({}) },
  "new-register.$regId._index.tsx": { url: (i) => `/new-register/${i.regId}?index`, get: "user", post: "user", body: () => ({ intent: "none" }) },
  "new-register.$regId.change.ts": { url: (i) => `/new-register/${i.regId}/change`, get: "user", post: "user", body: () => ({ intent: "none" }) },
  "new-register.$regId.payment.tsx": {
    url: (i) => `/new-register/${i.unpaidRegId}/payment`,
    get: "registerTrek",
    post: "registerTrek",
    body: () => ({ method: "esewa" }),
  },
  // Gateways post their answer back cross-site, without the session cookie: the action only stores
  // the signed answer and redirects to the guarded page.
  "new-register.$regId.$paymentType.$actionType.tsx": {
    url: (i) => `/new-register/${i.unpaidRegId}/esewa/failure`,
    get: "registerTrek",
    post: "public",
    body: () => ({}),
  },
  "not-found.tsx": { url: () => "/not-found", get: "public" },
  "notifications.tsx": { url: () => "/notifications", get: "notifications", post: "notifications", body: () => ({ intent: "mark-all" }) },
  "notifications_.count.tsx": { url: () => "/notifications/count", get: "notifications" },
  "inbox.tsx": { url: () => "/inbox", get: "inbox" },
  "switch-user.tsx": { url: () => "/switch-user", get: "switchUser", post: "switchUser", body: () => ({ intent: "return" }) },
  "profile-photo.$id.tsx": { url: () => `/profile-photo/${NONE}`, get: "public" },
  "billing.tsx": { url: () => "/billing", get: "billing" },
  "billing.$id.tsx": { url: () => `/billing/${NONE}`, get: "billing" },
  "billing_.$id_.pdf.tsx": { url: () => `/billing/${NONE}/pdf`, get: "billing" },
  "billing_.export.tsx": { url: () => "/billing/export", get: "billing" },
  "billing_.refunds.tsx": { url: () => "/billing/refunds", get: "billing" },
  "pushed-chalanlog.tsx": { url: () => "/pushed-chalanlog", get: "chalan" },
  "pushed-chalanlog_.export.tsx": { url: () => "/pushed-chalanlog/export", get: "chalan" },
  "refunds.tsx": { url: () => "/refunds", get: "refunds" },
  "refunds.$id.tsx": { url: () => `/refunds/${NONE}`, get: "refunds", post: "refunds", body: () => ({ reference: "Route role refund" }) },
  "register.tsx": { url: () => "/register", get: "anonymous", post: "anonymous", body: () => ({}) },
  "register-success.tsx": { url: () => "/register-success", get: "public", post: "public", body: () => ({ email: "nobody@e2e.test" }) },
  "registration-photo.$regId.$trekkerId.tsx": { url: (i) => `/registration-photo/${i.regId}/${i.trekkerId}`, get: "user" },
  "requests.tsx": { url: () => "/requests", get: "requests" },
  "requests_.export.tsx": { url: () => "/requests/export", get: "requests" },
  "requests_.card-returns.tsx": { url: () => "/requests/card-returns", get: "requestsCardReturns" },
  "requests_.card-returns_.export.tsx": { url: () => "/requests/card-returns/export", get: "requestsCardReturns" },
  "requests_.$id.tsx": {
    url: (i) => `/requests/${i.agencyId}`,
    get: "requests",
    post: "requests",
    body: () => ({ intent: "remark", remark: "Route role test remark" }),
  },
  "requests_.$id.approve.tsx": {
    url: (i) => `/requests/${i.agencyId}/approve`,
    get: "requests",
    post: "requests",
    body: () => ({ remark: "" }),
    freshTarget: "agency",
  },
  "requests_.$id.reject.tsx": {
    url: (i) => `/requests/${i.agencyId}/reject`,
    get: "requests",
    post: "requests",
    body: () => ({ remark: "Route role test" }),
    freshTarget: "agency",
  },
  "requests_.$id.documents.$docId.tsx": { url: (i) => `/requests/${i.agencyId}/documents/${NONE}`, get: "user" },
  "requests_.vouchers.tsx": { url: () => "/requests/vouchers", get: "requestsVouchers" },
  "requests_.vouchers_.export.tsx": { url: () => "/requests/vouchers/export", get: "requestsVouchers" },
  "requests_.vouchers.$id.tsx": {
    url: () => `/requests/vouchers/${NONE}`,
    get: "requestsVouchers",
    post: "requestsVouchers",
    body: () => ({ intent: "approve" }),
  },
  "requests_.vouchers.$id_.file.tsx": { url: () => `/requests/vouchers/${NONE}/file`, get: "requestsVouchers" },
  "route.tsx": { url: () => "/route", get: "routes", post: "routesAdd", body: () => ({ intent: "none" }) },
  "route.$routeId.$kind.tsx": { url: (i) => `/route/${i.routeId}/disable`, get: "routesAdd" },
  "route_.$id.tsx": { url: (i) => `/route/${i.routeId}`, get: "routes" },
  "route.export.tsx": { url: () => "/route/export", get: "routes" },
  "route-add.($id).tsx": { url: () => "/route-add", get: "routesAdd", post: "routesAdd", body: () => ({}) },
  "route-image.$id.$imageId.tsx": { url: (i) => `/route-image/${i.routeId}/${NONE}`, get: "routes" },
  "search.tsx": { url: () => "/search?q=x", get: "user" },
  "scan.tsx": { url: () => "/scan", get: "scan", post: "scan", body: () => ({ intent: "typed", cardNumber: "999999999", passport: "NOPE" }) },
  // Issue 18: the scan page's offline parts. The key set, the worker and the manifest are public (a
  // manifest is fetched without cookies); the revocation list and the sync only for the checkpost.
  "[.]well-known.tims-card-keys[.]json.ts": { url: () => "/.well-known/tims-card-keys.json", get: "public" },
  "scan-sw[.]js.ts": { url: () => "/scan-sw.js", get: "public" },
  "page-script.$file.ts": { url: () => "/page-script/document.0.js", get: "public" },
  "registration-check.ts": { url: () => "/registration-check", post: "registerTrek", body: () => ({}) },
  // The blur check of pages served as HTML (ADR 0034): any signed-in user; a GET is refused.
  // Its loader answers every GET with 405 and reads nothing, so the GET is "public".
  "language.ts": { url: () => "/language", get: "public", post: "public", body: () => ({ lng: "ne", redirectTo: "/login" }) },
  "form-check.$name.ts": { url: () => "/form-check/users.addUserSchema", get: "public", post: "user", body: () => ({ fullName: "R2D2" }) },
  "scan_.manifest[.]webmanifest.ts": { url: () => "/scan/manifest.webmanifest", get: "public" },
  "scan_.revoked[.]json.ts": { url: () => "/scan/revoked.json", get: "scan" },
  // A form body is not the JSON batch it takes: an allowed role gets 400, never 403.
  "scan_.sync.ts": { url: () => "/scan/sync", post: "scan", body: () => ({ checkins: "none" }) },
  // Only for the checkpost that checked the trekker in: no one has scanned this one, so the checkpost gets 404.
  "scanned-trekker.$regId.$trekkerId.tsx": { url: (i) => `/scanned-trekker/${i.regId}/${i.trekkerId}`, get: "scan" },
  "self-scan-trekkers.tsx": { url: () => "/self-scan-trekkers", get: "selfScanTrekkers" },
  "self-scan-trekkers_.export.tsx": { url: () => "/self-scan-trekkers/export", get: "selfScanTrekkers" },
  "scanned-trekkers.export.tsx": { url: () => "/scanned-trekkers/export", get: "scan" },
  "users_.($kind).$id.scanned-trekkers.tsx": { url: (i) => `/users/checkpost/${i.checkpostId}/scanned-trekkers`, get: "users" },
  "location.tsx": { url: () => "/location", get: "public", post: "public", body: () => ({ intent: "check", cardno: "999999999", passport: "NOPE" }) },
  "sign-out.tsx": { url: () => "/sign-out", get: "user", post: "user", body: () => ({}), signsOut: true },
  "sim.$.tsx": { url: () => "/sim/esewa/form", get: "public", post: "public", body: () => ({}) },
  // The ERP simulator checks its API key: without it, 401 for everyone.
  "sim.erp.$.tsx": { url: () => "/sim/erp/api/v1/sales-chalans", get: "public", post: "public", body: () => ({}) },
  "sim.$provider.session.$id.tsx": { url: () => `/sim/esewa/session/${NONE}`, get: "public" },
  "success-password-change.tsx": { url: () => "/success-password-change", get: "public" },
  "tims-cards.tsx": { url: () => "/tims-cards", get: "timsCards" },
  "tims-cards.$trekkerId.panel.tsx": { url: (i) => `/tims-cards/${i.trekkerId}/panel`, get: "user" },
  "tims-cards_.$trekkerId.tsx": {
    url: (i) => `/tims-cards/${i.trekkerId}`,
    get: "user",
    // The family follower's forms: the registration's owner and the board; anyone else gets a 404.
    post: "user",
    body: () => ({ intent: "revoke-follower" }),
  },
  "tims-cards_.$trekkerId_.pdf.tsx": { url: (i) => `/tims-cards/${i.trekkerId}/pdf`, get: "user" },
  "tims-cards_.$trekkerId_.pdf-preparing.tsx": { url: (i) => `/tims-cards/${i.trekkerId}/pdf-preparing`, get: "user" },
  "tims-cards_.export.tsx": { url: () => "/tims-cards/export", get: "timsCards" },
  // A checkpost asks for this list by ?tab=trekkers (bare /trekkers sends it to its Scanned Trekkers).
  "trekkers.tsx": { url: () => "/trekkers?tab=trekkers", get: "trekkers" },
  "trekkers_.scanned.tsx": { url: () => "/trekkers/scanned", get: "scan" },
  "trekkers_.export.tsx": { url: () => "/trekkers/export", get: "trekkers" },
  // The panel and the row actions over the list: the cards module decides per row (TAAN opens no panel).
  "trekkers.$trekkerId.tsx": { url: (i) => `/trekkers/${i.trekkerId}`, get: "user" },
  // Row rules in modules/overdue: the board any overdue trekker, an agency its own (else 404).
  "overdue-cases.tsx": { url: () => "/overdue-cases", get: "overdueCases" },
  // The fixture trekker has no case: allowed roles get 404; modules/overdue/cases.db.test.ts covers rows and moves per role.
  "overdue-cases_.$trekkerId.tsx": {
    url: (i) => `/overdue-cases/${i.trekkerId}`,
    get: "overdueCases",
    post: "overdueCases",
    body: () => ({ move: "contact", note: "Route role: phoned the guide" }),
  },
  "overdue-cases_.$trekkerId_.sheet.tsx": { url: (i) => `/overdue-cases/${i.trekkerId}/sheet`, get: "overdueCases" },
  "overdue-cases_.$trekkerId_.sheet_.pdf.tsx": { url: (i) => `/overdue-cases/${i.trekkerId}/sheet/pdf`, get: "overdueCases" },
  "trekkers.$trekkerId_.safe.tsx": { url: (i) => `/trekkers/${i.trekkerId}/safe`, get: "user", post: "user", body: () => ({ note: "Route role: found safe" }) },
  "trekkers.$trekkerId_.$move.tsx": {
    url: (i) => `/trekkers/${i.trekkerId}/cancel`,
    get: "user",
    post: "user",
    body: () => ({ reason: "Route role list cancel" }),
  },
  "trekkers.generate.$regId.tsx": { url: (i) => `/trekkers/generate/${i.unpaidRegId}`, get: "generateCard", post: "generateCard", body: () => ({}) },
  "trekking-history.tsx": { url: () => "/trekking-history", get: "trekkingHistory" },
  "trekking-history.$trekkerId.tsx": { url: (i) => `/trekking-history/${i.trekkerId}`, get: "user" },
  "trekking-history_.export.tsx": { url: () => "/trekking-history/export", get: "trekkingHistory" },
  "upload-documents.tsx": { url: () => "/upload-documents", get: "uploadDocuments", post: "uploadDocuments", body: () => ({}) },
  "upload-documents-status.$type.tsx": { url: () => "/upload-documents-status/sent", get: "uploadDocuments", post: "uploadDocuments", body: () => ({}) },
  "users.tsx": { url: () => "/users", get: "users" },
  "users.add.tsx": { url: () => "/users/add", get: "addUser", post: "addUser", body: () => ({}) },
  "users_.export.tsx": { url: () => "/users/export", get: "users" },
  "users_.($kind).$id.tsx": { url: (i) => `/users/agency/${i.agencyId}`, get: "users" },
  "users_.($kind).$id._profile.tsx": { url: (i) => `/users/agency/${i.agencyId}`, note: "pathless layout of the account view; its URL is the view's own" },
  "users_.($kind).$id._profile._index.tsx": {
    url: (i) => `/users/agency/${i.agencyId}`,
    note: "index without a loader; users_.($kind).$id.tsx guards the URL",
  },
  "users_.($kind).$id.documents.tsx": { url: (i) => `/users/agency/${i.agencyId}/documents`, get: "users" },
  "users_.($kind).$id.tims-cards.tsx": { url: (i) => `/users/agency/${i.agencyId}/tims-cards`, get: "users" },
  "users_.($kind).$id.trekkers.tsx": { url: (i) => `/users/trekking-agency/${i.agencyId}/trekkers`, get: "users" },
  "users_.($kind).$id._profile.name.tsx": {
    url: (i) => `/users/agency/${i.agencyId}/name`,
    get: "accountChangeButtons",
    post: "accountChangeButtons",
    body: () => ({ fullName: "Renamed Agency" }),
    freshTarget: "agency",
  },
  "users_.($kind).$id._profile.email.tsx": {
    url: (i) => `/users/agency/${i.agencyId}/email`,
    get: "accountChangeButtons",
    post: "accountChangeButtons",
    body: () => ({ email: `moved.${Date.now()}@e2e.test`, confirmEmail: `moved.${Date.now()}@e2e.test` }),
    freshTarget: "agency",
  },
  "users_.($kind).$id._profile.password.tsx": {
    url: (i) => `/users/agency/${i.agencyId}/password`,
    get: "accountChangeButtons",
    post: "accountChangeButtons",
    body: () => passwords,
    freshTarget: "agency",
  },
  "users_.($kind).$id._profile.checkpost-info.tsx": {
    url: (i) => `/users/checkpost/${i.checkpostId}/checkpost-info`,
    get: "accountChangeButtons",
    post: "accountChangeButtons",
    body: () => ({}),
    freshTarget: "checkpost",
  },
  "users_.($kind).$id._profile.delete.tsx": {
    url: (i) => `/users/agency/${i.agencyId}/delete`,
    get: "manageUsers",
    post: "manageUsers",
    body: () => ({}),
    freshTarget: "agency",
  },
  "users_.($kind).$id._profile.disable.tsx": {
    url: (i) => `/users/agency/${i.agencyId}/disable`,
    get: "manageUsers",
    post: "manageUsers",
    body: () => ({}),
    freshTarget: "agency",
  },
  "users_.($kind).$id._profile.enable.tsx": {
    url: (i) => `/users/agency/${i.agencyId}/enable`,
    get: "manageUsers",
    post: "manageUsers",
    body: () => ({}),
    freshTarget: "agency",
  },
  "verify-email.tsx": { url: () => "/verify-email", get: "public" },
  "verify-changed-email.tsx": { url: () => "/verify-changed-email", get: "public" },
};

export type Who = RoleName | "anonymous";

/** Whether `who` passes the guard of `access` (the permission table, without per-user grants). */
export function passes(access: Access, who: Who): boolean {
  if (access === "public") return true;
  if (access === "anonymous") return who === "anonymous";
  if (who === "anonymous") return false;
  if (access === "user") return true;
  return (PERMISSIONS[access] as readonly number[]).includes(ROLES[who]);
}

export const isRedirect = (s: number) => s >= 300 && s < 400;

/** What a check looks at in an answer: its status and, for a redirect, where it sends. */
export interface Answer {
  status: number;
  location: string;
}

const toLogin = (r: Answer) => isRedirect(r.status) && /^(https?:\/\/[^/]+)?\/login(\?|$)/.test(r.location);

/** The problem with an answer, or null when it is what `access` says `who` should get. */
export function verdict(access: Access, who: Who, r: Answer, signsOut = false): string | null {
  const status = r.status;
  const seen = `${status}${isRedirect(status) ? ` → ${r.location}` : ""}`;
  if (status >= 500) return `server error ${seen}`;
  if (access === "public") return status === 403 ? `public, but refused (${seen})` : null;
  if (passes(access, who)) {
    if (toLogin(r) && !signsOut) return `allowed, but sent to sign in (${seen})`;
    // "user" routes leave the rest to the module's row rules (403/404 for rows the user may not see).
    if (status === 403 && access !== "user") return `allowed, but refused (${seen})`;
    return null;
  }
  if (who === "anonymous") return toLogin(r) ? null : `anonymous, expected a redirect to /login, got ${seen}`;
  if (access === "anonymous") return isRedirect(status) ? null : `signed in, expected a redirect to the landing page, got ${seen}`;
  return status === 403 || status === 404 ? null : `denied, expected 403, got ${seen}`;
}

/** The route files (app/routes, tests excluded), as remix.config.js's ignoredRouteFiles leaves them. */
export const isRouteFile = (f: string) => /\.(tsx?|jsx?)$/.test(f) && !/\.test\./.test(f);
