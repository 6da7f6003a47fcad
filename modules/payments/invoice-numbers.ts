/**
 * Invoice numbers (issue 25): INV- and the bill's place in one gap-free sequence, seven digits.
 * Pure, for pages and jobs alike; allocation is invoice-counter.server.ts.
 */
export function invoiceNumberFor(sequence: number): string {
  return `INV-${String(sequence).padStart(7, "0")}`;
}

/** The sequence number of an invoice number ("INV-0000012", or the unpadded "INV-12" of old data); null for anything else. */
export function invoiceSequenceOf(invoiceNumber: string): number | null {
  const m = /^INV-0*(\d{1,12})$/i.exec(invoiceNumber.trim());
  return m ? Number(m[1]) : null;
}

/** A run of invoice numbers no bill carries, and why (billing shows it: a voided number). */
export interface InvoiceVoid {
  firstNumber: number;
  lastNumber: number;
  reason: string;
  voidedAt: Date;
}

/** "INV-0000003", or "INV-0000007 to INV-0000009" for a run. */
export function voidRangeText(v: Pick<InvoiceVoid, "firstNumber" | "lastNumber">): string {
  return v.firstNumber === v.lastNumber ? invoiceNumberFor(v.firstNumber) : `${invoiceNumberFor(v.firstNumber)} to ${invoiceNumberFor(v.lastNumber)}`;
}

/**
 * The runs of numbers from 1 to the highest used that no bill carries, in order: what must be
 * explained by a void. `used` need not be sorted; duplicates are ignored.
 */
export function missingRuns(used: Iterable<number>): { firstNumber: number; lastNumber: number }[] {
  const sorted = [...new Set(used)].filter((n) => Number.isSafeInteger(n) && n > 0).sort((a, b) => a - b);
  const runs: { firstNumber: number; lastNumber: number }[] = [];
  let expected = 1;
  for (const n of sorted) {
    if (n > expected) runs.push({ firstNumber: expected, lastNumber: n - 1 });
    expected = n + 1;
  }
  return runs;
}
