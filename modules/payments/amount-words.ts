/**
 * The receipt's amount in words (spec 2 §2, §9): Indian grouping — crore (10^7), lakh (10^5),
 * thousand, hundred — as "Nrs … Only.", with paisa when there are any. Amounts are in paisa so
 * nothing is lost to floating point.
 */
const ONES = [
  "Zero",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n];
  return TENS[Math.floor(n / 10)] + (n % 10 ? ` ${ONES[n % 10]}` : "");
}

/** Words for a whole number of rupees, grouped the Indian way; crores above 99 repeat the grouping. */
export function rupeesInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not an amount: ${n}`);
  if (n === 0) return ONES[0];
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  let rest = n % 10_000_000;
  if (crore) parts.push(`${rupeesInWords(crore)} Crore`);
  const groups: [number, string][] = [
    [100_000, "Lakh"],
    [1_000, "Thousand"],
    [100, "Hundred"],
  ];
  for (const [size, name] of groups) {
    const count = Math.floor(rest / size);
    if (count) parts.push(`${belowHundred(count)} ${name}`);
    rest %= size;
  }
  if (rest) parts.push(belowHundred(rest));
  return parts.join(" ");
}

/** "Nrs One Thousand Only.", "Nrs Twelve Crore … Eighty Nine and Fifty Paisa Only." */
export function amountInWords(paisa: number): string {
  if (!Number.isSafeInteger(paisa) || paisa < 0) throw new RangeError(`Not an amount: ${paisa}`);
  const rupees = Math.floor(paisa / 100);
  const rest = paisa % 100;
  const words = rest ? `${rupeesInWords(rupees)} and ${belowHundred(rest)} Paisa` : rupeesInWords(rupees);
  return `Nrs ${words} Only.`;
}
