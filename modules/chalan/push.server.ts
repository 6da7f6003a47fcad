import { Op, QueryTypes, UniqueConstraintError, type Transaction } from "sequelize";
import { DomainError } from "@lib/errors";
import { kathmanduDate } from "@lib/dates";
import { insertRows } from "../../db/insert-rows.server";
import { sequelize, writeTransaction } from "../../db/sequelize.server";
import { enqueue } from "../../jobs/queue.server";
import { erpClient, ErpRequestError, ErpUnavailableError, type ErpClient } from "./erp/client.server";
import { erpConfig } from "./erp/config.server";
import type { ErpResult, ErpRow } from "./erp/protocol";
import { ChalanCardRow, ChalanCreditCardRow, ChalanLine, ChalanPush } from "./models.server";
import { chalanRowBatches } from "./rows.server";
import { CHALAN_MESSAGES, type ChalanRow, type LineKind, type PushStatus } from "./rules";
import { isoDay } from "../../db/select-arrays.server";

/**
 * The push of the sales chalan to the ERP (issue 16 item 5; README.md of this module).
 *
 * Starting a push is one transaction: the push row (holding the one active slot), its lines (the
 * range's sales less every card already in a pending or pushed sale line, the credits owed for
 * pushed sales that are no sale any more, plus the pending lines a failed push left) and their
 * cards, and the job that sends them. The job sends the
 * pending lines in batches, each row with its line's idempotency key, and records the ERP's answer
 * per row after each batch; killed half-way, the job table runs it again (ADR 0013) and it takes
 * the lines still pending: a batch the ERP took before the kill comes back "duplicate", which
 * counts as pushed, so nothing is pushed twice.
 */
export const PUSH_JOB = "chalan.push";
export const PUSH_BATCH_SIZE = 100;
/** A queued or running push not heard of for this long lost its job; the next start frees its slot. */
export const STALE_PUSH_MS = 15 * 60 * 1000;
export const STALE_PUSH_MESSAGE = "The push stopped without finishing; start it again to resume.";

export const lineKey = (lineId: number) => `tims-chalan-line-${lineId}`;

export interface PushView {
  id: number;
  startDate: string;
  endDate: string;
  status: PushStatus;
  totalLines: number;
  pushedLines: number;
  refusedLines: number;
  error: string | null;
  createdAt: string;
  /** Of totalLines, the credits (reversals of earlier sales). */
  creditLines: number;
  /** The sales dates its lines span (a credit carries its sale's date, which may lie outside the push's range). */
  firstSalesDate: string | null;
  lastSalesDate: string | null;
}

const viewOf = (p: ChalanPush, lines: { creditLines: number; firstSalesDate: string | null; lastSalesDate: string | null }): PushView => ({
  id: p.id,
  startDate: p.startDate,
  endDate: p.endDate,
  status: p.status,
  totalLines: p.totalLines,
  pushedLines: p.pushedLines,
  refusedLines: p.refusedLines,
  error: p.error ?? null,
  createdAt: new Date(p.createdAt).toISOString(),
  ...lines,
});

async function linesOf(pushId: number) {
  const [row] = await sequelize.query<{ credits: number | null; first: string | Date | null; last: string | Date | null }>(
    "SELECT SUM(CASE WHEN kind = 'credit' THEN 1 ELSE 0 END) AS credits, MIN(salesDate) AS first, MAX(salesDate) AS last FROM chalan_lines WHERE pushId = :pushId",
    { replacements: { pushId }, type: QueryTypes.SELECT },
  );
  return { creditLines: Number(row?.credits ?? 0), firstSalesDate: row?.first ? isoDay(row.first) : null, lastSalesDate: row?.last ? isoDay(row.last) : null };
}

export async function getPush(id: number): Promise<PushView | null> {
  const push = await ChalanPush.findByPk(id);
  return push ? viewOf(push, await linesOf(push.id)) : null;
}

/** The push now queued or running, if any. */
export async function activePush(): Promise<PushView | null> {
  const push = await ChalanPush.findOne({ where: { activeSlot: 1 } });
  return push ? viewOf(push, await linesOf(push.id)) : null;
}

async function freeStaleSlot(transaction: Transaction): Promise<void> {
  const stale = await ChalanPush.findOne({ where: { activeSlot: 1, updatedAt: { [Op.lt]: new Date(Date.now() - STALE_PUSH_MS) } }, transaction });
  if (stale) await stale.update({ status: "failed", activeSlot: null, error: STALE_PUSH_MESSAGE }, { transaction });
}

/**
 * Starts a push of [start, end]: refused when the ERP is not configured, when another push is
 * active ("running"), or when there is nothing new ("Nothing new to push for these dates.").
 */
export async function startPush(input: { startDate: string; endDate: string; userId: number | null }): Promise<number> {
  if (!erpConfig().configured) throw new DomainError(CHALAN_MESSAGES.notConfigured, { status: 409 });
  return writeTransaction(async (transaction) => {
    await freeStaleSlot(transaction);
    let push: ChalanPush;
    try {
      push = await ChalanPush.create(
        { startDate: input.startDate, endDate: input.endDate, status: "queued", activeSlot: 1, createdBy: input.userId },
        { transaction },
      );
    } catch (error) {
      if (error instanceof UniqueConstraintError) throw new DomainError(CHALAN_MESSAGES.running, { status: 409 });
      throw error;
    }
    // Lines a failed push left pending go with this one (their keys are unchanged): its sales in
    // these dates, and its credits whatever their dates (a credit is owed by the next push).
    await sequelize.query(
      "UPDATE chalan_lines SET pushId = :pushId WHERE status = 'pending' AND (kind = 'credit' OR salesDate BETWEEN :start AND :end) AND pushId IN (SELECT id FROM chalan_pushes WHERE status = 'failed')",
      { replacements: { pushId: push.id, start: input.startDate, end: input.endDate }, transaction },
    );
    const creditDate = kathmanduDate();
    for await (const rows of chalanRowBatches(input.startDate, input.endDate, { onlyNew: true, transaction })) {
      await insertLines(push.id, rows, creditDate, transaction);
    }
    const total = await ChalanLine.count({ where: { pushId: push.id }, transaction });
    if (!total) throw new DomainError(CHALAN_MESSAGES.nothingNew, { status: 409 });
    await push.update({ totalLines: total }, { transaction });
    await enqueue(PUSH_JOB, { pushId: push.id }, { transaction, attempts: 5 });
    return push.id;
  });
}

/** Inserts a batch of rows as pending lines of the push, with their cards (sales in chalan_cards, credits in chalan_credit_cards). */
async function insertLines(pushId: number, rows: readonly ChalanRow[], creditDate: string, transaction: Transaction): Promise<void> {
  const [{ after }] = await sequelize.query<{ after: number | null }>("SELECT MAX(id) AS after FROM chalan_lines WHERE pushId = :pushId", {
    replacements: { pushId },
    type: QueryTypes.SELECT,
    transaction,
  });
  await insertRows(
    ChalanLine,
    rows.map((r) => ({
      pushId,
      salesDate: r.salesDate,
      customerCode: r.customerCode,
      itemCode: r.itemCode,
      cardFrom: r.cardFrom,
      cardTo: r.cardTo,
      qty: r.qty,
      kind: r.kind,
      reversesLineId: r.kind === "credit" ? r.reversesLineId : null,
      creditDate: r.kind === "credit" ? creditDate : null,
      status: "pending" as const,
    })),
    { transaction },
  );
  // A card is in at most one new line of this push, so kind and first card name a line.
  const ids = await sequelize.query<{ id: number; cardFrom: number; kind: LineKind }>(
    "SELECT id, cardFrom, kind FROM chalan_lines WHERE pushId = :pushId AND id > :after",
    {
      replacements: { pushId, after: Number(after ?? 0) },
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  const idOf = new Map(ids.map((r) => [`${r.kind}:${Number(r.cardFrom)}`, Number(r.id)]));
  const cards: Record<LineKind, { cardNumber: number; lineId: number }[]> = { sale: [], credit: [] };
  for (const r of rows) {
    const lineId = idOf.get(`${r.kind}:${r.cardFrom}`)!;
    for (let n = r.cardFrom; n <= r.cardTo; n++) cards[r.kind].push({ cardNumber: n, lineId });
  }
  // The primary keys refuse a card in two pending or pushed lines of a kind.
  if (cards.sale.length) await insertRows(ChalanCardRow, cards.sale, { transaction });
  if (cards.credit.length) await insertRows(ChalanCreditCardRow, cards.credit, { transaction });
}

export interface RunPushOptions {
  client?: ErpClient;
  batchSize?: number;
  /** Test hooks: run after a batch was sent (before its answer is recorded) and after it was recorded. */
  afterSend?: (batch: number) => void | Promise<void>;
  afterBatch?: (batch: number) => void | Promise<void>;
}

function defaultClient(): ErpClient {
  const config = erpConfig();
  return erpClient({ url: config.url, apiKey: config.apiKey, timeoutMs: config.timeoutMs });
}

const toErpRow = (l: ChalanLine): ErpRow => ({
  key: lineKey(l.id),
  type: l.kind,
  sales_chalan_date: l.salesDate,
  customer_code: l.customerCode,
  item_code: l.itemCode,
  card_nofrom: l.cardFrom,
  card_noto: l.cardTo,
  qty: l.qty,
  ...(l.kind === "credit" ? { reverses_key: lineKey(l.reversesLineId!), credit_date: l.creditDate! } : {}),
});

// Empty rather than NULL: the error log sorts and pages by the date error (a NULL breaks keyset order).
const cut = (text: string | undefined) => (text ?? "").slice(0, 255);
const joined = (...parts: (string | undefined | false)[]) => parts.filter(Boolean).join("; ") || undefined;

async function recount(pushId: number, transaction?: Transaction): Promise<{ pushed: number; refused: number }> {
  const rows = await sequelize.query<{ status: string; n: number }>("SELECT status, COUNT(*) AS n FROM chalan_lines WHERE pushId = :pushId GROUP BY status", {
    replacements: { pushId },
    type: QueryTypes.SELECT,
    transaction,
  });
  const of = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { pushed: of("pushed"), refused: of("refused") };
}

/**
 * Records one batch's answers: accepted and duplicate rows are pushed; rejected ones refused with
 * the reasons, their cards freed. A credit's own reasons go where the logs show them: its
 * credit date's with the date, the sale it names with the cards.
 */
async function recordResults(pushId: number, lines: ChalanLine[], results: ErpResult[]): Promise<void> {
  const byKey = new Map(results.map((r) => [r.key, r]));
  const now = new Date();
  await writeTransaction(async (transaction) => {
    const pushed = lines.filter((l) => byKey.get(lineKey(l.id))?.status !== "rejected").map((l) => l.id);
    if (pushed.length) await ChalanLine.update({ status: "pushed", pushedAt: now }, { where: { id: { [Op.in]: pushed }, status: "pending" }, transaction });
    const refused = lines.filter((l) => byKey.get(lineKey(l.id))?.status === "rejected");
    for (const l of refused) {
      const e = byKey.get(lineKey(l.id))?.errors ?? {};
      await ChalanLine.update(
        {
          status: "refused",
          dateError: cut(joined(e.sales_chalan_date, e.credit_date && `credit_date: ${e.credit_date}`)),
          customerCodeError: cut(e.customer_code),
          itemCodeError: cut(joined(e.item_code, e.type && `type: ${e.type}`)),
          cardError: cut(joined(e.card, e.reverses_key && `reverses_key: ${e.reverses_key}`)),
        },
        { where: { id: l.id, status: "pending" }, transaction },
      );
    }
    if (refused.length) {
      const lineId = { [Op.in]: refused.map((l) => l.id) };
      await ChalanCardRow.destroy({ where: { lineId }, transaction });
      await ChalanCreditCardRow.destroy({ where: { lineId }, transaction });
    }
    const counts = await recount(pushId, transaction);
    await ChalanPush.update({ pushedLines: counts.pushed, refusedLines: counts.refused, status: "running" }, { where: { id: pushId }, transaction });
  });
}

/** The job: sends the push's pending lines until none is left, or marks the push failed when the ERP stays unavailable. */
export async function runPush(pushId: number, opts: RunPushOptions = {}): Promise<void> {
  const push = await ChalanPush.findByPk(pushId);
  if (!push || push.status === "done" || push.status === "failed") return;
  await push.update({ status: "running", error: null });
  const client = opts.client ?? defaultClient();
  const size = opts.batchSize ?? PUSH_BATCH_SIZE;
  for (let batch = 1; ; batch++) {
    const lines = await ChalanLine.findAll({ where: { pushId, status: "pending" }, order: [["id", "ASC"]], limit: size });
    if (!lines.length) break;
    let results: ErpResult[];
    try {
      results = await client.send(lines.map(toErpRow));
    } catch (error) {
      if (!(error instanceof ErpUnavailableError || error instanceof ErpRequestError)) throw error;
      const counts = await recount(pushId);
      await ChalanPush.update(
        {
          status: "failed",
          activeSlot: null,
          error: `${error.message}. The lines not sent stay pending: start the push again to resume.`.slice(0, 500),
          pushedLines: counts.pushed,
          refusedLines: counts.refused,
        },
        { where: { id: pushId } },
      );
      return;
    }
    await opts.afterSend?.(batch);
    await recordResults(pushId, lines, results);
    await opts.afterBatch?.(batch);
  }
  const counts = await recount(pushId);
  await ChalanPush.update({ status: "done", activeSlot: null, pushedLines: counts.pushed, refusedLines: counts.refused }, { where: { id: pushId } });
}

export const pushJob = (data: { pushId: number }) => runPush(Number(data.pushId));
