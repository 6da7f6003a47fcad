import { toDevanagariDigits } from "@lib/numbers";
import { BS_MONTHS } from "./months";

/**
 * Bikram Sambat dates for pages, in the browser as on the server (issue 28 item 3): the converter
 * package (bikram-sambat.server.ts) carries about 48 KB and stays on the server; this is the same
 * calendar as one digit a month (days - 29), 2000-2090 BS, about 1 KB. compact.test.ts checks it
 * gives the package's answer for every day of those years, so the two never differ.
 */
const FIRST_YEAR = 2000;
/** Baishakh 1, 2000 BS. */
const EPOCH_MS = Date.UTC(1943, 3, 14);
const DAY_MS = 86_400_000;
// Ten years a row, Baishakh to Chaitra.
const MONTHS = [
  "132321110102223222101011223321101011232321110012132321110102223222101011223321101011232321110012222322011002223222101011",
  "223321101011232321110012222322011011223222101011223321101011232321110012222322011011223222101011232321101011232321110102",
  "222322101011223222101011232321110011232321110102222322101011223222101011232321110012132321110102223222101011223231101011",
  "232321110012132321110102223222101011223321101011232321110012132322011002223222101011223321101011232321110012222322011011",
  "223222101011223321101011232321110012222322011011223222101011232321101011232321110012222322101011223222101011232321110011",
  "232321110102222322101011223222101011232321110011232321110102223222101011223231101011232321110012132321110102223222101011",
  "223321101011232321110012132322010102223222101011223321101011232321110012222322011002223222101011223321101011232321110012",
  "222322011011223222101011232321101011232321110012222322101011223222101011232321110011232321110102222322101011223222101011",
  "232321110011232321110102223222101011223222101011232321110012132321110102223222101011223222110111123312110111132321110111",
  "132321110111",
].join("");
const YEARS = MONTHS.length / 12;

/** The first day of each year, in days since the epoch, so a date is found by year and then by month. */
const yearStarts: number[] = [0];
for (let y = 0; y < YEARS; y++) {
  let days = 0;
  for (let m = 0; m < 12; m++) days += 29 + Number(MONTHS[y * 12 + m]);
  yearStarts.push(yearStarts[y] + days);
}

export interface BsDay {
  year: number;
  /** 1 = Baishakh … 12 = Chaitra. */
  month: number;
  day: number;
}

/** The BS date of a Gregorian day (YYYY-MM-DD), or null outside 2000-2090 BS. */
export function bsDay(isoDate: string): BsDay | null {
  const ms = Date.parse(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(ms)) return null;
  const days = Math.round((ms - EPOCH_MS) / DAY_MS);
  if (days < 0 || days >= yearStarts[YEARS]) return null;
  let y = 0;
  while (yearStarts[y + 1] <= days) y++;
  let rest = days - yearStarts[y];
  for (let m = 0; m < 12; m++) {
    const length = 29 + Number(MONTHS[y * 12 + m]);
    if (rest < length) return { year: FIRST_YEAR + y, month: m + 1, day: rest + 1 };
    rest -= length;
  }
  return null;
}

/** "२०८३ मंसिर १२": year, month and day as Nepali calendars print them. */
export function bsDayNepali(value: BsDay): string {
  return `${toDevanagariDigits(String(value.year))} ${BS_MONTHS[value.month - 1].devanagari} ${toDevanagariDigits(String(value.day))}`;
}

/** The BS date of a Gregorian day in Nepali, or null outside the table's years (lib/dates.ts setBsWriter). */
export function bsDateNepali(isoDate: string): string | null {
  const bs = bsDay(isoDate);
  return bs ? bsDayNepali(bs) : null;
}

/**
 * The BS date below a table cell that is a date as the lists show it (yyyy/MM/dd, with a time or
 * as a "from - to" range): "२०८३ मंसिर १२", each date's for a range; null for any other cell or
 * outside the table's years. Here, not in lib/ui/table.tsx, so only Nepali pages carry it.
 */
export function bsCellNepali(cell: string): string | null {
  const match = /^(\d{4})\/(\d{2})\/(\d{2})(?: \d{2}:\d{2})?(?: - (\d{4})\/(\d{2})\/(\d{2}))?$/.exec(cell);
  if (!match) return null;
  const first = bsDateNepali(`${match[1]}-${match[2]}-${match[3]}`);
  if (!first || !match[4]) return first;
  const second = bsDateNepali(`${match[4]}-${match[5]}-${match[6]}`);
  return second ? `${first} - ${second}` : null;
}
