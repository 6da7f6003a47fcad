// Issue 31 item 5: staff views of personal data are logged (the trekker panel, an export) and the
// owner's own views are not; the board reads the log, other roles are refused; a user's own data
// file holds their rows and nothing of another account's.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { findAuthUser } from "@modules/users/index.server";
import { startSession } from "~/utils/guards.server";
import { loader as panelLoader } from "~/routes/trekkers.$trekkerId";
import { loader as exportLoader } from "~/routes/trekkers_.export";
import { loader as auditLoader } from "~/routes/audit.personal-data";
import { loader as myDataLoader } from "~/routes/account-settings_.my-data[.]json";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { makeUser, type TestUser } from "../../tests/factories/users";
import { paidBill } from "../../tests/factories/payments";
import { makeRoute, person } from "../../tests/factories/registrations";
import { sequelize } from "../../db/sequelize.server";
import { QueryTypes } from "sequelize";
import { listPersonalDataViews } from "@modules/privacy/index.server";

const ORIGIN = "http://tims.test";
const context = { clientAddress: "203.0.113.9" };
const u = {} as Record<"board" | "taan" | "agency" | "fitA" | "fitB", TestUser>;
const cookie = {} as Record<keyof typeof u, string>;
let agencyTrekkerId: number;
let fitATrekkerId: number;

async function cookieFor(user: TestUser): Promise<string> {
  const auth = await findAuthUser(user.id);
  return (await startSession(new Request(`${ORIGIN}/login`), auth!, false)).split(";")[0]!;
}
const args = (url: string, who: keyof typeof u, params: Record<string, string> = {}) =>
  ({ request: new Request(new URL(url, ORIGIN), { headers: { Host: "tims.test", Cookie: cookie[who] } }), params, context }) as unknown as LoaderFunctionArgs;
/** A loader's answer: what it returned, or the Response it threw (a guard's 403). */
async function run<T>(fn: () => Promise<T>): Promise<T | Response> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}
const logOf = async (userId: number) => (await listPersonalDataViews({ userId }, { offset: 0, limit: 50 })).rows;

beforeAll(async () => {
  await prepareTestDatabase();
  u.board = await makeUser({ userType: 4, fullName: "Board Auditor" });
  u.taan = await makeUser({ userType: 6, fullName: "Taan Reader" });
  u.agency = await makeUser({ userType: 2, organizationName: "Own Treks", isDocumentUploaded: true, isVerified: true, isApproved: true } as never);
  u.fitA = await makeUser({ userType: 1, fullName: "Walker A" });
  u.fitB = await makeUser({ userType: 1, fullName: "Walker B" });
  for (const k of Object.keys(u) as (keyof typeof u)[]) cookie[k] = await cookieFor(u[k]);
  const route = await makeRoute();
  const rows = (regId: number) =>
    sequelize.query<{ id: number }>("SELECT id FROM trekkers WHERE registrationId = ? ORDER BY id", { replacements: [regId], type: QueryTypes.SELECT });
  const agencyBill = await paidBill(route.id, { payer: u.agency, trekkers: [person("Agency Client", { passportNumber: "AGC111" })] });
  agencyTrekkerId = Number((await rows(agencyBill.regId))[0].id);
  const a = await paidBill(route.id, { payer: u.fitA, trekkers: [person("Walker A", { passportNumber: "FITA111", email: "a@walk.test" })] });
  fitATrekkerId = Number((await rows(a.regId))[0].id);
  await paidBill(route.id, { payer: u.fitB, trekkers: [person("Walker B", { passportNumber: "FITB222", email: "b@walk.test" })] });
  // Migrating a fresh MariaDB database takes most of this on a busy machine.
}, 120_000);

describe("the audit log of personal data views", () => {
  it("logs the board opening another account's trekker, and not the agency opening its own", async () => {
    await panelLoader(args(`/trekkers/${agencyTrekkerId}`, "board", { trekkerId: String(agencyTrekkerId) }));
    const board = await logOf(u.board.id);
    expect(board.map((r) => ({ place: r.place, trekkerIds: r.trekkerIds, rowCount: r.rowCount }))).toEqual([
      { place: "trekker-panel", trekkerIds: String(agencyTrekkerId), rowCount: 1 },
    ]);
    await panelLoader(args(`/trekkers/${agencyTrekkerId}`, "agency", { trekkerId: String(agencyTrekkerId) }));
    expect(await logOf(u.agency.id)).toEqual([]);
  });

  it("logs one row per board export, with its filter and count; an agency's export of its own rows is not logged", async () => {
    const res = await exportLoader(args(`/trekkers/export?username=Walker`, "board"));
    expect(res.status).toBe(200);
    await res.body?.cancel();
    const exported = (await logOf(u.board.id)).filter((r) => r.place === "export");
    expect(exported.map((r) => ({ filter: r.filter, rowCount: r.rowCount }))).toEqual([{ filter: "/trekkers/export?username=Walker", rowCount: 2 }]);
    await (await exportLoader(args(`/trekkers/export`, "agency"))).body?.cancel();
    expect(await logOf(u.agency.id)).toEqual([]);
  });

  it("lists the log for the board, filtered by user and date; refuses TAAN, agencies and trekkers", async () => {
    const page = (await auditLoader(args(`/audit/personal-data?user=${u.board.id}`, "board"))) as Awaited<ReturnType<typeof auditLoader>>;
    expect(page.total).toBe(2);
    expect(page.rows.every((r) => r.userName === "Board Auditor")).toBe(true);
    expect(page.viewers.map((v) => v.id)).toContain(u.board.id);
    const none = (await auditLoader(args(`/audit/personal-data?from=2001-01-01&to=2001-01-02`, "board"))) as Awaited<ReturnType<typeof auditLoader>>;
    expect(none.total).toBe(0);
    for (const who of ["taan", "agency", "fitA"] as const) {
      const answer = await run(() => auditLoader(args("/audit/personal-data", who)));
      expect(answer instanceof Response ? answer.status : 200).toBe(403);
    }
  });
});

describe("downloading one's own data", () => {
  it("is an attachment with the user's account, trekkers, card, bill, payment; nothing of another account", async () => {
    const res = await myDataLoader(args("/account-settings/my-data.json", "fitA"));
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment;/);
    const text = await res.text();
    const file = JSON.parse(text);
    expect(file.account.email).toBe(u.fitA.email);
    expect(file.registrations).toHaveLength(1);
    const t = file.registrations[0].trekkers[0];
    expect({ id: t.id, passportNumber: t.passportNumber, email: t.email }).toEqual({ id: fitATrekkerId, passportNumber: "FITA111", email: "a@walk.test" });
    expect(t.card.cardNumber).toBeGreaterThan(0);
    expect(file.bills).toHaveLength(1);
    expect(file.payments).toHaveLength(1);
    for (const other of ["FITB222", "b@walk.test", "AGC111", u.fitB.email, "Walker B"]) expect(text).not.toContain(other);
  });
});
