import { QueryTypes, type Transaction } from "sequelize";
import { advanceCounter } from "../../db/counter.server";
import { sequelize } from "../../db/sequelize.server";
import { invoiceNumberFor, invoiceSequenceOf, type InvoiceVoid } from "./invoice-numbers";

/**
 * Takes the next invoice number inside the transaction that writes the bill (settle): the UPDATE
 * locks the counter row (MySQL) or holds SQLite's write lock until that transaction ends, so
 * concurrent payments never share a number, and a payment that fails after taking one rolls the
 * counter back with everything else: no gap.
 */
export async function allocateInvoiceNumber(transaction: Transaction): Promise<string> {
  return invoiceNumberFor((await advanceCounter("invoice_counter", 1, transaction)) - 1);
}

/** The voided runs of invoice numbers, lowest first (billing shows them to the board and TAAN). */
export async function invoiceVoids(page: { offset: number; limit: number }): Promise<{ rows: InvoiceVoid[]; total: number }> {
  const [count] = await sequelize.query<{ n: number }>("SELECT COUNT(*) AS n FROM invoice_voids", { type: QueryTypes.SELECT });
  const rows = await sequelize.query<{ firstNumber: number; lastNumber: number; reason: string; createdAt: Date | string }>(
    "SELECT firstNumber, lastNumber, reason, createdAt FROM invoice_voids ORDER BY firstNumber LIMIT ? OFFSET ?",
    { replacements: [Math.max(0, Math.floor(page.limit)), Math.max(0, Math.floor(page.offset))], type: QueryTypes.SELECT },
  );
  return {
    total: Number(count?.n ?? 0),
    rows: rows.map((r) => ({ firstNumber: Number(r.firstNumber), lastNumber: Number(r.lastNumber), reason: r.reason, voidedAt: new Date(r.createdAt) })),
  };
}

export interface InvoiceNumberCheck {
  /** Numbers from 1 to the highest in use that neither a bill nor a void accounts for. */
  unexplained: { firstNumber: number; lastNumber: number }[];
  /** Numbers two or more bills carry ("INV-3" and "INV-0000003" are one number). */
  duplicates: number[];
  /** Bills whose number is not INV- and digits. */
  malformed: string[];
  /** The counter would hand out a number already in use (or beneath one). */
  counterBehind: boolean;
}

/**
 * Invoice numbers are gap-free or each gap is explained (issue 25): every number from 1 to the
 * highest in use is on exactly one bill or inside a voided run. For tests and the ledger check.
 */
export async function checkInvoiceNumbers(): Promise<InvoiceNumberCheck> {
  const bills = await sequelize.query<{ invoiceNumber: string }>("SELECT invoiceNumber FROM bills", { type: QueryTypes.SELECT });
  const voids = await sequelize.query<{ firstNumber: number; lastNumber: number }>("SELECT firstNumber, lastNumber FROM invoice_voids", {
    type: QueryTypes.SELECT,
  });
  const [counter] = await sequelize.query<{ next: number }>("SELECT next FROM invoice_counter WHERE id = 1", { type: QueryTypes.SELECT });
  const seen = new Map<number, number>();
  const used: number[] = [];
  const malformed: string[] = [];
  for (const b of bills) {
    const text = String(b.invoiceNumber);
    const n = invoiceSequenceOf(text);
    if (n === null) malformed.push(text);
    else {
      used.push(n);
      seen.set(n, (seen.get(n) ?? 0) + 1);
    }
  }
  const highest = used.reduce((max, n) => Math.max(max, n), 0);
  // Bills and voids as runs, by start: a number before the next run's start and after the runs
  // walked so far is accounted for by neither.
  const runs = [...used.map((n) => [n, n] as const), ...voids.map((v) => [Number(v.firstNumber), Number(v.lastNumber)] as const)].sort((a, b) => a[0] - b[0]);
  const unexplained: { firstNumber: number; lastNumber: number }[] = [];
  let coveredTo = 0;
  for (const [first, last] of runs) {
    if (first > highest) break;
    if (first > coveredTo + 1) unexplained.push({ firstNumber: coveredTo + 1, lastNumber: first - 1 });
    coveredTo = Math.max(coveredTo, last);
  }
  return {
    unexplained,
    duplicates: [...seen].filter(([, count]) => count > 1).map(([n]) => n),
    malformed,
    counterBehind: !counter || Number(counter.next) <= highest,
  };
}
