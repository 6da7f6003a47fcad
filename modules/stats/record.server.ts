import { QueryTypes, type Transaction } from "sequelize";
import { kathmanduDate } from "@lib/dates";
import { sequelize, isSqlite, lastInTransaction } from "../../db/sequelize.server";
import { STATS_KEY, rollUp, statsInsert, type StatsRow as Row } from "./sources.server";

/**
 * The events daily_stats counts, as their owners report them inside their own transaction
 * (ADR 0019, like notify() in ADR 0018): the cards module for every card move it logs, payments
 * for a bill, check-ins for a recorded check-in. `at` is the instant the owner stamped on its row
 * (card_events.createdAt, bills.createdAt, checkins.actionDate), so the Nepal day is the one a
 * rebuild from those rows gives.
 */
export type DailyEvent =
  | { kind: "cardEvents"; at: Date; events: readonly { trekkerId: number; action: string; toStatus: string }[] }
  | { kind: "bill"; at: Date; registrationId: number; methodId: number; amountPaisa: number }
  | { kind: "checkin"; at: Date; trekkerId: number; direction: string };

/** The actions that give a card its number. */
export const ISSUE_ACTIONS: readonly string[] = ["issue", "generate"];

interface TrekkerDims {
  id: number;
  nationality: number;
  amountPaisa: number | null;
  routeId: number;
  agencyId: number;
}

const AGENCY_SQL = "CASE WHEN r.userType = 2 THEN r.userId ELSE 0 END";

async function trekkerDims(ids: readonly number[], transaction: Transaction): Promise<Map<number, TrekkerDims>> {
  if (!ids.length) return new Map();
  const rows = await sequelize.query<TrekkerDims>(
    `SELECT t.id AS id, t.nationality AS nationality, t.amountPaisa AS amountPaisa, r.routeId AS routeId, ${AGENCY_SQL} AS agencyId
     FROM trekkers t JOIN registrations r ON r.id = t.registrationId WHERE t.id IN (?)`,
    { replacements: [[...new Set(ids)]], type: QueryTypes.SELECT, transaction },
  );
  return new Map(
    rows.map((r) => [Number(r.id), { ...r, id: Number(r.id), nationality: Number(r.nationality), routeId: Number(r.routeId), agencyId: Number(r.agencyId) }]),
  );
}

async function rowsOf(event: DailyEvent, transaction: Transaction): Promise<Row[]> {
  const day = kathmanduDate(event.at);
  const base = { day, routeId: 0, nationality: 0, agencyId: 0, dim: "", count: 0, amountPaisa: 0 };
  if (event.kind === "cardEvents") {
    const rows: Row[] = event.events.map((e) => ({ ...base, metric: "moved", dim: e.toStatus, count: 1 }));
    const issued = event.events.filter((e) => ISSUE_ACTIONS.includes(e.action));
    const dims = await trekkerDims(
      issued.map((e) => e.trekkerId),
      transaction,
    );
    for (const e of issued) {
      const d = dims.get(e.trekkerId);
      if (d) rows.push({ ...base, metric: "issued", routeId: d.routeId, nationality: d.nationality, agencyId: d.agencyId, count: 1 });
    }
    return rows;
  }
  if (event.kind === "bill") {
    // The registration's dimensions and its trekkers' fees in one statement (a row per priced
    // trekker, or one row without a fee): it runs inside every settlement (ADR 0055).
    const found = await sequelize.query<{ routeId: number; agencyId: number; nationality: number | null; amountPaisa: number | null }>(
      `SELECT r.routeId AS routeId, ${AGENCY_SQL} AS agencyId, t.nationality AS nationality, t.amountPaisa AS amountPaisa
       FROM registrations r LEFT JOIN trekkers t ON t.registrationId = r.id AND t.amountPaisa IS NOT NULL WHERE r.id = ?`,
      {
        replacements: [event.registrationId],
        type: QueryTypes.SELECT,
        transaction,
      },
    );
    const reg = found[0];
    if (!reg) return [];
    const fees = found.filter((f) => f.amountPaisa !== null) as { nationality: number; amountPaisa: number }[];
    const common = { ...base, metric: "revenue", routeId: Number(reg.routeId), agencyId: Number(reg.agencyId), dim: String(event.methodId) };
    const rows: Row[] = fees.map((f) => ({ ...common, nationality: Number(f.nationality), count: 1, amountPaisa: Number(f.amountPaisa) }));
    const rest = event.amountPaisa - rows.reduce((s, r) => s + r.amountPaisa, 0);
    if (rest !== 0) rows.push({ ...common, amountPaisa: rest });
    return rows;
  }
  const d = (await trekkerDims([event.trekkerId], transaction)).get(event.trekkerId);
  return d ? [{ ...base, metric: "checkin", routeId: d.routeId, nationality: d.nationality, agencyId: d.agencyId, dim: event.direction, count: 1 }] : [];
}

/**
 * Adds an event to daily_stats inside the owner's transaction: the counts exist exactly when the
 * event does. The rows are read now and written at the end of the transaction (lastInTransaction:
 * the day's rows are shared by every payment and check-in, so their locks are taken last and held
 * only until the commit), all of a transaction's events merged into one upsert in key order, so
 * two transactions touching the same rows lock them in the same order.
 */
export async function recordDaily(event: DailyEvent, transaction: Transaction): Promise<void> {
  const rows = await rowsOf(event, transaction);
  if (!rows.length) return;
  let buffer = pendingRows.get(transaction);
  if (!buffer) pendingRows.set(transaction, (buffer = []));
  buffer.push(...rows);
  await lastInTransaction(transaction, "stats:daily", () => flush(transaction));
}

const pendingRows = new WeakMap<Transaction, Row[]>();

async function flush(transaction: Transaction): Promise<void> {
  const rows = rollUp(pendingRows.get(transaction) ?? []);
  pendingRows.delete(transaction);
  if (!rows.length) return;
  const upsert = isSqlite()
    ? `ON CONFLICT (${STATS_KEY.join(", ")}) DO UPDATE SET count = count + excluded.count, amountPaisa = amountPaisa + excluded.amountPaisa`
    : "ON DUPLICATE KEY UPDATE count = count + VALUES(count), amountPaisa = amountPaisa + VALUES(amountPaisa)";
  const { sql, replacements } = statsInsert(rows, upsert);
  await sequelize.query(sql, { replacements, transaction });
}
