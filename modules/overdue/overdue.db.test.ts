// The overdue job of issue 18 (item 4) on fixed dates: which trekkers it raises and why, once;
// the notifications and e-mails it writes, to whom; the trekker list's Overdue filter and its
// Mark Safe row action per role; marking safe with a note; the board's dashboard block.
import { beforeAll, describe, expect, it } from "vitest";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { makeCheckpostAt, makeTrail, trailCards } from "../../tests/factories/checkins";
import { makeUser, type TestUser } from "../../tests/factories/users";
import { drainQueue } from "../../jobs/queue.server";
import { listOutbox, readOutboxMessage } from "../../emails/outbox.server";
import { listNotifications } from "@modules/notifications/index.server";
import { scanCard } from "@modules/checkins/index.server";
import { activeUserIdsOfType } from "@modules/users/index.server";
import { sweepCards, trekkerListSource, type TrekkerItem } from "@modules/cards/index.server";
import { jobHandlers, jobSchedules } from "~/composition.server";
import { findOverdueTrekkers, markSafe, overdueForMarking, overdueListHook, overdueRecord, overdueSummary, OVERDUE_JOB } from "./index.server";

const u = {} as Record<"board1" | "board2" | "taan" | "agencyA" | "agencyB" | "fit", TestUser>;
type Card = Awaited<ReturnType<typeof trailCards>>[number];
const c = {} as Record<"stuck" | "out" | "atEnd" | "unseenB" | "seenB" | "fitUnseen" | "old", Card>;

/** The trekker list of `viewer` with the Overdue filter, through the same source the page uses. */
async function overdueRows(viewer: TestUser): Promise<TrekkerItem[]> {
  const source = trekkerListSource(viewer, { overdue: overdueListHook(viewer) });
  return source.page({ filters: { overdue: "1" }, sort: { key: "registered", desc: true } } as never, { offset: 0, limit: 100 });
}
const ids = (rows: { trekkerId: number }[]) => rows.map((r) => r.trekkerId).sort((a, b) => a - b);
const sorted = (...list: Card[]) => list.map((x) => x.trekkerId).sort((a, b) => a - b);
const overdueNotes = async (user: TestUser) => (await listNotifications(user.id, { offset: 0, limit: 100 })).rows.filter((n) => n.kind === "trekker-overdue");

beforeAll(async () => {
  await prepareTestDatabase();
  u.board1 = await makeUser({ userType: 4, fullName: "Board One" });
  u.board2 = await makeUser({ userType: 4, fullName: "Board Two" });
  u.taan = await makeUser({ userType: 6, fullName: "Taan" });
  u.agencyA = await makeUser({ userType: 2, organizationName: "Alpha Treks", isDocumentUploaded: true, isVerified: true, isApproved: true } as never);
  u.agencyB = await makeUser({ userType: 2, organizationName: "Bravo Treks", isDocumentUploaded: true, isVerified: true, isApproved: true } as never);
  u.fit = await makeUser({ userType: 1, fullName: "Free Walker" });
  const { route, points, checkpost } = await makeTrail(0);
  const endPost = await makeCheckpostAt(route.id, points[points.length - 1].id);
  // Agency A: three trekkers on 1–10 March 2042. One is scanned in and never out; one checks in
  // and then out; one is seen at the route's end point.
  const [stuck, out, atEnd] = await trailCards(route.id, { count: 3, entry: "2042-03-01", exit: "2042-03-10", owner: u.agencyA });
  Object.assign(c, { stuck, out, atEnd });
  const day = (d: string) => ({ today: d, now: new Date(`${d}T04:00:00Z`) });
  await scanCard(checkpost, { qr: stuck.qr, method: "qr" }, day("2042-03-02"));
  await scanCard(checkpost, { qr: out.qr, method: "qr" }, day("2042-03-02"));
  await scanCard(endPost, { qr: out.qr, method: "qr" }, day("2042-03-09"));
  await scanCard(endPost, { qr: atEnd.qr, method: "qr" }, day("2042-03-09"));
  // Agency B: two trekkers on 5–20 March 2042, one never seen, one seen.
  const [unseenB, seenB] = await trailCards(route.id, { count: 2, entry: "2042-03-05", exit: "2042-03-20", owner: u.agencyB });
  Object.assign(c, { unseenB, seenB });
  await scanCard(checkpost, { qr: seenB.qr, method: "qr" }, day("2042-03-06"));
  // Refused scans (ADR 0028) neither see a trekker nor let one out: unseenB turned back the day
  // before the entry date; stuck turned back at the route's end the day after the exit date.
  expect((await scanCard(checkpost, { qr: unseenB.qr, method: "qr" }, day("2042-03-04"))).outcome).toBe("refused");
  expect((await scanCard(endPost, { qr: stuck.qr, method: "qr" }, day("2042-03-11"))).outcome).toBe("refused");
  // A free trekker never seen, 5–20 March 2042; and a trek long past (the lookback leaves it).
  [c.fitUnseen] = await trailCards(route.id, { entry: "2042-03-05", exit: "2042-03-20", owner: u.fit });
  [c.old] = await trailCards(route.id, { entry: "2041-06-01", exit: "2041-06-10", owner: u.agencyA });
});

// The digests' readers are the active board and TAAN users when each run mails. Other test files share the
// MariaDB database and add or retire such users meanwhile, so their count is taken around each run.
const readerCounts: number[] = [];
const countReaders = async () => readerCounts.push((await activeUserIdsOfType(4)).length + (await activeUserIdsOfType(6)).length);

describe("the daily overdue job on fixed dates", () => {
  it("is a registered daily job", () => {
    expect(jobHandlers()[OVERDUE_JOB]).toBeTypeOf("function");
    expect(jobSchedules().find((s) => s.job === OVERDUE_JOB)?.cron).toBe("30 0 * * *");
  });

  it("raises nobody while the grace period and the trek last", async () => {
    // Entry 5 March + 2 days of grace: on 7 March the unseen are not overdue yet.
    expect(await findOverdueTrekkers({ today: "2042-03-07", graceDays: 2 })).toEqual({ today: "2042-03-07", noCheckout: 0, neverSeen: 0 });
    expect(await overdueRecord(c.unseenB.trekkerId)).toBeNull();
  });

  it("raises the never seen after the entry date plus the grace period, once", async () => {
    await countReaders();
    expect(await findOverdueTrekkers({ today: "2042-03-08", graceDays: 2, batchSize: 2 })).toEqual({ today: "2042-03-08", noCheckout: 0, neverSeen: 2 });
    await countReaders();
    expect((await overdueRecord(c.unseenB.trekkerId))?.reason).toBe("never-seen");
    expect((await overdueRecord(c.unseenB.trekkerId))?.dueDate).toBe("2042-03-07");
    expect((await overdueRecord(c.fitUnseen.trekkerId))?.reason).toBe("never-seen");
    for (const seen of [c.seenB, c.stuck, c.out, c.atEnd]) expect(await overdueRecord(seen.trekkerId)).toBeNull();
    // Again the same day and the next: nothing new.
    expect(await findOverdueTrekkers({ today: "2042-03-08", graceDays: 2 })).toMatchObject({ noCheckout: 0, neverSeen: 0 });
    expect(await findOverdueTrekkers({ today: "2042-03-09", graceDays: 2 })).toMatchObject({ noCheckout: 0, neverSeen: 0 });
  });

  it("raises the checked in and never out after the exit date, not the checked out nor those seen at the end", async () => {
    // The exit day is still part of the trek.
    expect(await findOverdueTrekkers({ today: "2042-03-10", graceDays: 2 })).toMatchObject({ noCheckout: 0 });
    // The card sweep of 11 March completes the checked out; the one still on the trail stays Active.
    await sweepCards({ today: "2042-03-11" });
    await countReaders();
    expect(await findOverdueTrekkers({ today: "2042-03-11", graceDays: 2, batchSize: 1 })).toEqual({ today: "2042-03-11", noCheckout: 1, neverSeen: 0 });
    await countReaders();
    expect((await overdueRecord(c.stuck.trekkerId))?.reason).toBe("no-checkout");
    expect((await overdueRecord(c.stuck.trekkerId))?.dueDate).toBe("2042-03-10");
    expect(await overdueRecord(c.out.trekkerId)).toBeNull();
    expect(await overdueRecord(c.atEnd.trekkerId)).toBeNull();
    expect(await overdueRecord(c.old.trekkerId)).toBeNull();
    expect(await findOverdueTrekkers({ today: "2042-03-11", graceDays: 2 })).toMatchObject({ noCheckout: 0, neverSeen: 0 });
  });

  it("told the registering user by a notification per trekker; by e-mail one digest per reader and day: the registering users, the board, TAAN", async () => {
    const titles = async (user: TestUser) => (await overdueNotes(user)).map((n) => n.title).sort();
    expect(await titles(u.agencyA)).toEqual([`Overdue: ${c.stuck.fullName} (card ${c.stuck.cardNumber})`]);
    expect(await titles(u.agencyB)).toEqual([`Overdue: ${c.unseenB.fullName} (card ${c.unseenB.cardNumber})`]);
    expect(await titles(u.fit)).toEqual([`Overdue: ${c.fitUnseen.fullName} (card ${c.fitUnseen.cardNumber})`]);
    expect((await overdueNotes(u.fit))[0].link).toBe(`/tims-cards/${c.fitUnseen.trekkerId}`);
    // The board has no bell: it hears by e-mail (below) and sees the dashboard block.
    for (const board of [u.board1, u.board2]) expect(await titles(board)).toEqual([]);
    expect(await overdueNotes(u.taan)).toEqual([]);

    await drainQueue();
    await countReaders();
    const outbox = await listOutbox();
    // No e-mail per trekker any more (issue 26, item 8).
    expect(outbox.filter((m) => m.subject.startsWith("Overdue trekker:"))).toEqual([]);
    const digests = outbox.filter((m) => m.subject.startsWith("Overdue trekkers on "));
    const digestsTo = (user: TestUser) => digests.filter((m) => m.to.toLowerCase().includes(user.email.toLowerCase()));
    const subjects = (user: TestUser) =>
      digestsTo(user)
        .map((m) => m.subject)
        .sort();
    const textOf = async (user: TestUser, day: string) => (await readOutboxMessage(digestsTo(user).find((m) => m.subject.includes(day))!.id))?.text ?? "";
    // Two runs raised trekkers (8 March: the two never seen; 11 March: the one not checked out).
    expect(subjects(u.agencyA)).toEqual(["Overdue trekkers on 2042/03/11: 1"]);
    expect(subjects(u.agencyB)).toEqual(["Overdue trekkers on 2042/03/08: 1"]);
    expect(subjects(u.fit)).toEqual(["Overdue trekkers on 2042/03/08: 1"]);
    for (const board of [u.board1, u.board2]) expect(subjects(board)).toEqual(["Overdue trekkers on 2042/03/08: 2", "Overdue trekkers on 2042/03/11: 1"]);
    // TAAN: the agencies' trekkers only (not the free trekker's).
    expect(subjects(u.taan)).toEqual(["Overdue trekkers on 2042/03/08: 1", "Overdue trekkers on 2042/03/11: 1"]);
    expect(await textOf(u.taan, "2042/03/08")).toContain(`TIMS card ${c.unseenB.cardNumber},`);
    expect(await textOf(u.taan, "2042/03/08")).not.toContain(`TIMS card ${c.fitUnseen.cardNumber},`);
    // Each trekker with its link: the agency's to its Overdue filter with the card, where it may mark the trekker safe (and is asked to).
    const agencyText = await textOf(u.agencyA, "2042/03/11");
    expect(agencyText).toContain(`TIMS card ${c.stuck.cardNumber},`);
    expect(agencyText).toContain(`/trekkers?tab=trekkers&overdue=1&username=${c.stuck.cardNumber}`);
    expect(agencyText).toContain("mark each trekker safe with a note");
    // The free trekker's to its card; it cannot mark itself safe and is asked to get in touch.
    const fitText = await textOf(u.fit, "2042/03/08");
    expect(fitText).toContain(`/tims-cards/${c.fitUnseen.trekkerId}`);
    expect(fitText).not.toContain("mark each trekker safe");
    expect(fitText).toContain("tell the Nepal Tourism Board or the nearest checkpost");
    const boardText = await textOf(u.board1, "2042/03/08");
    expect(boardText).toContain(`TIMS card ${c.unseenB.cardNumber},`);
    expect(boardText).toContain(`TIMS card ${c.fitUnseen.cardNumber},`);
    expect(boardText).not.toContain(`TIMS card ${c.stuck.cardNumber},`);
    // Every active board and TAAN user (the card generators are board users too) and the three owners, once a day each.
    expect(digests.length).toBeGreaterThanOrEqual(2 * Math.min(...readerCounts) + 3);
    expect(digests.length).toBeLessThanOrEqual(2 * Math.max(...readerCounts) + 3);
    const perReaderDay = new Map<string, number>();
    for (const m of digests) perReaderDay.set(`${m.to}|${m.subject.slice(0, 31)}`, (perReaderDay.get(`${m.to}|${m.subject.slice(0, 31)}`) ?? 0) + 1);
    expect(Math.max(...perReaderDay.values())).toBe(1);
  });
});

describe("the Overdue filter of /trekkers and its Mark Safe action", () => {
  it("keeps each viewer's overdue rows only, with Mark Safe for those who may clear them", async () => {
    const board = await overdueRows(u.board1);
    expect(ids(board)).toEqual(sorted(c.stuck, c.unseenB, c.fitUnseen));
    expect(board.every((r) => r.actions.includes("markSafe"))).toBe(true);
    const a = await overdueRows(u.agencyA);
    expect(ids(a)).toEqual(sorted(c.stuck));
    expect(a[0].actions).toContain("markSafe");
    expect(ids(await overdueRows(u.agencyB))).toEqual(sorted(c.unseenB));
    const taan = await overdueRows(u.taan);
    expect(ids(taan)).toEqual(sorted(c.stuck, c.unseenB, c.fitUnseen));
    expect(taan.some((r) => r.actions.includes("markSafe"))).toBe(false);
    // Without the filter the list is the whole list, and a trekker who is not overdue has no Mark Safe.
    const all = await trekkerListSource(u.board1, { overdue: overdueListHook(u.board1) }).page(
      { filters: {}, sort: { key: "registered", desc: true } } as never,
      { offset: 0, limit: 100 },
    );
    expect(all.length).toBeGreaterThan(3);
    expect(all.find((r) => r.trekkerId === c.out.trekkerId)?.actions).not.toContain("markSafe");
    // A list without the hook (the account views) finds no overdue rows rather than every row.
    expect(
      await trekkerListSource(u.board1).page({ filters: { overdue: "1" }, sort: { key: "registered", desc: true } } as never, { offset: 0, limit: 100 }),
    ).toEqual([]);
  });
});

describe("marking an overdue trekker safe", () => {
  it("is refused to another agency (404), TAAN and checkposts (403)", async () => {
    await expect(overdueForMarking(u.agencyB, c.stuck.trekkerId)).rejects.toMatchObject({ status: 404 });
    await expect(markSafe(u.agencyB, c.stuck.trekkerId, "Found safe by phone call")).rejects.toMatchObject({ status: 404 });
    await expect(overdueForMarking(u.taan, c.stuck.trekkerId)).rejects.toMatchObject({ status: 403 });
    await expect(markSafe(u.taan, c.stuck.trekkerId, "Found safe by phone call")).rejects.toMatchObject({ status: 403 });
    await expect(overdueForMarking(u.agencyA, c.out.trekkerId)).rejects.toMatchObject({ status: 404 });
    expect((await overdueRecord(c.stuck.trekkerId))?.safeAt).toBeNull();
  });

  it("clears it for the agency's own trekker, recording who, when and the note; once", async () => {
    expect((await overdueForMarking(u.agencyA, c.stuck.trekkerId)).fullName).toBe(c.stuck.fullName);
    const when = new Date("2042-03-12T05:00:00Z");
    await markSafe(u.agencyA, c.stuck.trekkerId, "  Called the guide: back in Pokhara  ", when);
    expect(await overdueRecord(c.stuck.trekkerId)).toMatchObject({ safeAt: when, safeBy: u.agencyA.id, safeNote: "Called the guide: back in Pokhara" });
    await expect(markSafe(u.board1, c.stuck.trekkerId, "Board says the same again")).rejects.toMatchObject({ status: 409 });
    await expect(overdueForMarking(u.board1, c.stuck.trekkerId)).rejects.toMatchObject({ status: 404 });
    expect(ids(await overdueRows(u.agencyA))).toEqual([]);
    expect(ids(await overdueRows(u.board1))).toEqual(sorted(c.unseenB, c.fitUnseen));
    // The job does not raise a trekker marked safe again.
    expect(await findOverdueTrekkers({ today: "2042-03-13", graceDays: 2 })).toMatchObject({ noCheckout: 0, neverSeen: 0 });
    expect((await overdueRecord(c.stuck.trekkerId))?.safeBy).toBe(u.agencyA.id);
  });

  it("the board clears any trekker", async () => {
    await markSafe(u.board2, c.fitUnseen.trekkerId, "The trekker wrote from Kathmandu");
    expect((await overdueRecord(c.fitUnseen.trekkerId))?.safeBy).toBe(u.board2.id);
  });
});

describe("the board's dashboard block", () => {
  it("counts the open overdue trekkers by reason, oldest first; other roles get none", async () => {
    const summary = await overdueSummary(u.board1);
    expect(summary).toMatchObject({ open: 1, noCheckout: 0, neverSeen: 1 });
    expect(summary?.oldest.map((o) => o.trekkerId)).toEqual([c.unseenB.trekkerId]);
    expect(await overdueSummary(u.agencyA)).toBeNull();
    expect(await overdueSummary(u.taan)).toBeNull();
  });
});

describe("a check-in answers an alert", () => {
  it("clears a never-seen alert in the check-in's own transaction, and only that trekker's", async () => {
    const { route, checkpost } = await makeTrail(0);
    const [late, other] = await trailCards(route.id, { count: 2, entry: "2043-04-01", exit: "2043-04-20", owner: u.agencyA });
    const day = (d: string) => ({ today: d, now: new Date(`${d}T04:00:00Z`) });
    expect(await findOverdueTrekkers({ today: "2043-04-05", graceDays: 2, trekkerIds: [late.trekkerId, other.trekkerId] })).toMatchObject({ neverSeen: 2 });
    expect(await overdueRecord(late.trekkerId)).toMatchObject({ reason: "never-seen", safeAt: null });

    expect((await scanCard(checkpost, { qr: late.qr, method: "qr" }, day("2043-04-06"))).outcome).toBe("recorded");
    const cleared = await overdueRecord(late.trekkerId);
    expect(cleared).toMatchObject({ safeAt: day("2043-04-06").now, safeBy: null });
    expect(cleared?.safeNote).toMatch(/^Checked in at .+ on .*2043.* \(cleared by the check-in\)\.$/);
    expect(await overdueRecord(other.trekkerId)).toMatchObject({ safeAt: null });
    expect(ids(await overdueRows(u.agencyA))).toContain(other.trekkerId);
    expect(ids(await overdueRows(u.agencyA))).not.toContain(late.trekkerId);
    // The job does not raise the seen trekker again.
    expect(await findOverdueTrekkers({ today: "2043-04-07", graceDays: 2, trekkerIds: [late.trekkerId] })).toMatchObject({ neverSeen: 0 });
  });
});

describe("many trekkers of one agency overdue the same day (issue 26, item 8)", () => {
  it("make one e-mail to it naming each with its link, a notification each; a second run that day sends nobody another", async () => {
    const agency = await makeUser({ userType: 2, organizationName: "Charlie Treks", isDocumentUploaded: true, isVerified: true, isApproved: true } as never);
    const { route } = await makeTrail(0);
    const cards = await trailCards(route.id, { count: 7, entry: "2042-05-01", exit: "2042-05-20", owner: agency });
    const before = new Set((await listOutbox()).map((m) => m.id));
    // In batches of 2: four transactions, one run.
    expect(await findOverdueTrekkers({ today: "2042-05-04", graceDays: 2, batchSize: 2 })).toMatchObject({ neverSeen: 7 });
    expect(await overdueNotes(agency)).toHaveLength(7);
    await drainQueue();
    const fresh = async () => (await listOutbox()).filter((m) => !before.has(m.id));
    const to = async (user: TestUser) => (await fresh()).filter((m) => m.to.toLowerCase().includes(user.email.toLowerCase()));
    const mine = await to(agency);
    expect(mine.map((m) => m.subject)).toEqual(["Overdue trekkers on 2042/05/04: 7"]);
    const text = (await readOutboxMessage(mine[0].id))?.text ?? "";
    for (const card of cards) {
      expect(text).toContain(`${card.fullName} (`);
      expect(text).toContain(`/trekkers?tab=trekkers&overdue=1&username=${card.cardNumber}`);
    }
    expect((await to(u.board1)).map((m) => m.subject)).toEqual(["Overdue trekkers on 2042/05/04: 7"]);
    expect((await to(u.taan)).map((m) => m.subject)).toEqual(["Overdue trekkers on 2042/05/04: 7"]);
    const sent = (await fresh()).length;
    // Run again the same day (a re-run, a retry): nothing new raised, no second e-mail to anyone.
    expect(await findOverdueTrekkers({ today: "2042-05-04", graceDays: 2 })).toMatchObject({ neverSeen: 0, noCheckout: 0 });
    await drainQueue();
    expect(await fresh()).toHaveLength(sent);
    expect(await to(agency)).toHaveLength(1);
  });
});
