import { UserType } from "../contract";
import { mailTranslator } from "../../emails/translator.server";
import { createElement } from "react";
import { Op, type Transaction } from "sequelize";
import { addDays, displayDate, kathmanduDate } from "@lib/dates";
import { forbiddenError, notFoundError } from "@lib/errors";
import { publicOrigin } from "@lib/origin.server";
import { insertRows } from "../../db/insert-rows.server";
import { writeTransaction } from "../../db/sequelize.server";
import { sendEmail } from "../../emails/jobs.server";
import { renderEmail } from "../../emails/render.server";
import { mailText } from "../../emails/templates/email-layout";
import { OverdueDigestEmail, overdueDigestSubject, type OverdueDigestReader } from "../../emails/templates/trekker-overdue";
import type { JobHandler } from "../contract";
import { onCheckinRecorded, trailsOf, type RecordedCheckin } from "@modules/checkins/index.server";
import { notify } from "@modules/notifications/index.server";
import { can, type PermissionHolder } from "@modules/permissions";
import { treksByDate, type TrekkerSubquery, type TrekOnTrail } from "@modules/registration/index.server";
import { activeUserIdsOfType, displayNames } from "@modules/users/index.server";
import { applyMove, lockedCase, moveCase } from "./cases.server";
import { tellFollowerOfCheckout } from "./follow.server";
import { OverdueTrekker } from "./model.server";
import { DEFAULT_OVERDUE_GRACE_DAYS, DEFAULT_OVERDUE_LOOKBACK_DAYS, OVERDUE_REASON_LABELS, mayMarkSafe, type OverdueReason } from "./rules";

/**
 * The daily overdue job (issue 18 item 4, ADR 0023). Two rules, each over a window of dates:
 * - no-checkout: an Active card whose exit date has passed, seen at a checkpoint but never
 *   checked out nor seen at the route's end point (the sweep keeps such cards Active);
 * - never-seen: an Upcoming, Active or Missed card not seen at any checkpoint once its entry
 *   date plus the grace period has passed.
 * A trekker found is raised once (the table's unique trekkerId): its row and the notification to
 * the registering user are written in one transaction. E-mail goes once the run is done, as one
 * digest per reader and day (mailDigests): the registering users, the board and TAAN.
 */

export const OVERDUE_JOB = "overdue.find";
/** 00:30 Kathmandu time, after the card sweep (00:05). */
export const OVERDUE_CRON = "30 0 * * *";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function daysFromEnv(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return process.env[name] !== undefined && Number.isInteger(n) && n >= 0 ? n : fallback;
}

/** OVERDUE_GRACE_DAYS, else DEFAULT_OVERDUE_GRACE_DAYS (docs/decisions.md). */
export const overdueGraceDays = () => daysFromEnv("OVERDUE_GRACE_DAYS", DEFAULT_OVERDUE_GRACE_DAYS);
/** OVERDUE_LOOKBACK_DAYS, else DEFAULT_OVERDUE_LOOKBACK_DAYS. */
export const overdueLookbackDays = () => daysFromEnv("OVERDUE_LOOKBACK_DAYS", DEFAULT_OVERDUE_LOOKBACK_DAYS);

export interface OverdueRunOptions {
  /** Nepal date of the run (YYYY-MM-DD); defaults to today there. */
  today?: string;
  graceDays?: number;
  lookbackDays?: number;
  batchSize?: number;
  /** Only these trekkers (an operator re-checking a trek; end-to-end fixtures in a shared database). */
  trekkerIds?: readonly number[];
}

export interface OverdueRunCounts {
  today: string;
  noCheckout: number;
  neverSeen: number;
}

interface Rule {
  reason: OverdueReason;
  statuses: readonly string[];
  by: "entryDate" | "exitDate";
  from: string;
  before: string;
  /** What the trail must be for the trekker to be overdue. */
  trail: "seen" | "none";
  dueDate: (t: TrekOnTrail) => string;
}

function rulesFor(today: string, grace: number, lookback: number): Rule[] {
  return [
    { reason: "no-checkout", statuses: ["Active"], by: "exitDate", from: addDays(today, -lookback), before: today, trail: "seen", dueDate: (t) => t.exitDate },
    {
      reason: "never-seen",
      statuses: ["Upcoming", "Active", "Missed"],
      by: "entryDate",
      from: addDays(today, -lookback - grace),
      before: addDays(today, -grace),
      trail: "none",
      dueDate: (t) => addDays(t.entryDate, grace),
    },
  ];
}

function why(reason: OverdueReason, dueDate: string, t: { entryDate?: string; exitDate?: string }): string {
  return reason === "no-checkout"
    ? `checked in on the trail and not checked out by the exit date ${displayDate(t.exitDate ?? dueDate)}.`
    : `not seen at any checkpoint since the entry date ${displayDate(t.entryDate ?? dueDate)} (grace period until ${displayDate(dueDate)}).`;
}

/** Where a notification or e-mail about the trekker leads its reader. */
function linkFor(t: { trekkerId: number; cardNumber: number | null; fullName: string }, readerType: number): string {
  if (readerType === UserType.FIT) return `/tims-cards/${t.trekkerId}`;
  return `/trekkers?tab=trekkers&overdue=1&username=${encodeURIComponent(t.cardNumber !== null ? String(t.cardNumber) : t.fullName)}`;
}

/** Raises the newly overdue among `found`, in the caller's transaction; returns how many. */
async function raise(found: { trek: TrekOnTrail; reason: OverdueReason; dueDate: string }[], today: string, transaction: Transaction): Promise<number> {
  if (!found.length) return 0;
  const known = await OverdueTrekker.findAll({ where: { trekkerId: { [Op.in]: found.map((f) => f.trek.trekkerId) } }, attributes: ["trekkerId"], transaction });
  const skip = new Set(known.map((k) => k.trekkerId));
  const fresh = found.filter((f) => !skip.has(f.trek.trekkerId));
  if (!fresh.length) return 0;
  await insertRows(
    OverdueTrekker,
    fresh.map(({ trek: t, reason, dueDate }) => ({
      trekkerId: t.trekkerId,
      registrationId: t.registrationId,
      ownerId: t.ownerId,
      ownerType: t.ownerType,
      fullName: t.fullName.slice(0, 150),
      cardNumber: t.cardNumber,
      routeName: t.routeName.slice(0, 150),
      reason,
      dueDate,
      raisedOn: today,
      safeAt: null,
      safeBy: null,
      safeNote: null,
      caseState: "open",
    })),
    { transaction },
  );
  const people = await displayNames(fresh.map((f) => f.trek.ownerId));
  for (const { trek: t, reason, dueDate } of fresh) {
    const title = `Overdue: ${t.fullName} (card ${t.cardNumber ?? "—"})`.replace(/\s+/g, " ");
    const body = `${t.routeName}: ${why(reason, dueDate, t)}`;
    const ownerType = people.get(t.ownerId)?.userType ?? t.ownerType;
    // The board has no bell (spec 1 §2.3, docs/decisions.md): it hears by the digest and sees the
    // dashboard block; the registering user gets a notification per trekker and the digest.
    await notify({ kind: "trekker-overdue", to: [t.ownerId], title, body, link: linkFor(t, ownerType) }, transaction);
  }
  return fresh.length;
}

/** How many trekkers a digest names; the rest are counted and one link away. */
export const DIGEST_NAMED = 50;

/**
 * The day's overdue e-mail, one per reader (issue 26, item 8; one run sent 63 to one agency when
 * each trekker had its own): every registering user its trekkers raised that day (an agency is
 * asked to mark them safe), every active board user all of them, every active TAAN user those
 * registered by agencies; each names the first DIGEST_NAMED, oldest due first, each with its
 * link, and counts the rest. One key per day and reader, whatever the role: a second run of the
 * day (after a crash, an operator's re-run) sends nobody a second overdue e-mail. Still-open
 * marks only. Each e-mail is its own short transaction.
 */
async function mailDigests(today: string): Promise<void> {
  const rows = await OverdueTrekker.findAll({
    where: { raisedOn: today, safeAt: { [Op.is]: null } },
    order: [
      ["dueDate", "ASC"],
      ["id", "ASC"],
    ],
  });
  if (!rows.length) return;
  const [board, taan] = await Promise.all([activeUserIdsOfType(UserType.NTB), activeUserIdsOfType(UserType.TAAN)]);
  const readers = new Map<number, { rows: OverdueTrekker[]; reader: OverdueDigestReader | null }>();
  for (const r of rows) {
    const own = readers.get(r.ownerId) ?? { rows: [], reader: null };
    own.rows.push(r);
    readers.set(r.ownerId, own);
  }
  for (const id of board) readers.set(id, { rows, reader: "board" });
  const agencies = rows.filter((r) => r.ownerType === UserType.Agency);
  if (agencies.length) for (const id of taan) readers.set(id, { rows: agencies, reader: "taan" });
  const people = await displayNames([...readers.keys()]);
  const origin = publicOrigin();
  const day = displayDate(today);
  for (const [userId, { rows: theirs, reader }] of readers) {
    const person = people.get(userId);
    if (!person?.email) continue;
    const as: OverdueDigestReader = reader ?? (mayMarkSafe({ id: userId, userType: person.userType }, userId) ? "agency" : "owner");
    const tr = await mailTranslator(person.language);
    const trekkers = theirs.slice(0, DIGEST_NAMED).map((r) => ({
      fullName: r.fullName,
      cardNumber: r.cardNumber,
      routeName: r.routeName,
      why: mailText(tr, "{{reason}} (overdue since {{day}}).", {
        reason: OVERDUE_REASON_LABELS[r.reason] ? mailText(tr, OVERDUE_REASON_LABELS[r.reason]) : r.reason,
        day: displayDate(String(r.dueDate).slice(0, 10)),
      }),
      link: `${origin}${linkFor(r, person.userType)}`,
    }));
    const all = person.userType === UserType.FIT ? "/tims-cards" : "/trekkers?tab=trekkers&overdue=1";
    const { html, text } = renderEmail(
      createElement(OverdueDigestEmail, { name: person.name, day, total: theirs.length, trekkers, link: `${origin}${all}`, reader: as }),
      tr,
    );
    await writeTransaction((transaction) =>
      sendEmail(
        { to: person.email, subject: overdueDigestSubject(theirs.length, day, tr), html, text },
        { transaction, key: `overdue-digest:${today}:${userId}` },
      ),
    );
  }
}

/**
 * The run for `today`: both rules, in batches of `batchSize` trekkers, each batch in its own
 * transaction. Compares dates rather than matching today, so a run after downtime catches up
 * (within the lookback window); running it twice raises nothing twice.
 */
export async function findOverdueTrekkers(opts: OverdueRunOptions = {}): Promise<OverdueRunCounts> {
  const today = opts.today ?? kathmanduDate();
  if (!DATE.test(today)) throw new Error(`Overdue date must be YYYY-MM-DD, got "${today}"`);
  const grace = opts.graceDays ?? overdueGraceDays();
  const lookback = opts.lookbackDays ?? overdueLookbackDays();
  const batchSize = Math.max(1, opts.batchSize ?? 500);
  const counts: OverdueRunCounts = { today, noCheckout: 0, neverSeen: 0 };
  for (const rule of rulesFor(today, grace, lookback)) {
    let afterId = 0;
    for (;;) {
      const seen = await writeTransaction(async (transaction) => {
        const treks = await treksByDate({ statuses: rule.statuses, by: rule.by, from: rule.from, before: rule.before, afterId, limit: batchSize }, transaction);
        if (!treks.length) return 0;
        afterId = treks[treks.length - 1].trekkerId;
        const trails = await trailsOf(
          treks.map((t) => t.trekkerId),
          transaction,
        );
        const only = opts.trekkerIds ? new Set(opts.trekkerIds) : null;
        const found = treks
          .filter((t) => !only || only.has(t.trekkerId))
          .filter((t) => (rule.trail === "none" ? !trails.has(t.trekkerId) : trails.get(t.trekkerId) === "seen"))
          .map((t) => ({ trek: t, reason: rule.reason, dueDate: rule.dueDate(t) }));
        const raised = await raise(found, today, transaction);
        if (rule.reason === "no-checkout") counts.noCheckout += raised;
        else counts.neverSeen += raised;
        return treks.length;
      });
      if (seen < batchSize) break;
    }
  }
  await mailDigests(today);
  return counts;
}

/** The job: `{ today?: "YYYY-MM-DD" }` lets an operator re-run a given day; normally empty. */
export const overdueJob: JobHandler<{ today?: string } | undefined> = async (data) => {
  const today = typeof data?.today === "string" && DATE.test(data.today) ? data.today : undefined;
  const counts = await findOverdueTrekkers({ today });
  console.info(`[overdue] ${counts.today}: ${counts.noCheckout} not checked out, ${counts.neverSeen} never seen`);
};

export const overdueSchedule = { job: OVERDUE_JOB, cron: OVERDUE_CRON } as const;

type Viewer = PermissionHolder & { id: number };

/** The trekkers the "Overdue" filter of the trekker lists keeps: those raised and not marked safe. */
export function overdueTrekkerSubquery(): TrekkerSubquery {
  return { sql: "SELECT o.trekkerId FROM overdue_trekkers o WHERE o.safeAt IS NULL", params: [] };
}

/** Which of these rows (trekker and owner) this viewer may mark safe now: overdue, not safe, theirs to clear. */
export async function safeMarkableAmong(viewer: Viewer, rows: readonly { trekkerId: number; ownerId: number }[]): Promise<ReadonlySet<number>> {
  const candidates = rows.filter((r) => mayMarkSafe(viewer, r.ownerId));
  if (!candidates.length) return new Set();
  const open = await OverdueTrekker.findAll({
    where: { trekkerId: { [Op.in]: candidates.map((r) => r.trekkerId) }, safeAt: { [Op.is]: null } },
    attributes: ["trekkerId"],
  });
  return new Set(open.map((o) => o.trekkerId));
}

/**
 * An open mark (raised, not yet safe) of the trekker in `trekkerIdColumn`, as a column of the
 * trekker list's page statement: one probe of the unique trekkerId index per row, read with the
 * rows rather than after them. `trekkerIdColumn` is the caller's column, never input.
 */
export function openOverdueColumn(trekkerIdColumn: string): TrekkerSubquery {
  return { sql: `EXISTS (SELECT 1 FROM overdue_trekkers o WHERE o.trekkerId = ${trekkerIdColumn} AND o.safeAt IS NULL)`, params: [] };
}

/**
 * The list kit's hook for the trekker lists (modules/cards trekkerListSource): the Overdue filter,
 * the open mark as a column, and whether this viewer may clear a row's (by its owner): a row
 * offers "mark safe" when both hold, as `safeMarkableAmong` answers.
 */
export function overdueListHook(viewer: Viewer) {
  return {
    within: overdueTrekkerSubquery(),
    openColumn: openOverdueColumn,
    mayMark: (ownerId: number) => mayMarkSafe(viewer, ownerId),
  };
}

export interface OverdueView {
  trekkerId: number;
  fullName: string;
  cardNumber: number | null;
  routeName: string;
  reason: OverdueReason;
  reasonLabel: string;
  dueDate: string;
  raisedOn: string;
}

const toView = (o: OverdueTrekker): OverdueView => ({
  trekkerId: o.trekkerId,
  fullName: o.fullName,
  cardNumber: o.cardNumber,
  routeName: o.routeName,
  reason: o.reason,
  reasonLabel: OVERDUE_REASON_LABELS[o.reason] ?? o.reason,
  dueDate: String(o.dueDate).slice(0, 10),
  raisedOn: String(o.raisedOn).slice(0, 10),
});

/**
 * The open overdue mark of a trekker the viewer may mark safe (the dialog's loader): 404 when
 * there is none or the row is not the viewer's to see, 403 for a role that may clear none.
 */
export async function overdueForMarking(viewer: Viewer, trekkerId: number): Promise<OverdueView> {
  const row = await OverdueTrekker.findOne({ where: { trekkerId, safeAt: { [Op.is]: null } } });
  if (!row) {
    if (!can(viewer, "overdueTrekkers") && !can(viewer, "overdueMarkOwnSafe")) throw forbiddenError();
    throw notFoundError();
  }
  if (!mayMarkSafe(viewer, row.ownerId)) {
    // An agency does not learn of another's trekkers; a role that clears nothing is refused.
    if (can(viewer, "overdueMarkOwnSafe")) throw notFoundError();
    throw forbiddenError();
  }
  return toView(row);
}

export interface SafeRecord {
  trekkerId: number;
  safeAt: Date;
  safeBy: number;
  safeNote: string;
}

/**
 * Marks the trekker safe with the note, recording who and when: the case's "found safe" move
 * (cases.ts), so the same table and the same checks decide; a second mark is refused (409).
 */
export async function markSafe(viewer: Viewer, trekkerId: number, note: string, now: Date = new Date()): Promise<SafeRecord> {
  await moveCase(viewer, trekkerId, "foundSafe", note, { now });
  return { trekkerId, safeAt: now, safeBy: viewer.id, safeNote: note.trim() };
}

/**
 * A check-in answers an open alert in its own transaction: any check-in a "never seen" one, a
 * check-out or a scan at the route's end a "not checked out" one. The case's "checkin" move
 * closes it and answers the alert as a Mark Safe would (safeBy empty: nobody marked it; the note
 * says where the trekker was seen), so the Overdue filter, the dashboard and the case list stop
 * showing a trekker the trail has since seen.
 */
export async function clearAnsweredAlert(checkin: RecordedCheckin, transaction: Transaction): Promise<boolean> {
  const open = await lockedCase({ trekkerId: checkin.trekkerId, caseState: { [Op.ne]: "closed" } }, transaction);
  if (!open || (open.reason === "no-checkout" && !checkin.leftTrail)) return false;
  const note = `${checkin.leftTrail ? "Checked out" : "Checked in"} at ${checkin.place} on ${displayDate(checkin.at)} (cleared by the check-in).`;
  await applyMove(open, "checkin", null, note, checkin.at, transaction);
  return true;
}
onCheckinRecorded(async (checkin, transaction) => {
  await clearAnsweredAlert(checkin, transaction);
  await tellFollowerOfCheckout(checkin, transaction);
});

/** A trekker's overdue record, open or cleared (tests, the panel): null when never raised. */
export async function overdueRecord(
  trekkerId: number,
): Promise<(OverdueView & { safeAt: Date | null; safeBy: number | null; safeNote: string | null }) | null> {
  const row = await OverdueTrekker.findOne({ where: { trekkerId } });
  return row ? { ...toView(row), safeAt: row.safeAt, safeBy: row.safeBy, safeNote: row.safeNote } : null;
}

export interface OverdueSummary {
  open: number;
  noCheckout: number;
  neverSeen: number;
  /** The longest overdue, oldest due date first. */
  oldest: OverdueView[];
}

/** The board's dashboard block: how many are overdue and the longest overdue (null for other roles). */
export async function overdueSummary(viewer: Viewer, limit = 5): Promise<OverdueSummary | null> {
  if (!can(viewer, "overdueTrekkers")) return null;
  const open = { safeAt: { [Op.is]: null } };
  const [noCheckout, neverSeen, oldest] = await Promise.all([
    OverdueTrekker.count({ where: { ...open, reason: "no-checkout" } }),
    OverdueTrekker.count({ where: { ...open, reason: "never-seen" } }),
    OverdueTrekker.findAll({
      where: open,
      order: [
        ["dueDate", "ASC"],
        ["id", "ASC"],
      ],
      limit,
    }),
  ]);
  return { open: noCheckout + neverSeen, noCheckout, neverSeen, oldest: oldest.map(toView) };
}
