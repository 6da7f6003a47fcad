/**
 * Money at the providers' edges. Inside TIMS every amount is integer paisa (DESIGN.md); the
 * providers want rupees (eSewa, FonePay, card) or paisa (Khalti, connectIPS) as text, and answer
 * in their own formats ("1000.0", "2,700.0", 1000, "30"). Conversion is done on the digits, never
 * through floating point.
 */

function assertPaisa(paisa: number): void {
  if (!Number.isSafeInteger(paisa) || paisa < 0) throw new RangeError(`amount must be a non-negative integer of paisa, got ${paisa}`);
}

/** Rupees with two decimals: 12345 -> "123.45", 10000 -> "100.00" (card). */
export function rupeesFixed2(paisa: number): string {
  assertPaisa(paisa);
  return `${Math.floor(paisa / 100)}.${String(paisa % 100).padStart(2, "0")}`;
}

/** Rupees, decimals only when there are paise: 11000 -> "110", 11050 -> "110.50" (eSewa, FonePay). */
export function rupees(paisa: number): string {
  assertPaisa(paisa);
  return paisa % 100 === 0 ? String(paisa / 100) : rupeesFixed2(paisa);
}

/** Rupees with one decimal and thousands separators, as eSewa's answer may show them: 270000 -> "2,700.0". */
export function rupeesGrouped(paisa: number): string {
  assertPaisa(paisa);
  const whole = Math.floor(paisa / 100).toLocaleString("en-US");
  const cents = paisa % 100;
  return `${whole}.${cents % 10 === 0 ? String(cents / 10) : String(cents).padStart(2, "0")}`;
}

/** For people: "NRs. 1,000.00". */
export function formatNpr(paisa: number): string {
  const [whole, cents] = rupeesFixed2(paisa).split(".");
  return `NRs. ${Number(whole).toLocaleString("en-US")}.${cents}`;
}

/**
 * Paisa from a rupee amount in any format a provider uses: "1000", "1000.0", "1000.50", "2,700.0",
 * " 30 ", or a JSON number. Null for anything else (negative, empty, letters, more than two
 * significant decimals, misplaced separators).
 */
export function parseRupees(value: unknown): number | null {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value) || value < 0) return null;
    const paisa = Math.round(value * 100);
    return Math.abs(paisa - value * 100) < 1e-6 && Number.isSafeInteger(paisa) ? paisa : null;
  }
  if (typeof value !== "string") return null;
  text = value.trim();
  if (!/^(\d{1,3}(,\d{2,3})*|\d+)(\.\d+)?$/.test(text)) return null;
  text = text.replace(/,/g, "");
  const [whole, decimals = ""] = text.split(".");
  const significant = decimals.replace(/0+$/, "");
  if (significant.length > 2) return null;
  const paisa = Number(whole) * 100 + Number(significant.padEnd(2, "0"));
  return Number.isSafeInteger(paisa) ? paisa : null;
}

/** Paisa from an integer paisa amount ("500", 500). Null for anything else. */
export function parsePaisa(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value !== "string" || !/^\d+$/.test(value.trim())) return null;
  const paisa = Number(value.trim());
  return Number.isSafeInteger(paisa) ? paisa : null;
}
