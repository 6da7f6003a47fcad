import { kathmanduDate } from "@lib/dates";
import { writeTransaction } from "../../db/sequelize.server";
import type { Transaction } from "sequelize";
import type { JobHandler } from "../contract";
import { expireUnpaidRegistrations, sweepRegistrationStatuses, trekDatesOf, trekkersDueByTrekDates } from "@modules/registration/index.server";
import { logCardEvents, type CardEventInput } from "./card-events.server";
import { lockLiveCards, moveCards, registrationsWithCardIn } from "./card-store.server";
import { CARD_TRANSITIONS, nextStatus, sweepPath, type CardAction, type CardStatus } from "./lifecycle";
import { trailLookup, type TrailLookup } from "./lifecycle.server";

/**
 * The daily sweep (Nepal date): Upcoming → Active once the entry date has come; after the exit
 * date Active → Completed when the trekker checked out (or was seen at the route's end point),
 * Missed when never seen; checked in and not out, the card stays Active for the overdue report.
 * After the exit date an unpaid card (and its registration) expires (issue 25). It compares dates
 * rather than matching "today", so a run after days of downtime catches up, and running it twice
 * changes nothing. Cards move in batches, each in its own transaction, every move logged.
 */

export const SWEEP_JOB = "cards.sweep";
/** 00:05 Kathmandu time, every day. */
export const SWEEP_CRON = "5 0 * * *";

export interface SweepCounts {
  today: string;
  activated: number;
  completed: number;
  missed: number;
  /** Unpaid cards whose trek is over (issue 25). */
  expired: number;
  /** Status changes of registrations, which follow their cards (Upcoming → Active → Completed/Missed). */
  registrations: number;
}

export interface SweepOptions {
  /** YYYY-MM-DD in Nepal; defaults to today there. */
  today?: string;
  /** What the checkpoints saw; defaults to the installed check-ins lookup. */
  trail?: TrailLookup;
  batchSize?: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A live card the daily sweeper must move today. */
interface SweepCandidate {
  trekkerId: number;
  registrationId: number;
  status: string;
  entryDate: string;
  exitDate: string;
}

/**
 * Up to `limit` live cards after `afterId` that are due on `today`: the table's activate moves
 * start once the entry date has come, its complete/miss moves after the exit date. Candidates
 * are found without locks, then only their card rows are locked (MySQL) and re-read, so the
 * status is the current one and the sweep never holds registration rows while waiting.
 */
async function cardsDueForSweep(
  today: string,
  afterId: number,
  limit: number,
  transaction: Transaction,
): Promise<{ scanned: number[]; due: SweepCandidate[] }> {
  const started = CARD_TRANSITIONS.activate.from;
  const ended = [...new Set([...CARD_TRANSITIONS.complete.from, ...CARD_TRANSITIONS.miss.from, ...CARD_TRANSITIONS.expire.from])];
  const ids = await trekkersDueByTrekDates({ today, started, ended, afterId, limit }, transaction);
  const cards = await lockLiveCards(ids, [...new Set([...started, ...ended])], transaction);
  const dates = await trekDatesOf(
    cards.map((c) => c.registrationId),
    transaction,
  );
  const due = cards.flatMap((c) => {
    const d = dates.get(c.registrationId);
    return d ? [{ ...c, entryDate: d.entryDate, exitDate: d.exitDate }] : [];
  });
  return { scanned: ids, due };
}

export async function sweepCards(opts: SweepOptions = {}): Promise<SweepCounts> {
  const today = opts.today ?? kathmanduDate();
  if (!DATE.test(today)) throw new Error(`Sweep date must be YYYY-MM-DD, got "${today}"`);
  const lookup = opts.trail ?? trailLookup();
  const batchSize = Math.max(1, opts.batchSize ?? 500);
  const counts: SweepCounts = { today, activated: 0, completed: 0, missed: 0, expired: 0, registrations: 0 };
  let afterId = 0;
  for (;;) {
    const seen = await writeTransaction(async (transaction) => {
      const { scanned: found, due } = await cardsDueForSweep(today, afterId, batchSize, transaction);
      if (!found.length) return 0;
      // Paging follows what was found, so a card that moved meanwhile does not end the run early.
      afterId = found[found.length - 1];
      // Check-ins matter only for cards whose trek is over.
      const finishing = due.filter((c) => sweepPath(c.status, c, today, "none").some((a) => a === "miss" || a === "complete"));
      const trails = finishing.length
        ? await lookup(
            finishing.map((c) => c.trekkerId),
            transaction,
          )
        : new Map<number, "seen" | "out">();
      const groups = new Map<string, { from: string; to: CardStatus; ids: number[] }>();
      const events: CardEventInput[] = [];
      const steps: CardAction[] = [];
      for (const card of due) {
        const trail = trails.get(card.trekkerId) ?? "none";
        const isScanned = trail !== "none";
        let current = card.status as CardStatus;
        for (const action of sweepPath(card.status, card, today, trail)) {
          const to = nextStatus(action, current, { today, entryDate: card.entryDate, exitDate: card.exitDate, scanned: isScanned });
          events.push({
            trekkerId: card.trekkerId,
            registrationId: card.registrationId,
            action,
            fromStatus: current,
            toStatus: to,
            reason: null,
            userId: null,
            ip: null,
          });
          steps.push(action);
          current = to;
        }
        if (current === card.status) continue;
        const key = `${card.status}>${current}`;
        const group = groups.get(key) ?? { from: card.status, to: current, ids: [] };
        group.ids.push(card.trekkerId);
        groups.set(key, group);
      }
      for (const g of groups.values()) {
        const moved = await moveCards(g.ids, g.from, g.to, transaction);
        // The rows are locked (or SQLite's write lock is held), so every one moves; anything
        // else rolls the batch back and the job is retried.
        if (moved !== g.ids.length) throw new Error(`Sweep: ${g.ids.length - moved} cards changed while moving ${g.from} → ${g.to}`);
      }
      await logCardEvents(events, transaction);
      for (const a of steps) {
        if (a === "activate") counts.activated++;
        else if (a === "complete") counts.completed++;
        else if (a === "miss") counts.missed++;
        else if (a === "expire") counts.expired++;
      }
      return found.length;
    });
    if (seen < batchSize) break;
  }
  // Registrations too in batches, each its own transaction, until none moves: a day after downtime
  // (or a first run) may move thousands, whose row locks a payment or a scan would wait on.
  for (;;) {
    const moved = await writeTransaction(async (transaction) => {
      const followed = await sweepRegistrationStatuses(today, (ids, t) => registrationsWithCardIn("Completed", ids, t), transaction, batchSize);
      return followed + (await expireUnpaidRegistrations(today, CARD_TRANSITIONS.expire.from, CARD_TRANSITIONS.expire.to, transaction, batchSize));
    });
    counts.registrations += moved;
    if (!moved) break;
  }
  return counts;
}

/** The job: `{ today?: "YYYY-MM-DD" }` lets an operator re-run a given day; normally empty. */
export const sweepJob: JobHandler<{ today?: string } | undefined> = async (data) => {
  const today = typeof data?.today === "string" && DATE.test(data.today) ? data.today : undefined;
  const counts = await sweepCards({ today });
  console.info(
    `[cards] sweep ${counts.today}: ${counts.activated} activated, ${counts.completed} completed, ${counts.missed} missed, ${counts.expired} expired, ${counts.registrations} registrations`,
  );
};

/**
 * The daily sweep at 00:05 Nepal time, as the plugin declares it. Whichever drainer ticks first
 * (the web process without Redis, a worker with it) inserts the day's run under the key
 * "cards.sweep@<day>", so it runs once a day however many workers there are; a drainer that
 * starts after a missed 00:05 runs the latest missed day at once, which catches up (the sweep
 * compares dates, so one run covers every missed day).
 */
export const sweepSchedule = { job: SWEEP_JOB, cron: SWEEP_CRON } as const;
