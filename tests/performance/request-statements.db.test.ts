// Issue 30 item 2: the fixed cost of a signed-in request is paid once. Every page kind is requested
// through the app's real Remix handler (tests/fuzz/app-handler.ts: the route modules and
// entry.server as served, each request in its own request scope as scripts/serve.mjs runs it), as
// a document and as a single-fetch data request, and the SQL statements each request runs are
// counted per request (db/statements.server.ts). Budgets (docs/adr/0048-request-context.md):
// - the fixed part, what an empty signed-in page costs (/account-settings: session, user, grants,
//   two-factor state and switch in one statement, plus the layout's own reads): ≤ 3;
// - a list page: ≤ fixed + 3 (its count and its rows, and the filter choices it reads);
// - a detail page, the dashboard: ≤ fixed + their own declared budget below;
// - a public page, signed out: ≤ 3.
// Over budget, the test fails and prints the statements. Runs on SQLite, and on MariaDB.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { countStatements } from "../../db/statements.server";
import { findAuthUser, startSwitch } from "@modules/users/index.server";
import { startSession } from "~/utils/guards.server";
import { sessionToken } from "~/utils/session.server";
import { prepareTestDatabase } from "../setup/test-db";
import { makeRoleUser, uniqueEmail, type RoleName, type TestUser } from "../factories/users";
import { makeRegistration, makeRoute } from "../factories/registrations";
import { paidBill } from "../factories/payments";

vi.hoisted(() => {
  process.env.TIMS_MODE = "embedded";
  // The filter choices kept for the whole file (30 s by default): on a loaded machine the pages
  // below can take longer than that, and a kept list expiring between two of them would count
  // its read against whichever page met it (ADR 0048 names the cold costs).
  process.env.FILTER_CHOICES_SECONDS = "3600";
});

const ORIGIN = "http://127.0.0.1:3000";
const FIXED = 3;
const LIST = 3;

let handle: (request: Request) => Promise<Response>;
const users = {} as Record<RoleName, TestUser>;
const cookies = {} as Record<RoleName | "switched", string>;
let trekkerRegId = 0;
let billId = 0;

beforeAll(async () => {
  await prepareTestDatabase();
  const { appHandler } = await import("../fuzz/app-handler");
  handle = (await appHandler()).handle;
  for (const role of ["fit", "agency", "ntb", "checkpost", "taan"] as RoleName[]) {
    const agency = role === "agency" ? { organizationName: "Count Treks", isDocumentUploaded: true, isVerified: true, isApproved: true } : {};
    users[role] = await makeRoleUser(role, { email: uniqueEmail(`count-${role}`), countryId: 524, ...agency });
    cookies[role] = await startSession(new Request(`${ORIGIN}/login`), (await findAuthUser(users[role].id))!, false).then((c) => c.split(";")[0]!);
  }
  const route = await makeRoute("Count Route");
  for (let i = 0; i < 3; i++) await makeRegistration(users.agency, route.id, { trekkers: ["First", "Second"] });
  const paid = await paidBill(route.id, { payer: users.agency });
  trekkerRegId = paid.regId;
  billId = paid.billId;
  // A board user viewing the app as the agency: the one case that reads a second user.
  const board = await makeRoleUser("ntb", { email: uniqueEmail("count-switch") });
  cookies.switched = await startSession(new Request(`${ORIGIN}/login`), (await findAuthUser(board.id))!, false).then((c) => c.split(";")[0]!);
  const token = await sessionToken(new Request(ORIGIN, { headers: { Cookie: cookies.switched } }));
  await startSwitch(token!, { id: board.id, userType: 4 }, users.agency.id);
}, 120_000);

type Who = RoleName | "switched" | "anonymous";

/** The statements one request runs, with its status. */
async function statementsOf(who: Who, url: string): Promise<{ status: number; sql: string[] }> {
  const headers: Record<string, string> = { "User-Agent": "tims-count" };
  if (who !== "anonymous") headers.Cookie = cookies[who];
  const { result, statements } = await countStatements(async () => {
    const response = await handle(new Request(`${ORIGIN}${url}`, { headers, redirect: "manual" }));
    await response.text();
    return response.status;
  });
  return { status: result, sql: statements.map((s) => s.sql) };
}

const dataUrl = (url: string) => {
  const [path, query] = url.split("?");
  return `${path.replace(/\/$/, "")}.data${query !== undefined ? `?${query}` : ""}`;
};

/**
 * The fixed part for a viewer: the root loader alone (single fetch's `_routes`) with the
 * response's session touch: what every page of theirs runs before its own loaders.
 */
async function fixedOf(who: Who): Promise<{ count: number; sql: string[] }> {
  const { status, sql } = await statementsOf(who, "/account-settings.data?_routes=root");
  expect(status, who).toBe(200);
  return { count: sql.length, sql };
}

/** A page's statements as a document and as a data request, against the fixed part plus `own`. */
async function overBudget(who: Who, url: string, own: number): Promise<string[]> {
  const fixed = who === "anonymous" ? 0 : (await fixedOf(who)).count;
  const problems: string[] = [];
  for (const address of [url, dataUrl(url)]) {
    const { status, sql } = await statementsOf(who, address);
    if (process.env.MEASURE === "1") console.info(`${who} ${address}: ${sql.length} statements (fixed ${fixed})`);
    if (status !== 200) problems.push(`${who} ${address}: status ${status}`);
    else if (sql.length > fixed + own) problems.push(`${who} ${address}: ${sql.length} statements, budget ${fixed} + ${own}:\n  ${sql.join("\n  ")}`);
  }
  return problems;
}

// Each page's own statements, beyond the fixed part (docs/adr/0048-request-context.md). A list runs
// 3 (count, rows, one lookup): the trekker lists carry their owners' names and check-in and overdue
// marks in the rows' statement, billing its refunds due and voided runs in one, and the filter
// choices (routes, agencies) are kept per process (ADR 0033). Not kept, they cost one or two more:
// here the route names are met cold by agency /trekkers and the agency choices by ntb /trekkers.
const EMPTY = 3; // Account Settings: the user's sessions; for staff, their two-factor state (2).
const DETAIL = 11; // the trekker panel and the receipt open over their list, whose loader runs too
const DASHBOARD = 15; // one statement per tile and chart
const PUBLIC = 3;

describe("statements per request, by page kind", () => {
  it("the fixed part of a signed-in request is at most 3 statements, for every role and while switched", async () => {
    for (const who of ["fit", "agency", "ntb", "checkpost", "taan", "switched"] as Who[]) {
      const { count, sql } = await fixedOf(who);
      expect(count, `${who}, the fixed part: ${count} statements, budget ${FIXED}:\n${sql.join("\n")}`).toBeLessThanOrEqual(FIXED);
    }
  });

  it("an empty signed-in page runs the fixed part and its own few", async () => {
    const problems = [];
    for (const who of ["fit", "agency", "ntb", "checkpost", "taan", "switched"] as Who[]) problems.push(...(await overBudget(who, "/account-settings", EMPTY)));
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("list pages run the fixed part and 3 more", async () => {
    const lists: [Who, string][] = [
      ["agency", "/trekkers"],
      ["agency", "/billing"],
      ["ntb", "/trekkers"],
      ["ntb", "/billing"],
      ["ntb", "/users"],
    ];
    const problems = [];
    for (const [who, url] of lists) problems.push(...(await overBudget(who, url, LIST)));
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("detail pages and the dashboard stay within their budgets", async () => {
    const problems = [
      ...(await overBudget("agency", `/trekkers/${trekkerRegId}`, DETAIL)),
      ...(await overBudget("ntb", `/billing/${billId}`, DETAIL)),
      ...(await overBudget("ntb", "/dashboard", DASHBOARD)),
    ];
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("a public page signed out runs at most 3 statements", async () => {
    const problems = [...(await overBudget("anonymous", "/login", PUBLIC)), ...(await overBudget("anonymous", "/forgot-password", PUBLIC))];
    expect(problems, problems.join("\n")).toEqual([]);
  });
});
