import { addDays } from "@lib/dates";
import { BS_FIRST_YEAR, BS_LAST_YEAR, bsMonthLength, fromBikramSambat, toBikramSambat } from "./bikram-sambat.server";

/**
 * Nepal's fiscal year runs from Shrawan 1 to the last day of Ashadh of the next BS year (mid-July
 * to mid-July), and is named by its two BS years: "2082/83" began on Shrawan 1 2082 BS,
 * 2025-07-17. Bounds are Gregorian Nepal days (YYYY-MM-DD), both included.
 */
export interface FiscalYear {
  /** The BS year it starts in (2082 for 2082/83). */
  startYear: number;
  label: string;
  /** Shrawan 1 of startYear. */
  first: string;
  /** The last day of Ashadh of startYear + 1. */
  last: string;
}

const SHRAWAN = 4;
const ASHADH = 3;

export function fiscalYearLabel(startYear: number): string {
  return `${startYear}/${String((startYear + 1) % 100).padStart(2, "0")}`;
}

/** The fiscal year starting in BS year `startYear`, or null when the converter does not know both its years. */
export function fiscalYear(startYear: number): FiscalYear | null {
  if (!Number.isInteger(startYear) || startYear < BS_FIRST_YEAR || startYear + 1 > BS_LAST_YEAR) return null;
  const first = fromBikramSambat({ year: startYear, month: SHRAWAN, day: 1 });
  const ashadhDays = bsMonthLength(startYear + 1, ASHADH);
  const last = ashadhDays === null ? null : fromBikramSambat({ year: startYear + 1, month: ASHADH, day: ashadhDays });
  return first && last ? { startYear, label: fiscalYearLabel(startYear), first, last } : null;
}

/** The fiscal year a Gregorian day belongs to, or null outside the converter's years. */
export function fiscalYearOf(isoDate: string): FiscalYear | null {
  const bs = toBikramSambat(isoDate);
  if (!bs) return null;
  return fiscalYear(bs.month >= SHRAWAN ? bs.year : bs.year - 1);
}

/** "2082/83" (the label as written) to its fiscal year; anything else is null. */
export function parseFiscalYear(label: string): FiscalYear | null {
  const match = /^(\d{4})\/(\d{2})$/.exec(label);
  if (!match) return null;
  const startYear = Number(match[1]);
  return fiscalYearLabel(startYear) === label ? fiscalYear(startYear) : null;
}

/** The fiscal years a range of days (both included) touches, oldest first. */
export function fiscalYearsBetween(first: string, last: string): FiscalYear[] {
  const years: FiscalYear[] = [];
  for (let fy = fiscalYearOf(first); fy && fy.first <= last; fy = fiscalYear(fy.startYear + 1)) {
    years.push(fy);
    // A range past the converter's last year ends the walk with the years it knows.
    if (fy.last >= last) break;
  }
  return years;
}

/** The day after a fiscal year's last: the exclusive end a from/to URL of the dashboard takes. */
export const dayAfter = (fy: FiscalYear): string => addDays(fy.last, 1);
