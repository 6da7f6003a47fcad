import { selectArrays, utcDate } from "../../db/select-arrays.server";
import { seesAllBills } from "./billing";
import type { InvoiceVoid } from "./invoice-numbers";

export interface BillingNotices {
  /** The viewer's refunds still due, and what they come to (as refundsDueSummary). */
  refundsDue: { count: number; amountPaisa: number };
  /** For those who see every bill: a page of the voided runs of invoice numbers, lowest first, and how many there are (as invoiceVoids). */
  voids: { rows: InvoiceVoid[]; total: number } | null;
}

/**
 * What the billing page tells beside its list, in ONE statement (issue 30: a list page runs its
 * count, its rows and one more): the refunds due (the viewer's, or every payer's for the board and
 * TAAN) as a one-row derived table, and for the board and TAAN the page of voided invoice runs
 * LEFT JOINed to it, each carrying the runs' total (a window count over the whole table, taken
 * before the LIMIT). Both tables are this module's; the refunds due are found through the
 * (status, createdAt) index as refundsDueSummary finds them, the voids are a few rows a year.
 */
export async function billingNotices(viewer: { id: number; userType: number }, voidsPage: { offset: number; limit: number }): Promise<BillingNotices> {
  const all = seesAllBills(viewer);
  const due = `SELECT COUNT(id) AS dueCount, SUM(amountPaisa) AS dueTotal FROM payment_refunds WHERE status = 'due'${all ? "" : " AND payerUserId = ?"}`;
  const limit = Math.max(0, Math.floor(voidsPage.limit));
  const offset = Math.max(0, Math.floor(voidsPage.offset));
  const sql = all
    ? `SELECT d.dueCount, d.dueTotal, v.firstNumber, v.lastNumber, v.reason, v.createdAt, v.runs FROM (${due}) d LEFT JOIN ` +
      `(SELECT firstNumber, lastNumber, reason, createdAt, COUNT(*) OVER () AS runs FROM invoice_voids ORDER BY firstNumber LIMIT ${limit} OFFSET ${offset}) v ON 1 = 1`
    : due;
  const rows = await selectArrays(sql, all ? [] : [viewer.id]);
  const first = rows[0] ?? [0, 0];
  const refundsDue = { count: Number(first[0] ?? 0), amountPaisa: Number(first[1] ?? 0) };
  if (!all) return { refundsDue, voids: null };
  const runs = rows.filter((r) => r[2] !== null && r[2] !== undefined);
  let total = runs.length ? Number(runs[0][6]) : 0;
  // A page past the last run has no row to carry the total: only then is it counted on its own.
  if (!runs.length && offset > 0) total = Number((await selectArrays("SELECT COUNT(*) FROM invoice_voids"))[0]?.[0] ?? 0);
  return {
    refundsDue,
    voids: {
      total,
      // The outer statement has no ORDER BY (a join's order is not the derived table's): sorted here.
      rows: runs
        .map((r) => ({ firstNumber: Number(r[2]), lastNumber: Number(r[3]), reason: String(r[4]), voidedAt: utcDate(r[5]) ?? new Date(0) }))
        .sort((a, b) => a.firstNumber - b.firstNumber),
    },
  };
}
