// Issue 27 item 5: route × role without a browser. Every route module in app/routes is imported and
// its loaders and action are called with a real Request for each role (the five of the permission
// table, signed in by the app's own startSession) and signed out, and the answer is checked
// against the table both this test and the browser suite read (tests/route-access.ts): an allowed
// role never gets a login redirect or a 403 (nor a 5xx), the others get 403/404 or /login. A GET
// runs the loaders of every route the URL matches, parent layouts first, as Remix does; a POST runs
// the matched route's action. Runs on SQLite and, with TEST_DATABASE_URL, on MariaDB.
import fs from "node:fs";
import path from "node:path";
import flatRoutesConfig from "@remix-run/dev/dist/config/flat-routes.js";
import { matchRoutes } from "@remix-run/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { findAuthUser } from "@modules/users/index.server";
import { startSession } from "~/utils/guards.server";
import type { PdfRenderer } from "../../jobs/pdf-renderer.server";
import { prepareTestDatabase } from "../setup/test-db";
import { makeRoleUser, ROLES, uniqueEmail, type RoleName, type TestUser } from "../factories/users";
import { issuedCards, makeCardGenerator } from "../factories/cards";
import { makeRegistration, makeRoute } from "../factories/registrations";
import { isRedirect, isRouteFile, ROUTES, verdict, type Access, type Answer, type Ids, type RouteCase, type Who } from "../route-access";

// On MariaDB too the app runs as `npm start` does (simulators, outbox, in-process jobs): with
// DATABASE_URL set it would otherwise want a deployment's settings (payment gateways' keys).
vi.hoisted(() => {
  process.env.TIMS_MODE = "embedded";
});

type Loader = (args: LoaderFunctionArgs) => unknown;
type Action = (args: ActionFunctionArgs) => unknown;
interface RouteModule {
  loader?: Loader;
  action?: Action;
}

// Every route module, loaded on first use (remix.config.js ignores the test files beside them).
const modules = import.meta.glob<RouteModule>(["../../app/routes/*.{ts,tsx}", "!../../app/routes/*.test.{ts,tsx}"]);
const moduleOf = (file: string) => modules[`../../app/routes/${file}`]!();

// The route tree Remix builds from the file names (its own flat-routes convention), to match a URL
// to the routes whose loaders run and to the params they get.
interface ConfigRoute {
  id: string;
  file: string;
  path?: string;
  index?: boolean;
  parentId?: string;
}
const appDir = path.resolve(__dirname, "../../app");
const config = flatRoutesConfig.flatRoutes(appDir, ["**/.*", "**/*.test.{ts,tsx}"]) as Record<string, ConfigRoute>;
type RouteObject = Parameters<typeof matchRoutes>[0][number];
function tree(parentId: string): RouteObject[] {
  return Object.values(config)
    .filter((r) => r.parentId === parentId)
    .map((r) => (r.index ? { id: r.id, path: r.path, index: true } : { id: r.id, path: r.path, children: tree(r.id) }));
}
const routeTree = tree("root");
const fileOfId = (id: string) => path.basename(config[id]!.file);

const ORIGIN = "http://tims.test";
// What scripts/serve.mjs puts in the load context: the client address it saw (not the machine itself).
const context = { clientAddress: "203.0.113.9" };
const WHO: Who[] = ["anonymous", ...(Object.keys(ROLES) as RoleName[])];

/** The answer a loader or action gave: a Response (returned or thrown), data() with a status, or data. */
async function answerOf(work: () => unknown): Promise<Answer & { error?: string }> {
  let result: unknown;
  try {
    result = await work();
  } catch (thrown) {
    if (!(thrown instanceof Response))
      return {
        status: 500,
        location: "",
        error: String((thrown as Error)?.stack ?? thrown)
          .split("\n")
          .slice(0, 3)
          .join(" "),
      };
    result = thrown;
  }
  if (result instanceof Response) {
    await result.body?.cancel().catch(() => {});
    return { status: result.status, location: result.headers.get("Location") ?? "" };
  }
  const init =
    (result as { type?: string; init?: ResponseInit | null } | null)?.type === "DataWithResponseInit" ? (result as { init?: ResponseInit | null }).init : null;
  const status = init?.status ?? 200;
  return { status, location: new Headers(init?.headers).get("Location") ?? "" };
}

function matchesOf(url: string) {
  const matches = matchRoutes(routeTree, new URL(url, ORIGIN).pathname);
  if (!matches) throw new Error(`${url} matches no route`);
  return matches;
}

let ids: Ids;
const users = {} as Record<RoleName, TestUser>;
const cookies = {} as Record<RoleName, string>;

/** A user of `role` who can use the app at once (an agency past onboarding), as the browser suite makes them. */
function makeActiveUser(role: RoleName): Promise<TestUser> {
  const agency = role === "agency" ? { organizationName: "Role Test Treks", isDocumentUploaded: true, isVerified: true, isApproved: true } : {};
  return makeRoleUser(role, { email: uniqueEmail(`role-${role}`), countryId: 524, ...agency });
}

async function cookieFor(user: TestUser): Promise<string> {
  const auth = await findAuthUser(user.id);
  return (await startSession(new Request(`${ORIGIN}/login`), auth!, false)).split(";")[0]!;
}

function request(method: "GET" | "POST", url: string, cookie: string | null, body?: Record<string, string>): Request {
  const headers: Record<string, string> = { Host: "tims.test", ...(cookie ? { Cookie: cookie } : {}) };
  if (method === "GET") return new Request(new URL(url, ORIGIN), { headers });
  return new Request(new URL(url, ORIGIN), {
    method,
    headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
    body: new URLSearchParams(body ?? {}),
  });
}

/** GET: the loaders of the matched routes, parents first; the first redirect or error answers. */
async function get(url: string, cookie: string | null): Promise<Answer & { error?: string }> {
  const req = request("GET", url, cookie);
  for (const m of matchesOf(url)) {
    const mod = await moduleOf(fileOfId(m.route.id!));
    if (!mod.loader) continue;
    const answer = await answerOf(() => mod.loader!({ request: req, params: m.params, context } as LoaderFunctionArgs));
    if (answer.status >= 300) return answer;
  }
  return { status: 200, location: "" };
}

/** POST: the action of the route the URL names (the index route for ?index), as Remix calls it. */
async function post(file: string, url: string, cookie: string | null, body: Record<string, string>): Promise<Answer & { error?: string }> {
  const leaf = matchesOf(url).at(-1)!;
  if (fileOfId(leaf.route.id!) !== file) return { status: 500, location: "", error: `${url} matches ${fileOfId(leaf.route.id!)}, not ${file}` };
  const mod = await moduleOf(file);
  if (!mod.action) return { status: 405, location: "", error: `${file} has no action` };
  return answerOf(() => mod.action!({ request: request("POST", url, cookie, body), params: leaf.params, context } as ActionFunctionArgs));
}

function problemOf(method: string, url: string, file: string, who: Who, access: Access, answer: Answer & { error?: string }, signsOut = false) {
  const problem = verdict(access, who, answer, signsOut);
  return problem && `${method} ${url} (${file}) as ${who}: ${problem}${answer.error ? ` [${answer.error}]` : ""}`;
}

// PDF downloads render in Chromium; whether one may download is the guard's question, not how the
// PDF looks, so the process's renderer (jobs/pdf-renderer.server.ts keeps it on globalThis) is a
// stand-in that answers at once, with or without a browser on the machine.
const stubRenderer: PdfRenderer = {
  render: async () => new TextEncoder().encode("%PDF-1.4\n%%EOF\n"),
  close: async () => {},
  stats: () => ({ pagesOpen: 0, pagesMade: 0, busy: 0, waiting: 0, renders: 0, launches: 0, browserPid: null }),
};

beforeAll(async () => {
  (globalThis as { __timsPdfRenderer?: PdfRenderer }).__timsPdfRenderer = stubRenderer;
  await prepareTestDatabase();
  for (const role of Object.keys(ROLES) as RoleName[]) {
    users[role] = await makeActiveUser(role);
    cookies[role] = await cookieFor(users[role]);
  }
  const route = await makeRoute("Role Trek");
  const generator = await makeCardGenerator();
  const issued = await issuedCards(users.fit, generator, route.id);
  const unpaid = await makeRegistration(users.fit, route.id);
  const agency = await makeActiveUser("agency");
  const checkpost = await makeActiveUser("checkpost");
  ids = { regId: issued.regId, trekkerId: issued.trekkerIds[0]!, unpaidRegId: unpaid.regId, routeId: route.id, agencyId: agency.id, checkpostId: checkpost.id };
}, 60_000);

describe("route × role, loaders and actions called directly", () => {
  it("every route file is in the table, and every loader and action is reached by one of its requests", async () => {
    const files = fs.readdirSync(path.join(appDir, "routes")).filter(isRouteFile);
    expect(
      files.filter((f) => !ROUTES[f]),
      "route files missing from ROUTES in tests/route-access.ts",
    ).toEqual([]);
    expect(
      Object.keys(ROUTES).filter((f) => !files.includes(f)),
      "ROUTES entries without a route file",
    ).toEqual([]);
    expect(Object.keys(modules).length, "the glob imports every route file").toBe(files.length);
    const sample: Ids = { regId: 1, unpaidRegId: 2, trekkerId: 3, routeId: 4, agencyId: 5, checkpostId: 6 };
    const loadersReached = new Set<string>();
    const missing: string[] = [];
    for (const [file, c] of Object.entries(ROUTES)) {
      if (c.get) for (const m of matchesOf(c.url(sample))) loadersReached.add(fileOfId(m.route.id!));
      const mod = await moduleOf(file);
      if (mod.action && !c.post) missing.push(`${file} has an action the table does not POST`);
      if (c.post && !mod.action) missing.push(`${file} is POSTed in the table but has no action`);
    }
    for (const file of files) if ((await moduleOf(file)).loader && !loadersReached.has(file)) missing.push(`${file} has a loader no GET in the table runs`);
    expect(missing).toEqual([]);
  }, 60_000);

  it("every loader answers each role and a signed-out visitor as the permission table says", async () => {
    const problems: string[] = [];
    for (const [file, c] of Object.entries(ROUTES)) {
      if (!c.get) continue;
      const access = c.get;
      const url = c.url(ids);
      const results = await Promise.all(
        WHO.map(async (who) => problemOf("GET", url, file, who, access, await get(url, who === "anonymous" ? null : cookies[who]))),
      );
      problems.push(...results.filter((p): p is string => p !== null));
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it("every action answers each role and a signed-out visitor as the permission table says", async () => {
    const problems: string[] = [];
    for (const [file, c] of Object.entries(ROUTES) as [string, RouteCase][]) {
      if (!c.post) continue;
      const access = c.post;
      const results = await Promise.all(
        WHO.map(async (who) => {
          // A fresh account per request: a password change or sign-out must not end another
          // request's session, and an allowed delete or disable must not change what another role sees.
          const target =
            c.freshTarget === "agency"
              ? { ...ids, agencyId: (await makeActiveUser("agency")).id }
              : c.freshTarget === "checkpost"
                ? { ...ids, checkpostId: (await makeActiveUser("checkpost")).id }
                : ids;
          const cookie = who === "anonymous" ? null : await cookieFor(await makeActiveUser(who));
          const url = c.url(target);
          return problemOf("POST", url, file, who, access, await post(file, url, cookie, c.body?.(target) ?? {}), c.signsOut);
        }),
      );
      problems.push(...results.filter((p): p is string => p !== null));
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it("the checks themselves tell a refusal from an allowed answer", () => {
    expect(verdict("users", "fit", { status: 403, location: "" })).toBeNull();
    expect(verdict("users", "ntb", { status: 403, location: "" })).toMatch(/allowed, but refused/);
    expect(verdict("users", "anonymous", { status: 302, location: "/login?redirectTo=%2Fusers" })).toBeNull();
    expect(verdict("users", "fit", { status: 200, location: "" })).toMatch(/denied/);
    expect(isRedirect(302)).toBe(true);
  });
});
