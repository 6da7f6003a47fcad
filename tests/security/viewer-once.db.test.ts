// Issue 14 item 7: a signed-in request reads its session and its user (with the user's
// permissions) once, however many loaders of the page ask: the root layout's, the page's, and
// the response's session touch.
import { beforeAll, describe, expect, it } from "vitest";
import { sequelize } from "../../db/sequelize.server";
import { prepareTestDatabase } from "../setup/test-db";
import { makeRoleUser } from "../factories/users";
import { findAuthUser } from "@modules/users/index.server";
import { loader as rootLoader } from "~/root";
import { loader as trekkersLoader } from "~/routes/trekkers";
import { startSession, touchSession } from "~/utils/guards.server";

beforeAll(async () => {
  await prepareTestDatabase();
});

/** The SQL run (afterQuery: the statement is known by then) while `work` runs. */
async function queriesDuring(work: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const hook = (_options: unknown, query: { sql?: string }) => {
    if (query?.sql) seen.push(query.sql);
  };
  sequelize.addHook("afterQuery", "count-queries", hook as never);
  try {
    await work();
  } finally {
    sequelize.removeHook("afterQuery", "count-queries");
  }
  return seen;
}

const fromTable = (table: string) => (sql: string) => new RegExp(`^SELECT[\\s\\S]*FROM [\`"]?${table}[\`"]?`, "i").test(sql);

describe("one lookup of the viewer per request", () => {
  it("the root loader, the page loader and the session touch share one session read and one user read", async () => {
    const agency = await makeRoleUser("agency", { isDocumentUploaded: true, isVerified: true, isApproved: true, organizationName: "Once Treks" });
    const cookie = (await startSession(new Request("http://tims.test/login"), (await findAuthUser(agency.id))!, false)).split(";")[0];
    const request = new Request("http://tims.test/trekkers", { headers: { Cookie: cookie } });
    const args = { request, params: {}, context: {} };
    const sql = await queriesDuring(async () => {
      await Promise.all([rootLoader(args as never), trekkersLoader(args as never)]);
      await touchSession(request, new Headers());
    });
    expect(sql.filter(fromTable("users")).length, sql.join("\n")).toBe(1);
    expect(sql.filter(fromTable("sessions")).length, sql.join("\n")).toBe(1);

    // A second request is a new lookup: nothing is cached across requests.
    const again = new Request("http://tims.test/trekkers", { headers: { Cookie: cookie } });
    const second = await queriesDuring(() => rootLoader({ request: again, params: {}, context: {} } as never));
    expect(second.filter(fromTable("users"))).toHaveLength(1);
  });
});
