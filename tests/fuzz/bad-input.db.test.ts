// Issue 26, item 5: bad input gets a clear error, never a 500. Through the app's real request
// handler (tests/fuzz/app-handler.ts), signed in as each role: every page the route files make
// is opened, every form on it (read from its HTML: actions and list filters alike) is sent with
// malformed values, and every route param is given bad ids. Any 5xx fails, and so does a
// refused (4xx) write that left rows behind, or a ledger check that is no longer clean at the end.
// Runs on SQLite, and on MariaDB when TEST_DATABASE_URL is set. docs/fuzz.md says more.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { prepareTestDatabase } from "../setup/test-db";
import { makeRoleUser, ROLES, uniqueEmail, type RoleName, type TestUser } from "../factories/users";
import { issuedCards, makeCardGenerator } from "../factories/cards";
import { makeRegistration, makeRoute } from "../factories/registrations";
import { paidBill } from "../factories/payments";
import { findAuthUser } from "@modules/users/index.server";
import { runLedgerCheck } from "@modules/ledger/index.server";
import { startSession } from "~/utils/guards.server";
import { sequelize } from "../../db/sequelize.server";
import { formsOf, type FormField, type PageForm } from "./html-forms";
import { htmlProblems } from "./clean-html";
import type { RouteInfo } from "./app-handler";

// On MariaDB too the app runs as `npm start` does (simulators, outbox, in-process jobs): with
// DATABASE_URL set it would otherwise want a deployment's settings (Redis, APP_URL, keys) and exit.
vi.hoisted(() => {
  process.env.TIMS_MODE = "embedded";
});

const ORIGIN = "http://127.0.0.1:3000";
const NONE = "999999";
/** Requests in flight at once where nothing is counted between them (GETs): the database waits, not the CPU. */
const PARALLEL = 4;

async function inParallel<T>(items: readonly T[], run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < items.length) await run(items[next++]);
    }),
  );
}
type Who = RoleName | "anonymous";
const WHO: Who[] = ["anonymous", ...(Object.keys(ROLES) as RoleName[])];

/** Malformed values, each sent to every field of a form at once. */
const BAD_VALUES = [
  "0000-00-00",
  "2026-02-30",
  "9999-99-99",
  "a\u0000b",
  "\u0001\u0007\u001b\u007f\r\n\t",
  "x".repeat(10_000),
  "-1",
  "-99999999999999999999",
  "1e308",
  "NaN",
  "no-such-choice",
  "😀\u202e<script>",
];
/**
 * The shorter list sent to one field at a time, the form's other fields as a user would fill them
 * (so that the bad value gets past the other fields' checks), and to one list filter at a time.
 */
const BAD_ONE_FIELD = ["0000-00-00", "a\u0000b", "x".repeat(10_000), "-99999999999999999999", "no-such-choice"];
/** Paging and sort parameters every list reads besides its filters. */
const LIST_PARAMS = ["sort", "pageIndex", "pageSize", "page"];

/** Rows a refused request may leave: sessions (each signed-in request), throttle counters, queued jobs. */
const MAY_CHANGE_ON_REFUSAL = new Set(["sessions", "rate_limit_counters", "jobs", "SequelizeMeta"]);

let handle: (request: Request) => Promise<Response>;
let routes: RouteInfo[];
let users: Record<RoleName, TestUser>;
/** Candidate values of each route param name, tried in turn until a page opens. */
let candidates: Record<string, string[]>;
let tables: string[];
const problems: string[] = [];
let requests = 0;
/** Every page each role could open, with its HTML. */
const pages: { who: Who; url: string; html: string }[] = [];

async function cookieOf(who: Who): Promise<string> {
  if (who === "anonymous") return "";
  const user = (await findAuthUser(users[who].id))!;
  return (await startSession(new Request(`${ORIGIN}/login`), user, false)).split(";")[0];
}

type Body = { fields: [string, string][]; multipart: boolean };

type Answer = { status: number; text: string; location: string | null };

async function send(method: "GET" | "POST", url: string, cookie: string, body?: Body): Promise<Answer> {
  requests++;
  // A Request cannot carry Host; Remix's origin check of actions reads X-Forwarded-Host instead.
  const headers: Record<string, string> = { Cookie: cookie, Origin: ORIGIN, "X-Forwarded-Host": new URL(ORIGIN).host, "User-Agent": "tims-fuzz" };
  let payload: BodyInit | undefined;
  if (body?.multipart) {
    const form = new FormData();
    for (const [k, v] of body.fields) form.append(k, v);
    payload = form;
  } else if (body) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    payload = new URLSearchParams(body.fields).toString();
  }
  try {
    const response = await handle(new Request(`${ORIGIN}${url}`, { method, headers, body: payload, redirect: "manual" }));
    // A stream that fails half-way (an export) throws here.
    const text = await response.text();
    return { status: response.status, text, location: response.headers.get("Location") };
  } catch (error) {
    return { status: 599, text: String((error as Error)?.stack ?? error), location: null };
  }
}

const show = (v: string) => (v.length > 40 ? `${JSON.stringify(v.slice(0, 20))}…(${v.length} chars)` : JSON.stringify(v));
const describeBody = (b?: Body) =>
  b
    ? b.fields
        .map(([k, v]) => `${k}=${show(v)}`)
        .join("&")
        .slice(0, 300)
    : "";

async function rowCounts(): Promise<Record<string, number>> {
  const q = sequelize.getQueryInterface().quoteIdentifier.bind(sequelize.getQueryInterface());
  const sql = `SELECT ${tables.map((t, i) => `(SELECT COUNT(*) FROM ${q(t)}) AS c${i}`).join(", ")}`;
  const [[row]] = (await sequelize.query(sql)) as [Record<string, number | string>[], unknown];
  return Object.fromEntries(tables.map((t, i) => [t, Number(row[`c${i}`])]));
}

/**
 * The single-fetch address of a URL (what a page with JavaScript posts to): the action alone runs,
 * without rendering the page again, which keeps the whole test under two minutes.
 */
function dataUrl(url: string): string {
  const [path, query] = url.split("?");
  return `${path === "/" ? "/_root" : path.replace(/\/$/, "")}.data${query !== undefined ? `?${query}` : ""}`;
}

/** Sends one request and records a 5xx, or a refusal that still wrote rows. */
async function probe(what: string, method: "GET" | "POST", url: string, cookie: string, body?: Body): Promise<Answer> {
  const before = method === "POST" ? await rowCounts() : null;
  const r = await send(method, url, cookie, body);
  const call = `${what}: ${method} ${url}${body ? ` ${describeBody(body)}` : ""}`;
  if (r.status >= 500) problems.push(`${call} → ${r.status} ${r.text.slice(0, 300)}`);
  if (before && r.status >= 400 && r.status < 500) {
    const after = await rowCounts();
    const changed = tables.filter((t) => !MAY_CHANGE_ON_REFUSAL.has(t) && after[t] !== before[t]);
    if (changed.length) problems.push(`${call} → ${r.status} but wrote ${changed.map((t) => `${t} ${before[t]}→${after[t]}`).join(", ")}`);
  }
  return r;
}

/** The route's full path pattern, e.g. "users/:kind?/:id". */
function fullPath(route: RouteInfo): string {
  const parts: string[] = [];
  for (let r: RouteInfo | undefined = route; r; r = routes.find((p) => p.id === r!.parentId)) if (r.path) parts.unshift(r.path);
  return parts.join("/");
}

/** The URLs a route can be opened at with the fixtures' ids (at most `limit`). */
function urlsOf(route: RouteInfo, limit = 12): string[] {
  let urls = [""];
  for (const segment of fullPath(route).split("/").filter(Boolean)) {
    const param = segment === "*" ? "*" : segment.startsWith(":") ? segment.replace(/^:|\?$/g, "") : null;
    if (!param) {
      urls = urls.map((u) => `${u}/${segment}`);
      continue;
    }
    const values = candidates[param];
    if (!values) throw new Error(`The fuzz test has no value for the route param "${param}" (${route.file}): add it to candidates`);
    urls = urls.flatMap((u) => values.map((v) => `${u}/${v}`));
  }
  return urls.slice(0, limit).map((u) => (u || "/") + (route.index ? "?index" : ""));
}

/** A value a user would type, so that one bad field is not hidden behind the others' errors. */
function plausible(field: FormField): string {
  const name = field.name.toLowerCase();
  if (field.value) return field.value;
  if (field.type === "select") return field.options.find((o) => o !== "") ?? "";
  if (field.type === "date" || name.includes("date")) return "2026-12-01";
  if (field.type === "email" || name.includes("email")) return uniqueEmail("fuzz");
  if (field.type === "password" || name.includes("password")) return "Summit#Trek26";
  if (field.type === "number") return "1";
  if (field.type === "file") return "";
  if (/passport|card|code/.test(name)) return "123456";
  if (/contact|phone|mobile/.test(name)) return "9841000000";
  return "Fuzz Value";
}

const baseline = (form: PageForm): [string, string][] => form.fields.filter((f) => f.type !== "file").map((f) => [f.name, plausible(f)]);

/** The malformed bodies of one form: every field bad at once, one field bad at a time, duplicated fields, wrong shapes. */
function badBodies(form: PageForm): [string, string][][] {
  const base = baseline(form);
  const bodies: [string, string][][] = [];
  for (const v of BAD_VALUES) bodies.push(base.map(([k]) => [k, v]));
  base.forEach(([name], i) => {
    for (const v of BAD_ONE_FIELD) bodies.push(base.map((pair, j) => (j === i ? [name, v] : pair)));
  });
  // Duplicated fields: each sent twice, a good and a bad value.
  bodies.push(base.flatMap((pair) => [pair, [pair[0], "a\u0000b"]]));
  // Wrong shapes: arrays and objects where text is expected (Conform reads these names as nested values).
  bodies.push(base.map(([k, v]) => [`${k}[0]`, v]));
  bodies.push(base.map(([k, v]) => [`${k}.x`, v]));
  bodies.push([]);
  return bodies;
}

beforeAll(async () => {
  await prepareTestDatabase();
  const made = await Promise.all(
    (Object.keys(ROLES) as RoleName[]).map(async (role) => {
      const agency = role === "agency" ? { organizationName: "Fuzz Treks", isDocumentUploaded: true, isVerified: true, isApproved: true } : {};
      return [role, await makeRoleUser(role, { email: uniqueEmail(`fuzz-${role}`), countryId: 524, ...agency })] as const;
    }),
  );
  users = Object.fromEntries(made) as unknown as typeof users;
  const route = await makeRoute("Fuzz Trek");
  const generator = await makeCardGenerator();
  const issued = await issuedCards(users.fit, generator, route.id);
  const unpaid = await makeRegistration(users.fit, route.id);
  const bill = await paidBill(route.id, { payer: users.agency });
  const agency = await makeRoleUser("agency", {
    email: uniqueEmail("fuzz-target"),
    organizationName: "Target Treks",
    isDocumentUploaded: true,
    isVerified: true,
    isApproved: true,
  });
  const checkpost = await makeRoleUser("checkpost", { email: uniqueEmail("fuzz-post") });
  candidates = {
    regId: [String(issued.regId), String(unpaid.regId)],
    trekkerId: [String(issued.trekkerIds[0])],
    id: [...new Set([agency.id, checkpost.id, route.id, bill.billId].map(String))],
    kind: ["trekking-agency", "checkpost", "fit"],
    move: ["cancel", "return"],
    routeId: [String(route.id)],
    imageId: [NONE],
    docId: [NONE],
    file: ["customer", "registration-form.0.js"],
    type: ["sent"],
    name: ["users.addUserSchema"],
    cardNumber: ["1"],
    paymentType: ["esewa"],
    actionType: ["failure"],
    provider: ["esewa"],
    // A follower link (issue 29): a malformed token and a well-formed one that was never issued.
    token: ["x", "eyJmIjoxLCJuIjoiYWJjIn0.c2lnbmF0dXJl"],
    "*": ["x"],
  };
  tables = ((await sequelize.getQueryInterface().showAllTables()) as (string | { tableName: string })[]).map((t) => (typeof t === "string" ? t : t.tableName));
  // Loaded after the migrations: the entry starts the in-process job runner, which reads its table.
  const app = await import("./app-handler");
  const made2 = await app.appHandler();
  routes = made2.routes;
  handle = made2.handle;
  // Eight users, cards, a bill and the app itself: over the default 30 s on a loaded CI machine on MariaDB.
}, 180_000);

describe("bad input gets a clear error, never a 500", () => {
  it("opens every page as each role (no 5xx), and its HTML holds no NUL, U+FFFD or other control character", async () => {
    const pageProblems: string[] = [];
    const pageRoutes = routes.filter((route) => typeof route.module.default === "function" && typeof route.module.loader === "function");
    await inParallel(pageRoutes, async (route) => {
      for (const who of WHO) {
        const cookie = await cookieOf(who);
        for (const url of urlsOf(route)) {
          let at = url;
          let r = await send("GET", at, cookie);
          // A page's canonical address (/users/checkpost/7 → /users/trekking-agency/7), not a sign-in.
          for (let hop = 0; hop < 2 && r.location && r.status < 400 && !r.location.includes("/login"); hop++) {
            at = new URL(r.location, ORIGIN).pathname + new URL(r.location, ORIGIN).search;
            r = await send("GET", at, cookie);
          }
          if (r.status >= 500) problems.push(`page: GET ${at} as ${who} → ${r.status} ${r.text.slice(0, 300)}`);
          // Another fixture's id may open it (row rules answer 403 or 404); a sign-in redirect does not depend on the id.
          if (r.status === 404 || r.status === 403) continue;
          if (r.status !== 200) break;
          pages.push({ who, url: at, html: r.text });
          for (const p of htmlProblems(r.text)) pageProblems.push(`GET ${at} as ${who}: ${p}`);
          break;
        }
      }
    });
    pages.sort((a, b) => a.url.localeCompare(b.url) || WHO.indexOf(a.who) - WHO.indexOf(b.who));
    console.log(`[fuzz] pages ${pages.length} in ${requests} requests`);
    expect(pageProblems).toEqual([]);
    expect(pages.length).toBeGreaterThan(100);
  }, 600_000);

  it("posts malformed values to every form action", async () => {
    const seen = new Set<string>();
    let forms = 0;
    for (const { who, url, html } of pages) {
      for (const form of formsOf(html, url)) {
        if (form.method !== "post") continue;
        const key = `${form.action} ${form.fields
          .map((f) => f.name)
          .sort()
          .join(",")}`;
        if (seen.has(key)) continue;
        seen.add(key);
        forms++;
        let cookie = await cookieOf(who);
        for (const fields of badBodies(form)) {
          const r = await probe(`form of ${url} as ${who}`, "POST", dataUrl(form.action), cookie, { fields, multipart: form.multipart });
          // A fresh session when an action ended this one (sign out, password change).
          if (who !== "anonymous" && (r.location?.includes("/login") || r.text.includes('"/login'))) cookie = await cookieOf(who);
        }
      }
    }
    expect(forms).toBeGreaterThan(30);
  }, 600_000);

  it("sends malformed values to every list filter (and the list's export)", async () => {
    const seen = new Set<string>();
    let lists = 0;
    for (const { who, url, html } of pages) {
      for (const form of formsOf(html, url)) {
        if (form.method !== "get" || !form.fields.length) continue;
        const path = form.action.split("?")[0];
        if (seen.has(path)) continue;
        seen.add(path);
        lists++;
        const cookie = await cookieOf(who);
        const names = [...new Set([...form.fields.map((f) => f.name), ...LIST_PARAMS])];
        const targets = [path, ...(routes.some((r) => `/${fullPath(r)}` === `${path}/export`) ? [`${path}/export`] : [])];
        const queries: [string, string][][] = [
          ...BAD_VALUES.map((v) => names.map((n) => [n, v] as [string, string])),
          ...names.flatMap((n) => BAD_ONE_FIELD.map((v) => [[n, v]] as [string, string][])),
          names.flatMap(
            (n) =>
              [
                [n, "x"],
                [n, "a\u0000b"],
              ] as [string, string][],
          ),
          names.map((n) => [`${n}[0]`, "x"] as [string, string]),
        ];
        // The page itself (its filter form shows the values again) with every filter bad at once for
        // the short list of values, the loader alone for the rest; the export reads the same
        // declaration: every filter bad at once.
        const urls = [
          ...queries.map((q, i) =>
            BAD_VALUES.includes(q[0]?.[1]) && BAD_ONE_FIELD.includes(q[0][1]) && i < BAD_VALUES.length
              ? `${path}?${new URLSearchParams(q)}`
              : dataUrl(`${path}?${new URLSearchParams(q)}`),
          ),
          ...(targets.length > 1 ? queries.slice(0, BAD_VALUES.length).map((q) => `${targets[1]}?${new URLSearchParams(q)}`) : []),
        ];
        await inParallel(urls, async (u) => void (await probe(`list filter of ${url} as ${who}`, "GET", u, cookie)));
      }
    }
    expect(lists).toBeGreaterThan(10);
  }, 600_000);

  it("answers bad route params (ids, names) without a 5xx", async () => {
    const cookie = await cookieOf("ntb");
    const badParams = ["0", "-1", "1.5", "1e3", "99999999999999999999", "%00", "%E2%80%AE", "x".repeat(300)];
    const withBad = (route: RouteInfo, bad: string) =>
      `/${fullPath(route)
        .split("/")
        .map((s) => (s.startsWith(":") ? bad : s))
        .join("/")}${route.index ? "?index" : ""}`;
    const urls = routes.filter((route) => fullPath(route).includes(":")).flatMap((route) => badParams.map((bad) => ({ route, url: withBad(route, bad) })));
    await inParallel(urls, async ({ route, url }) => void (await probe(`param of ${route.file}`, "GET", url, cookie)));
    for (const { route, url } of urls) {
      if (typeof route.module.action === "function")
        await probe(`param of ${route.file}`, "POST", dataUrl(url), cookie, { fields: [["intent", "x"]], multipart: false });
    }
  }, 600_000);

  it("found no 5xx and no half-done write, and the ledger is still clean", async () => {
    console.log(`[fuzz] ${requests} requests`);
    expect(problems).toEqual([]);
    const broken = (await runLedgerCheck()).filter((r) => r.violations > 0);
    expect(broken).toEqual([]);
  });
});
