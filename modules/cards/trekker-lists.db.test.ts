// The trekker lists of issue 14 against a real database with fixed data made by the factories:
// what each role sees (page and export), which actions each row offers, the filters and quick
// ranges, deep pagination, exports equal to the list, the deleted and the return lists.
import { execFileSync } from "node:child_process";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { addDays, kathmanduDate, kathmanduDayStart } from "@lib/dates";
import { quickRange, type ListDefinition } from "@lib/list/define";
import { exportList, loadList, type ListSource } from "@lib/list/list.server";
import { formatBatch } from "@lib/csv.server";
import { createRoute } from "@modules/trek-routes/index.server";
import { CARD_STATUSES } from "@modules/lookups";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { makeRegistration, person } from "../../tests/factories/registrations";
import { makeUser, type TestUser } from "../../tests/factories/users";
import { trekkerIdsOf } from "../../tests/factories/cards";
import { NAMES_BY_SCRIPT } from "../../tests/factories/names";
import { applyCardAction, generateCards } from "./lifecycle.server";
import { cardReturnsList, deletedTrekkersList, timsCardsList, trekkingHistoryList, type TrekkerItem } from "./trekker-lists.server";
import { trekkersList } from "./lists/trekkers.server";
import {
  cardReturnSource,
  deletedTrekkerSource,
  timsCardSource,
  trekkerListHidden,
  trekkerListSource,
  trekkingHistorySource,
} from "./trekker-list-source.server";

let routeId = 0;
let otherRouteId = 0;
const u = {} as Record<"ntb" | "taan" | "agency" | "otherAgency" | "checkpost" | "fit", TestUser>;

const INDIA = 356;
const GERMANY = 276;

/** A request for the list with this query, as a browser would send it. */
const get = (query = "", signal?: AbortSignal) => new Request(`http://tims.test/trekkers${query}`, { signal });

/** The instant `daysAgo` Nepal days before today, at 10:00 there. */
const daysAgo = (n: number) => new Date(kathmanduDayStart(addDays(kathmanduDate(), -n)).getTime() + 10 * 3_600_000);

/** Runs `work` with the clock at `at`, so rows are created (and cards issued) then. */
async function at<T>(when: Date, work: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(when);
  try {
    return await work();
  } finally {
    vi.useRealTimers();
  }
}

async function csv(response: Response): Promise<string[][]> {
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
  expect(text.startsWith("\uFEFF")).toBe(true);
  return text
    .slice(1)
    .split("\n")
    .filter(Boolean)
    .map((line) => line.split(","));
}

/** Every row of a list for this query, page by page (pageSize 100). */
async function allRows(definition: ListDefinition<TrekkerItem, any>, source: ListSource<TrekkerItem, any>, query = ""): Promise<TrekkerItem[]> {
  const rows: TrekkerItem[] = [];
  for (let page = 0; ; page++) {
    const data = await loadList(definition, get(`?${query}&pageSize=100&pageindex=${page}`), source);
    rows.push(...data.rows);
    if (data.rows.length < 100) return rows;
  }
}

const ids = (rows: { trekkerId: number }[]) => rows.map((r) => r.trekkerId);

// Fixed data: two agencies, a checkpost and a free trekker registering on two routes, at set dates.
const made = {} as {
  agencyUnpaid: number[];
  agencyIssued: number[];
  agencyOld: number[];
  agencyChild: number;
  agencyIndian: number;
  other: number[];
  checkpost: number[];
  fit: number[];
  fitUnpaid: number[];
  issuedRegId: number;
};

beforeAll(async () => {
  await prepareTestDatabase();
  const route = (name: string) =>
    createRoute({ name: `${name} ${Date.now()}`, provinceId: 4, startPoint: "Besisahar", endPoint: "Jomsom", checkpoints: [], description: "<p>x</p>" });
  routeId = await route("List Trek");
  otherRouteId = await route("Other Trek");
  u.ntb = await makeUser({ userType: 4, fullName: "Board Generator", grants: ["generateCard"] });
  u.taan = await makeUser({ userType: 6, fullName: "Taan Staff" });
  u.agency = await makeUser({ userType: 2, fullName: "Agency Owner", organizationName: "Alpha Treks" });
  u.otherAgency = await makeUser({ userType: 2, fullName: "Other Owner", organizationName: "Beta Treks" });
  u.checkpost = await makeUser({ userType: 5, fullName: "Chame Post" });
  u.fit = await makeUser({ userType: 1, fullName: "Free Walker" });

  // Alpha: an unpaid registration of two today; one issued 20 days ago; one 200 days ago; a child and an Indian 60 days ago.
  made.agencyUnpaid = await trekkerIdsOf(
    (await makeRegistration(u.agency, routeId, { trekkers: [person("Anna Keller", { passportNumber: "DE1111" }), person("Bruno Keller")] })).regId,
  );
  const issued = await at(daysAgo(20), async () => {
    const { regId } = await makeRegistration(u.agency, routeId, { trekkers: [person("Clara Weiss", { passportNumber: "DE2222" })] });
    await generateCards(u.ntb, regId, { announce: false });
    return regId;
  });
  made.issuedRegId = issued;
  made.agencyIssued = await trekkerIdsOf(issued);
  made.agencyOld = await at(daysAgo(200), async () => trekkerIdsOf((await makeRegistration(u.agency, otherRouteId, { trekkers: ["Dieter Old"] })).regId));
  [made.agencyChild, made.agencyIndian] = await at(daysAgo(60), async () =>
    trekkerIdsOf(
      (
        await makeRegistration(u.agency, routeId, {
          trekkers: [person("Emil Kid", { trekkerType: 5, dob: "2021-05-05" }), person("Farah Indian", { nationality: INDIA })],
        })
      ).regId,
    ),
  );
  made.other = await trekkerIdsOf((await makeRegistration(u.otherAgency, routeId, { trekkers: ["Greta Beta", "Hans Beta"] })).regId);
  made.checkpost = await at(daysAgo(3), async () => trekkerIdsOf((await makeRegistration(u.checkpost, routeId, { trekkers: ["Ivo Walk-in"] })).regId));
  const fitReg = (await makeRegistration(u.fit, otherRouteId, { trekkers: ["Jana Free"] })).regId;
  await generateCards(u.ntb, fitReg, { announce: false });
  made.fit = await trekkerIdsOf(fitReg);
  made.fitUnpaid = await trekkerIdsOf((await makeRegistration(u.fit, routeId, { trekkers: ["Jana Second"] })).regId);
}, 120_000);

afterEach(() => vi.useRealTimers());

describe("/trekkers: what each role lists", () => {
  it("the board and TAAN see every trekker; an agency only its own, a checkpost those it registered", async () => {
    const everyone = [
      ...made.agencyUnpaid,
      ...made.agencyIssued,
      ...made.agencyOld,
      made.agencyChild,
      made.agencyIndian,
      ...made.other,
      ...made.checkpost,
      ...made.fit,
      ...made.fitUnpaid,
    ];
    expect(ids(await allRows(trekkersList, trekkerListSource(u.ntb))).sort()).toEqual([...everyone].sort());
    expect(ids(await allRows(trekkersList, trekkerListSource(u.taan))).sort()).toEqual([...everyone].sort());
    const alpha = [...made.agencyUnpaid, ...made.agencyIssued, ...made.agencyOld, made.agencyChild, made.agencyIndian];
    expect(ids(await allRows(trekkersList, trekkerListSource(u.agency))).sort()).toEqual([...alpha].sort());
    expect(ids(await allRows(trekkersList, trekkerListSource(u.checkpost)))).toEqual(made.checkpost);
    expect(() => trekkerListSource(u.fit)).toThrow(expect.objectContaining({ status: 403 }));
  });

  it("newest first; an agency asking for another agency's rows gets none, not more", async () => {
    const page = await loadList(trekkersList, get(), trekkerListSource(u.agency));
    expect(ids(page.rows)).toEqual([...ids(page.rows)].sort((a, b) => b - a));
    expect(page.rows.every((r) => r.agency === "Alpha Treks")).toBe(true);
    const asked = await loadList(trekkersList, get(`?userId=${u.otherAgency.id}`), trekkerListSource(u.agency));
    expect(asked).toMatchObject({ total: 0, rows: [] });
    const board = await loadList(trekkersList, get(`?userId=${u.otherAgency.id}`), trekkerListSource(u.ntb));
    expect(ids(board.rows).sort()).toEqual([...made.other].sort());
  });

  it("sends the form's every choice key to every viewer, the card statuses and regions among them (the page holds no lookup table, ADR 0038)", async () => {
    const keys = trekkersList.fields.flatMap((f) => (f.kind === "select" && typeof f.options === "string" ? [f.options] : []));
    expect(keys).toEqual(expect.arrayContaining(["cardStatuses", "regions"]));
    for (const source of [
      trekkerListSource(u.ntb),
      trekkerListSource(u.taan),
      trekkerListSource(u.agency),
      trekkerListSource(u.checkpost),
      trekkerListSource(u.ntb, { account: u.agency.id }),
    ]) {
      const page = await loadList(trekkersList, get(), source);
      for (const key of keys) expect(page.options[key], key).toBeDefined();
      expect(page.options.cardStatuses.map((o) => o.value)).toEqual(CARD_STATUSES.map((s) => s.name));
      expect(page.options.regions).toEqual([
        { value: "1", label: "SAARC" },
        { value: "2", label: "Others" },
        { value: "5", label: "Child" },
      ]);
    }
  });

  it("an agency's export holds only its own rows, and no Agency column", async () => {
    const rows = await csv(exportList(trekkersList, get(`?userId=${u.otherAgency.id}`), trekkerListSource(u.agency), { hidden: trekkerListHidden(u.agency) }));
    expect(rows).toEqual([["Id", "Trekker", "Trekking Area", "Card Number", "Regional Type", "Country", "Registered Date", "Card Status", "Payment Date"]]);
    const own = await csv(exportList(trekkersList, get(), trekkerListSource(u.agency), { hidden: trekkerListHidden(u.agency) }));
    expect(
      own
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(["Anna Keller", "Bruno Keller", "Clara Weiss", "Dieter Old", "Emil Kid", "Farah Indian"]);
    expect(trekkerListHidden(u.agency)).toEqual(["agency", "userId", "userAgencyType"]);
    expect(trekkerListHidden(u.ntb)).toEqual([]);
    expect(trekkerListHidden(u.taan)).toEqual([]);
  });
});

describe("/trekkers: row actions by role and status", () => {
  const row = async (viewer: TestUser, trekkerId: number) => (await allRows(trekkersList, trekkerListSource(viewer))).find((r) => r.trekkerId === trekkerId)!;

  it("agency: Pay and Delete on its unpaid trekkers, nothing on an issued card", async () => {
    expect((await row(u.agency, made.agencyUnpaid[0])).actions).toEqual(["pay", "delete"]);
    expect((await row(u.agency, made.agencyIssued[0])).actions).toEqual([]);
  });

  it("board: Edit in any status, Generate Card (its grant) while unpaid, Cancel once issued", async () => {
    expect((await row(u.ntb, made.agencyUnpaid[0])).actions).toEqual(["edit", "generate"]);
    expect((await row(u.ntb, made.agencyIssued[0])).actions).toEqual(["edit", "cancel"]);
  });

  it("checkpost: Pay on what it registered (deleting is the agencies'); TAAN: nothing but return decisions", async () => {
    expect((await row(u.checkpost, made.checkpost[0])).actions).toEqual(["pay"]);
    expect((await row(u.taan, made.agencyUnpaid[0])).actions).toEqual([]);
    expect((await row(u.taan, made.agencyIssued[0])).actions).toEqual([]);
  });

  it("a returned card offers Approve and Reject to the board and TAAN", async () => {
    const { regId } = await makeRegistration(u.otherAgency, routeId, { trekkers: ["Kurt Return"] });
    await generateCards(u.ntb, regId, { announce: false });
    const [card] = await trekkerIdsOf(regId);
    await applyCardAction(u.otherAgency, "return", card, "Trek called off");
    expect((await row(u.taan, card)).actions).toEqual(["approveReturn", "rejectReturn"]);
    expect((await row(u.ntb, card)).actions).toEqual(["edit", "approveReturn", "rejectReturn"]);
    expect((await row(u.otherAgency, card)).actions).toEqual([]);
  });
});

describe("/trekkers: filters and quick ranges", () => {
  const found = async (query: string, viewer = u.agency) => ids(await allRows(trekkersList, trekkerListSource(viewer), query)).sort();

  it("card status, country, region, trekking area and agency type", async () => {
    expect(await found("cardStatus=Payment%20Pending")).toEqual([...made.agencyUnpaid, ...made.agencyOld, made.agencyChild, made.agencyIndian].sort());
    expect(await found("cardStatus=Upcoming")).toEqual(made.agencyIssued);
    expect(await found(`country=${INDIA}`)).toEqual([made.agencyIndian]);
    expect(await found(`country=${GERMANY}&trekkingArea=${otherRouteId}`)).toEqual(made.agencyOld);
    expect(await found("region=5")).toEqual([made.agencyChild]);
    expect(await found("region=1")).toEqual([made.agencyIndian]);
    expect(await found("region=2")).toEqual([...made.agencyUnpaid, ...made.agencyIssued, ...made.agencyOld].sort());
    expect(await found(`trekkingArea=${otherRouteId}`, u.ntb)).toEqual([...made.agencyOld, ...made.fit].sort());
    expect(await found("userAgencyType=5", u.ntb)).toEqual(made.checkpost);
    expect(await found("userAgencyType=1", u.ntb)).toEqual([...made.fit, ...made.fitUnpaid].sort());
  });

  it("search: the beginning of any word of a name, a passport, a card number, a registration id", async () => {
    // Any word of the name (issue 28 item 2), not the inside of one.
    expect(await found("username=kel")).toEqual(made.agencyUnpaid);
    expect(await found("username=eller")).toEqual([]);
    expect(await found("username=Clara")).toEqual(made.agencyIssued);
    expect(await found("username=de1111")).toEqual([made.agencyUnpaid[0]]);
    const card = (await allRows(trekkersList, trekkerListSource(u.agency))).find((r) => r.trekkerId === made.agencyIssued[0])!.cardNumber!;
    expect(await found(`username=${card}`)).toEqual(made.agencyIssued);
    expect(await found(`username=${made.issuedRegId}`)).toContain(made.agencyIssued[0]);
    expect(await found("username=50%25")).toEqual([]);
  });

  it("registered dates and the 7, 30 and 90 day quick ranges", async () => {
    const today = kathmanduDate();
    const range = (days: number) => {
      const { from, to } = quickRange(today, days);
      return `startDate=${from}&endDate=${to}`;
    };
    expect(await found(range(7))).toEqual([...made.agencyUnpaid].sort());
    const board7 = await found(range(7), u.ntb);
    expect(board7).toEqual(expect.arrayContaining([...made.checkpost, ...made.other, ...made.fit]));
    expect(board7).not.toContain(made.agencyIssued[0]);
    expect(await found(range(30))).toEqual([...made.agencyUnpaid, ...made.agencyIssued].sort());
    expect(await found(range(90))).toEqual([...made.agencyUnpaid, ...made.agencyIssued, made.agencyChild, made.agencyIndian].sort());
    const day = addDays(today, -20);
    expect(await found(`startDate=${day}&endDate=${day}`)).toEqual(made.agencyIssued);
    expect(await found(`startDate=${addDays(today, -19)}&endDate=${addDays(today, -4)}`)).toEqual([]);
  });

  it("payment dates: when the card was issued", async () => {
    const day = addDays(kathmanduDate(), -20);
    expect(await found(`paymentStartDate=${day}&paymentEndDate=${day}`)).toEqual(made.agencyIssued);
    expect(await found(`paymentStartDate=${addDays(day, 1)}`)).toEqual([]);
  });
});

describe("deep pagination and exports equal to the list", () => {
  let many: number[] = [];
  let gamma: TestUser;

  beforeAll(async () => {
    gamma = await makeUser({ userType: 2, organizationName: "Gamma Treks" });
    const names = Array.from({ length: 130 }, (_, i) => `Many ${String(i).padStart(3, "0")}`);
    many = await trekkerIdsOf((await makeRegistration(gamma, routeId, { trekkers: names })).regId);
  }, 120_000);

  it("every page of every size is the right slice, the last one partial", async () => {
    const newestFirst = [...many].sort((a, b) => b - a);
    for (const [size, index] of [
      [50, 2],
      [10, 12],
      [20, 6],
      [100, 1],
    ] as const) {
      const page = await loadList(trekkersList, get(`?pageSize=${size}&pageindex=${index}`), trekkerListSource(gamma));
      expect(page).toMatchObject({ total: 130, capped: false, pageIndex: index, pageSize: size });
      expect(ids(page.rows)).toEqual(newestFirst.slice(index * size, (index + 1) * size));
    }
    const oldestFirst = await loadList(trekkersList, get("?sort=registered&pageSize=10&pageindex=3"), trekkerListSource(gamma));
    expect(ids(oldestFirst.rows)).toEqual([...many].sort((a, b) => a - b).slice(30, 40));
  });

  it("an export's rows are the filtered list's rows, in its order, read in keyset batches", async () => {
    const query = `?trekkingArea=${routeId}&cardStatus=Payment%20Pending&sort=registered`;
    const listed = await allRows(trekkersList, trekkerListSource(u.ntb), query.slice(1));
    const exported = await csv(exportList(trekkersList, get(query), trekkerListSource(u.ntb), { batchSize: 7 }));
    expect(exported[0]).toEqual([
      "Id",
      "Trekker",
      "Trekking Area",
      "Card Number",
      "Regional Type",
      "Country",
      "Registered Date",
      "Agency",
      "Card Status",
      "Payment Date",
    ]);
    expect(exported.slice(1).map((r) => r[1])).toEqual(listed.map((r) => r.fullName));
    expect(listed.length).toBeGreaterThan(130);
  });

  it("the TrekkersList export (which reads only the listed columns) is byte for byte the CSV of the list's whole rows", async () => {
    // Every trekker the board sees: issued cards with payment dates, unpaid rows, several agencies.
    const listed = await allRows(trekkersList, trekkerListSource(u.ntb));
    expect(listed.some((r) => r.cardNumber !== null && r.issuedAt !== null)).toBe(true);
    const bytes = new Uint8Array(await exportList(trekkersList, get(), trekkerListSource(u.ntb), { batchSize: 9 }).arrayBuffer());
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    const body = text.slice(text.indexOf("\n") + 1);
    expect(body).toBe(formatBatch(listed, trekkersList.csv.columns));
  });

  it("names in every script come out of the export as written, read back by a CSV parser", async () => {
    const scripts = await makeUser({ userType: 2, organizationName: "Scripts & Names (Pvt.) Ltd." });
    const names = NAMES_BY_SCRIPT.map(([, name]) => name);
    await makeRegistration(scripts, routeId, { trekkers: [...names, 'Anna "Annie" O\'Brien, Jr.'] });
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await exportList(trekkersList, get(), trekkerListSource(scripts)).arrayBuffer());
    // Python's csv module, an independent reader (as the outside check used), strict about quoting.
    const reader = "import csv, json, sys; print(json.dumps(list(csv.DictReader(sys.stdin, strict=True))))";
    const records = JSON.parse(
      execFileSync("python3", ["-c", reader], { input: text.slice(1), encoding: "utf8", env: { ...process.env, PYTHONIOENCODING: "utf-8" } }),
    ) as Record<string, string>[];
    expect(records.map((r) => r.Trekker).sort()).toEqual([...names, 'Anna "Annie" O\'Brien, Jr.'].sort());
  });

  it("an export that matches nothing is its header row", async () => {
    const rows = await csv(exportList(trekkersList, get("?username=nobody-at-all"), trekkerListSource(u.ntb)));
    expect(rows).toEqual([
      ["Id", "Trekker", "Trekking Area", "Card Number", "Regional Type", "Country", "Registered Date", "Agency", "Card Status", "Payment Date"],
    ]);
  });

  it("a disconnected export stops reading the database", async () => {
    const source = trekkerListSource(u.ntb);
    let batches = 0;
    const counting: typeof source = { ...source, batch: (q, after, limit) => (batches++, source.batch(q, after, limit)) };
    const client = new AbortController();
    const reader = exportList(trekkersList, get("", client.signal), counting, { batchSize: 5 }).body!.getReader();
    await reader.read();
    await reader.read();
    client.abort();
    const seen = batches;
    while (!(await reader.read()).done);
    expect(batches - seen).toBeLessThanOrEqual(1);
    expect(batches).toBeLessThan(5);
  });
});

describe("Deleted Trekkers and TIMS Card Return", () => {
  it("the board sees deleted records with remarks, date, who and from which address; no one else may", async () => {
    const { regId } = await makeRegistration(u.agency, routeId, { trekkers: ["Lena Gone"] });
    const [gone] = await trekkerIdsOf(regId);
    await applyCardAction(u.agency, "delete", gone, "Client cancelled the trip", { ip: "203.0.113.9" });
    const deleted = await allRows(deletedTrekkersList, deletedTrekkerSource(u.ntb));
    expect(deleted.find((r) => r.trekkerId === gone)).toMatchObject({
      fullName: "Lena Gone",
      deleteRemarks: "Client cancelled the trip",
      deletedBy: "Alpha Treks",
      deletedIp: "203.0.113.9",
      agency: "Alpha Treks",
    });
    expect(ids(await allRows(trekkersList, trekkerListSource(u.agency)))).not.toContain(gone);
    const today = kathmanduDate();
    expect(ids(await allRows(deletedTrekkersList, deletedTrekkerSource(u.ntb), `startDate=${today}&endDate=${today}`))).toContain(gone);
    expect(ids(await allRows(deletedTrekkersList, deletedTrekkerSource(u.ntb), `endDate=${addDays(today, -1)}`))).not.toContain(gone);
    const rows = await csv(exportList(deletedTrekkersList, get(), deletedTrekkerSource(u.ntb)));
    expect(rows[0]).toEqual(["Id", "Trekker", "Trekking Area", "Country", "Agency", "Card Status", "Remarks", "Deleted Date", "Deleted By", "IP Address"]);
    expect(rows.find((r) => r[1] === "Lena Gone")).toEqual([
      String(regId),
      "Lena Gone",
      expect.any(String),
      "Germany",
      "Alpha Treks",
      "Payment Pending",
      "Client cancelled the trip",
      expect.any(String),
      "Alpha Treks",
      "203.0.113.9",
    ]);
    for (const viewer of [u.taan, u.agency, u.checkpost, u.fit]) expect(() => deletedTrekkerSource(viewer)).toThrow(expect.objectContaining({ status: 403 }));
  });

  it("the board's return tab lists returned cards by return state; TAAN decides from the trekker list instead", async () => {
    const { regId } = await makeRegistration(u.agency, routeId, { trekkers: ["Mara Back", "Nils Back"] });
    await generateCards(u.ntb, regId, { announce: false });
    const [first, second] = await trekkerIdsOf(regId);
    await applyCardAction(u.agency, "return", first, null);
    await applyCardAction(u.agency, "return", second, "Injured");
    await applyCardAction(u.taan, "approveReturn", second, "Doctor's note seen");
    const tab = (query = "") => allRows(cardReturnsList, cardReturnSource(u.ntb), query);
    expect((await tab()).filter((r) => r.registrationId === regId).map((r) => [r.trekkerId, r.returnState])).toEqual([
      [second, "approved"],
      [first, "requested"],
    ]);
    expect(ids(await tab("returnStatus=requested"))).toContain(first);
    expect(ids(await tab("returnStatus=requested"))).not.toContain(second);
    expect(ids(await tab(`trekkingArea=${otherRouteId}`))).not.toContain(first);
    const rows = await csv(exportList(cardReturnsList, get("?returnStatus=approved"), cardReturnSource(u.ntb)));
    expect(rows[0]).toEqual(["Card Number", "Trekker", "Registered Route", "Regd Date", "Start Date", "End Date", "Status"]);
    expect(rows.find((r) => r[1] === "Nils Back")?.[6]).toBe("Return approved");
    expect(() => cardReturnSource(u.taan)).toThrow(expect.objectContaining({ status: 403 }));
  });
});

describe("TIMS Cards and Trekking History (free trekkers)", () => {
  it("list one's own cards, filtered by status and route name; others' never", async () => {
    expect(ids(await allRows(timsCardsList, timsCardSource(u.fit))).sort()).toEqual([...made.fit, ...made.fitUnpaid].sort());
    expect(ids(await allRows(timsCardsList, timsCardSource(u.fit), "cardStatus=Payment%20Pending"))).toEqual(made.fitUnpaid);
    expect(ids(await allRows(timsCardsList, timsCardSource(u.fit), "routename=other%20trek"))).toEqual(made.fit);
    expect(() => timsCardSource(u.agency)).toThrow(expect.objectContaining({ status: 403 }));
    // The board's view of a free trekker's account.
    expect(ids(await allRows(timsCardsList, timsCardSource(u.ntb, { account: u.fit.id }))).sort()).toEqual([...made.fit, ...made.fitUnpaid].sort());
    expect(ids(await allRows(timsCardsList, timsCardSource(u.agency, { account: u.fit.id })))).toEqual([]);
    expect(ids(await allRows(trekkingHistoryList, trekkingHistorySource(u.fit))).sort()).toEqual([...made.fit, ...made.fitUnpaid].sort());
  });

  it("the account views' Registered Trekker tab: that account's trekkers, no actions", async () => {
    const rows = await allRows(trekkersList, trekkerListSource(u.ntb, { account: u.checkpost.id }));
    expect(ids(rows)).toEqual(made.checkpost);
    expect(rows[0].actions).toEqual([]);
    expect(trekkerListHidden(u.ntb, { account: u.checkpost.id })).toEqual(["agency", "userId", "userAgencyType", "overdue", "actions"]);
    expect((await allRows(trekkersList, trekkerListSource(u.ntb, { account: u.checkpost.id }), `userId=${u.agency.id}`)).length).toBe(0);
  });
});
