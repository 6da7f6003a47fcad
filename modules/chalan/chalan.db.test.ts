import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { makeRoute, person, trek } from "../../tests/factories/registrations";
import { makeCardGenerator } from "../../tests/factories/cards";
import { pendingPayment, settlePayment } from "../../tests/factories/payments";
import { makeUser, type TestUser } from "../../tests/factories/users";
import { cardNumbersOf } from "@modules/registration/index.server";
import { DomainError } from "@lib/errors";
import { addDays, kathmanduDate } from "@lib/dates";
import { chalanRows } from "./rows.server";
import { customerRows } from "./customers.server";
import { getPush, runPush, startPush } from "./push.server";
import { erpClient } from "./erp/client.server";
import { erpConfig } from "./erp/config.server";
import { erpSimulatorTotals, handleErpSimulatorRequest, resetErpSimulator, setErpSimulatorFaults } from "./simulator/erp-simulator.server";
import { chalanErrorSource, pushedChalanSource } from "./list-sources.server";
import { CHALAN_MESSAGES } from "./rules";
import { chalanDownload } from "./downloads.server";

// MariaDB runs in the deployment mode, where the ERP has no default: point it at the simulator.
process.env.ERP_URL ||= "http://erp.test/sim/erp";
process.env.ERP_API_KEY ||= "test-erp-key";

let routeId = 0;
let generator: TestUser;
let agency: TestUser;
let agencyNoPan: TestUser;
let fit: TestUser;
let checkpost: TestUser;

/** The simulator called in-process: the same HTTP handling without a socket, and no waiting. */
const simClient = () =>
  erpClient({ url: "http://erp.test/sim/erp", apiKey: erpConfig().apiKey, fetch: (request) => handleErpSimulatorRequest(request), sleep: async () => {} });

// Past Nepal dates, one per scenario, so the tests do not share days.
const D = (n: number) => addDays(kathmanduDate(), -40 + n);

/** Runs `work` with the clock at `hhmm` Nepal time on `day` (cards take their issue instant from it). */
async function at<T>(day: string, hhmm: string, work: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(`${day}T${hhmm}:00+05:45`));
  try {
    return await work();
  } finally {
    vi.useRealTimers();
  }
}

/** Cards `owner` bought (a gateway payment settled at `hhmm` on `day`): the chalan's sales. */
async function cards(owner: TestUser, day: string, hhmm: string, trekkers: (string | ReturnType<typeof person>)[]): Promise<number[]> {
  return at(day, hhmm, async () => {
    const p = await pendingPayment(routeId, { payer: owner, trekkers, trek: trek(routeId, addDays(day, 3), addDays(day, 9)) });
    expect(await settlePayment(p)).toBe("issued");
    return (await cardNumbersOf(p.regId)).map((c) => c.cardNumber!);
  });
}

const german = (name: string) => person(name);
const indian = (name: string) => person(name, { nationality: 356 });
const child = (name: string) => person(name, { trekkerType: 5, dob: "2022-01-01" });

beforeAll(async () => {
  await prepareTestDatabase();
  routeId = (await makeRoute("Chalan Route")).id;
  generator = await makeCardGenerator();
  agency = await makeUser({
    userType: 2,
    fullName: "Agency",
    organizationName: "Summit Treks",
    panNumber: "601234567",
    contactNo: "9800000001",
    contactAddress: "Thamel",
  });
  agencyNoPan = await makeUser({ userType: 2, fullName: "No PAN Agency", organizationName: "No PAN Treks" });
  fit = await makeUser({ userType: 1, fullName: "Free Trekker" });
  checkpost = await makeUser({ userType: 5, fullName: "Checkpost Staff" });
});

afterEach(() => resetErpSimulator());

describe("chalan rows", () => {
  it("group a day's cards by customer and item into ranges, split at gaps, and by Nepal date", async () => {
    const day = D(1);
    const a1 = await cards(agency, day, "09:00", [german("A"), german("B"), german("C")]);
    const f1 = await cards(fit, day, "10:00", [german("F")]);
    const a2 = await cards(agency, day, "11:00", [german("D"), indian("E"), child("K")]);
    // 23:50 in Nepal is still this day; 00:10 the next (UTC would put both on the day before).
    const late = await cards(checkpost, day, "23:50", [german("L")]);
    const early = await cards(checkpost, addDays(day, 1), "00:10", [german("M")]);

    const rows = await chalanRows(day, addDays(day, 1));
    const key = (r: { salesDate: string; customerCode: string; itemCode: string; cardFrom: number; cardTo: number; qty: number }) =>
      `${r.salesDate} ${r.customerCode} ${r.itemCode} ${r.cardFrom}-${r.cardTo} ${r.qty}`;
    expect(rows.map(key)).toEqual(
      [
        `${day} 601234567 TIMS-CHILD ${a2[2]}-${a2[2]} 1`,
        `${day} 601234567 TIMS-FOREIGN ${a1[0]}-${a1[2]} 3`,
        `${day} 601234567 TIMS-FOREIGN ${a2[0]}-${a2[0]} 1`,
        `${day} 601234567 TIMS-SAARC ${a2[1]}-${a2[1]} 1`,
        `${day} CP-${checkpost.id} TIMS-FOREIGN ${late[0]}-${late[0]} 1`,
        `${day} FIT TIMS-FOREIGN ${f1[0]}-${f1[0]} 1`,
        `${addDays(day, 1)} CP-${checkpost.id} TIMS-FOREIGN ${early[0]}-${early[0]} 1`,
      ].sort((x, y) => (x.slice(0, 10) === y.slice(0, 10) ? (x < y ? -1 : 1) : x < y ? -1 : 1)),
    );
    // The FIT card between the agency's two purchases is the gap: 3 + 1, not 4.
    expect(f1[0]).toBe(a1[2] + 1);

    const customers = await customerRows({ start: day, end: day });
    expect(customers.map((c) => c.code)).toEqual([`CP-${checkpost.id}`, "601234567", "FIT"].sort());
    expect(customers.find((c) => c.code === "601234567")).toMatchObject({ name: "Summit Treks", pan: "601234567", contact: "9800000001", address: "Thamel" });
    const all = await customerRows(null);
    expect(all.map((c) => c.code)).toEqual(expect.arrayContaining(["FIT", "NTB", "601234567", `CP-${checkpost.id}`]));
  });
});

describe("the push", () => {
  it("pushes a range once: an overlapping range sends only what is new, a repeat nothing", async () => {
    const day = D(5);
    const first = await cards(agency, day, "09:00", [german("A"), german("B")]);
    await cards(fit, addDays(day, 1), "09:00", [german("F")]);
    const before = await erpSimulatorTotals();

    const id1 = await startPush({ startDate: day, endDate: day, userId: generator.id });
    await runPush(id1, { client: simClient() });
    expect(await getPush(id1)).toMatchObject({ status: "done", totalLines: 1, pushedLines: 1, refusedLines: 0 });

    // The overlapping range: only the next day's line is new.
    const id2 = await startPush({ startDate: day, endDate: addDays(day, 1), userId: generator.id });
    await runPush(id2, { client: simClient() });
    expect(await getPush(id2)).toMatchObject({ status: "done", totalLines: 1, pushedLines: 1 });
    await expect(startPush({ startDate: day, endDate: addDays(day, 1), userId: generator.id })).rejects.toThrow(CHALAN_MESSAGES.nothingNew);

    // Cards issued later the same day make a new line, not a second copy of the first.
    const more = await cards(agency, day, "15:00", [german("C")]);
    const id3 = await startPush({ startDate: day, endDate: day, userId: generator.id });
    await runPush(id3, { client: simClient() });
    expect(await getPush(id3)).toMatchObject({ status: "done", totalLines: 1 });

    const after = await erpSimulatorTotals();
    expect(after.cards - before.cards).toBe(first.length + 1 + more.length);
    const tims = await chalanRows(day, addDays(day, 1), { withStatus: true });
    expect(tims.every((r) => r.status === "Pushed")).toBe(true);
    expect(await chalanDownload("chalan", { start: day, end: addDays(day, 1) })).toBeNull();

    const pushed = await pushedChalanSource().page({ filters: { startDate: day, endDate: day }, sort: { key: "date", desc: true } } as never, {
      offset: 0,
      limit: 50,
    });
    expect(pushed.map((r) => r.cardFrom).sort()).toEqual([first[0], more[0]].sort());
  });

  it("only one push is active at a time", async () => {
    const day = D(8);
    await cards(fit, day, "09:00", [german("A")]);
    await cards(fit, addDays(day, 1), "09:00", [german("B")]);
    const id = await startPush({ startDate: day, endDate: day, userId: null });
    await expect(startPush({ startDate: addDays(day, 1), endDate: addDays(day, 1), userId: null })).rejects.toThrow(CHALAN_MESSAGES.running);
    await runPush(id, { client: simClient() });
    const next = await startPush({ startDate: addDays(day, 1), endDate: addDays(day, 1), userId: null });
    await runPush(next, { client: simClient() });
    expect((await getPush(next))?.status).toBe("done");
  });

  it("sends rows the ERP refuses to the error log with its reasons, and offers them again later", async () => {
    const day = D(11);
    const refused = await cards(agencyNoPan, day, "09:00", [german("A")]);
    await cards(fit, day, "10:00", [german("B")]);
    const id = await startPush({ startDate: day, endDate: day, userId: null });
    await runPush(id, { client: simClient() });
    const push = await getPush(id);
    expect(push).toMatchObject({ status: "done", totalLines: 2, pushedLines: 1, refusedLines: 1 });

    const log = await chalanErrorSource().page({ filters: { startDate: day, endDate: day }, sort: { key: "date", desc: true } } as never, {
      offset: 0,
      limit: 50,
    });
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ cardFrom: refused[0], customerCode: "", customerCodeError: "Customer code is empty" });

    // A refused line's cards are free again: the next push tries them (and the ERP refuses again).
    const again = await startPush({ startDate: day, endDate: day, userId: null });
    await runPush(again, { client: simClient() });
    expect(await getPush(again)).toMatchObject({ totalLines: 1, refusedLines: 1 });
  });

  it("retries a 503, and when the ERP stays down fails clearly; starting again resumes", async () => {
    const day = D(14);
    await cards(fit, day, "09:00", [german("A")]);
    await cards(agency, day, "10:00", [german("B")]);
    setErpSimulatorFaults({ failNext: 2 });
    const id = await startPush({ startDate: day, endDate: day, userId: null });
    await runPush(id, { client: simClient() });
    expect(await getPush(id)).toMatchObject({ status: "done", pushedLines: 2 });

    const next = addDays(day, 1);
    await cards(fit, next, "09:00", [german("C")]);
    setErpSimulatorFaults({ failNext: 100 });
    const failing = await startPush({ startDate: next, endDate: next, userId: null });
    await runPush(failing, { client: simClient() });
    const failed = await getPush(failing);
    expect(failed?.status).toBe("failed");
    expect(failed?.error).toMatch(/The ERP is unavailable: the ERP answered 503 after 4 tries/);

    setErpSimulatorFaults({ failNext: 0 });
    const resumed = await startPush({ startDate: next, endDate: next, userId: null });
    await runPush(resumed, { client: simClient() });
    expect(await getPush(resumed)).toMatchObject({ status: "done", totalLines: 1, pushedLines: 1 });
  });

  it("a push killed half-way resumes where it stopped and pushes nothing twice", async () => {
    const day = D(17);
    // Five customers' cards interleaved: five lines.
    for (const [i, owner] of [agency, fit, checkpost, agency, fit].entries()) await cards(owner, day, `0${i + 1}:00`, [german(`T${i}`)]);
    const before = await erpSimulatorTotals();
    const id = await startPush({ startDate: day, endDate: day, userId: null });
    const total = (await getPush(id))!.totalLines;
    expect(total).toBe(5);

    // The process dies after the ERP took the second batch but before its answer was recorded.
    await expect(
      runPush(id, {
        client: simClient(),
        batchSize: 2,
        afterSend: (batch) => {
          if (batch === 2) throw new Error("killed");
        },
      }),
    ).rejects.toThrow("killed");
    expect(await getPush(id)).toMatchObject({ status: "running", pushedLines: 2 });

    // The job table runs the job again: it takes the lines still pending.
    await runPush(id, { client: simClient(), batchSize: 2 });
    expect(await getPush(id)).toMatchObject({ status: "done", pushedLines: 5, refusedLines: 0 });
    const after = await erpSimulatorTotals();
    expect(after.rows - before.rows).toBe(5);
    expect(after.cards - before.cards).toBe(5);
  });

  it("is refused without an ERP (a deployment without ERP_URL)", async () => {
    const { loadErpConfig } = await import("./erp/config.server");
    expect(loadErpConfig({ DATABASE_URL: "mysql://x/y" }).configured).toBe(false);
    expect(loadErpConfig({}).url).toBe("http://127.0.0.1:3000/sim/erp");
    expect(new DomainError("x")).toBeInstanceOf(Error);
  });
});
