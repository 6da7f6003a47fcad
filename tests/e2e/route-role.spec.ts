// Route × role in the browser suite: every route in tests/route-access.ts (the table of who may GET
// each page and POST each action, shared with tests/security/route-guards.db.test.ts) is requested
// from the running server as each of the five roles and signed out.
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { isRouteFile, ROUTES, verdict, type Access, type Ids, type RouteCase, type Who } from "../route-access";
import { issuedCards, makeCardGenerator } from "../factories/cards";
import { makeRegistration, makeRoute } from "../factories/registrations";
import { requestAs } from "./support/auth-cookie";
import { makeActiveUser, makeActiveUsers, ROLE_NAMES } from "./support/roles";

const routesDir = path.resolve("app/routes");
const routeFiles = () => fs.readdirSync(routesDir).filter(isRouteFile);

let ids: Ids;
let users: Awaited<ReturnType<typeof makeActiveUsers>>;
const baseURL = () => test.info().project.use.baseURL!;

test.beforeAll(async () => {
  users = await makeActiveUsers();
  const route = await makeRoute("Role Trek");
  const generator = await makeCardGenerator();
  const issued = await issuedCards(users.fit, generator, route.id);
  const unpaid = await makeRegistration(users.fit, route.id);
  const agency = await makeActiveUser("agency");
  const checkpost = await makeActiveUser("checkpost");
  ids = { regId: issued.regId, trekkerId: issued.trekkerIds[0], unpaidRegId: unpaid.regId, routeId: route.id, agencyId: agency.id, checkpostId: checkpost.id };
});

test("every route file in app/routes is declared (a new route must say how it is guarded)", () => {
  const files = routeFiles();
  expect(
    files.filter((f) => !ROUTES[f]),
    "route files missing from ROUTES in tests/route-access.ts",
  ).toEqual([]);
  expect(
    Object.keys(ROUTES).filter((f) => !files.includes(f)),
    "ROUTES entries without a route file",
  ).toEqual([]);
  for (const [file, c] of Object.entries(ROUTES)) expect(c.get || c.post || c.note, `${file} requests nothing and says why not`).toBeTruthy();
});

async function check(method: "GET" | "POST", who: Who, file: string, c: RouteCase, access: Access, target: Ids): Promise<string | null> {
  const api = await requestAs(baseURL(), who === "anonymous" ? null : method === "POST" ? await makeActiveUser(who) : users[who]);
  try {
    const url = c.url(target);
    const r = method === "GET" ? await api.get(url, { maxRedirects: 0 }) : await api.post(url, { form: c.body?.(target) ?? {}, maxRedirects: 0 });
    const problem = verdict(access, who, { status: r.status(), location: r.headers()["location"] ?? "" }, method === "POST" && c.signsOut);
    return problem && `${method} ${url} (${file}) as ${who}: ${problem}`;
  } finally {
    await api.dispose();
  }
}

const WHO: Who[] = ["anonymous", ...ROLE_NAMES];

test("every page (GET) answers each role as the permission table says", async () => {
  test.setTimeout(300_000);
  const problems: string[] = [];
  for (const [file, c] of Object.entries(ROUTES)) {
    if (!c.get) continue;
    const access = c.get;
    const results = await Promise.all(WHO.map((who) => check("GET", who, file, c, access, ids)));
    problems.push(...results.filter((p): p is string => p !== null));
  }
  expect(problems).toEqual([]);
});

test("every action (POST) answers each role as the permission table says", async () => {
  test.setTimeout(300_000);
  const problems: string[] = [];
  for (const [file, c] of Object.entries(ROUTES)) {
    if (!c.post) continue;
    const access = c.post;
    for (const who of WHO) {
      // A fresh account per request: an allowed delete or disable must not change what the next role sees.
      const target =
        c.freshTarget === "agency"
          ? { ...ids, agencyId: (await makeActiveUser("agency")).id }
          : c.freshTarget === "checkpost"
            ? { ...ids, checkpostId: (await makeActiveUser("checkpost")).id }
            : ids;
      const problem = await check("POST", who, file, c, access, target);
      if (problem) problems.push(problem);
    }
  }
  expect(problems).toEqual([]);
});
