/**
 * Numbers as Nepali readers write them: the last three digits, then groups of two (lakh and
 * crore: 12,34,567 is twelve lakh thirty-four thousand five hundred sixty-seven), optionally in
 * Devanagari digits. The amounts' words in the same grouping are the receipt's
 * (modules/payments/amount-words.ts). Written out rather than left to Intl's "en-IN" so the
 * server and every browser give the same text, whatever locale data they carry.
 */
const DEVANAGARI_DIGITS = "०१२३४५६७८९";

/** Western digits 0-9 replaced by Devanagari ones (०-९); everything else left as it is. */
export function toDevanagariDigits(text: string): string {
  return text.replace(/[0-9]/g, (d) => DEVANAGARI_DIGITS[Number(d)]);
}

export interface LakhFormat {
  /** Digits after the decimal point (rounded); 0 by default. */
  fractionDigits?: number;
  devanagari?: boolean;
}

/** 1234567 → "12,34,567"; 123456789.5 with 2 fraction digits → "12,34,56,789.50". */
export function groupLakh(value: number, { fractionDigits = 0, devanagari = false }: LakhFormat = {}): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a number to format: ${value}`);
  const [whole, fraction] = Math.abs(value).toFixed(fractionDigits).split(".");
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3);
  const grouped = rest ? `${rest.replace(/\B(?=(\d{2})+$)/g, ",")},${last3}` : last3;
  const sign = value < 0 && /[1-9]/.test(whole + (fraction ?? "")) ? "-" : "";
  const text = `${sign}${grouped}${fraction ? `.${fraction}` : ""}`;
  return devanagari ? toDevanagariDigits(text) : text;
}

/** Rupees from paisa, grouped: "2,000", "12,34,567.50" (paisa shown only when there are any). */
export function rupeesText(paisa: number, opts: Omit<LakhFormat, "fractionDigits"> = {}): string {
  return groupLakh(paisa / 100, { ...opts, fractionDigits: paisa % 100 ? 2 : 0 });
}

/** "NRs. 2,000" (amounts are whole rupees in practice; paisa shown only when present). */
export function formatNrs(paisa: number): string {
  return `NRs. ${rupeesText(paisa)}`;
}
