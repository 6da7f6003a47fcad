import * as converter from "nepali-date-converter";
import { isIsoDate } from "@lib/dates";
import { toDevanagariDigits } from "@lib/numbers";
import { BS_MONTHS } from "./months";
import { CALENDAR_TEXTS } from "./texts";

/**
 * Bikram Sambat (BS), Nepal's official calendar, over the maintained converter package
 * `nepali-date-converter` (its month lengths follow the published calendars: the test compares
 * them with a fixture of published tables for 2080-2085 BS). Server-only on purpose: the package
 * carries its table of every year (about 48 KB), so pages get BS dates already written by their
 * loaders and no browser bundle grows.
 *
 * Gregorian dates are the project's date-only values ("YYYY-MM-DD", a Nepal day: lib/dates.ts);
 * a BS date is { year, month 1-12, day }.
 */
// The package is CommonJS with an ES build beside it: Vite (the tests) hands over its default
// export, Node's own loader (the server build, tsx) the whole exports object, class under `default`.
const exported = converter.default as unknown as typeof converter.default | { default: typeof converter.default };
const NepaliDate = typeof exported === "function" ? exported : exported.default;
const { dateConfigMap } = converter;

export interface BsDate {
  year: number;
  /** 1 = Baishakh … 4 = Shrawan … 12 = Chaitra. */
  month: number;
  day: number;
}

/** The years the package knows (2000 BS = 1943 AD onwards); conversions outside them return null. */
const YEARS = Object.keys(dateConfigMap)
  .map(Number)
  .sort((a, b) => a - b);
export const BS_FIRST_YEAR = YEARS[0];
export const BS_LAST_YEAR = YEARS[YEARS.length - 1];

/** Days in a BS month, or null for a year the package does not know. */
export function bsMonthLength(year: number, month: number): number | null {
  const lengths = dateConfigMap[String(year)];
  if (!lengths || !Number.isInteger(month) || month < 1 || month > 12) return null;
  // The package keys each year's months by name, in calendar order.
  return Object.values(lengths)[month - 1];
}

export function isBsDate(value: BsDate): boolean {
  const length = bsMonthLength(value.year, value.month);
  return length !== null && Number.isInteger(value.day) && value.day >= 1 && value.day <= length;
}

/**
 * The BS date of a Gregorian day, or null outside the package's years. The package reads a
 * Date's local fields, so the day is handed over as local midnight: the same on any server
 * time zone.
 */
export function toBikramSambat(isoDate: string): BsDate | null {
  // Checked here: the package measures the distance from its epoch with Math.abs, so a day
  // before 2000 BS came back as a mirrored day after it (1900-01-01 as 2043 BS).
  if (!isIsoDate(isoDate) || isoDate < FIRST_DAY || isoDate > LAST_DAY) return null;
  const [y, m, d] = isoDate.split("-").map(Number);
  try {
    const bs = new NepaliDate(new Date(y, m - 1, d)).getBS();
    return { year: bs.year, month: bs.month + 1, day: bs.date };
  } catch {
    return null;
  }
}

/** The Gregorian day (YYYY-MM-DD) of a BS date, or null when there is no such BS date. */
export function fromBikramSambat(value: BsDate): string | null {
  // The package rolls an impossible day over into the next month; an impossible date is refused here.
  if (!isBsDate(value)) return null;
  const ad = new NepaliDate(value.year, value.month - 1, value.day).getAD();
  return `${ad.year}-${String(ad.month + 1).padStart(2, "0")}-${String(ad.date).padStart(2, "0")}`;
}

export interface BsFormat {
  /** "numeric": 2082-08-13 BS; "long": 13 Mangsir 2082 BS (Devanagari: १३ मंसिर २०८२). */
  style?: "numeric" | "long";
  /** Month names and digits in Devanagari. */
  devanagari?: boolean;
  /** Leave out the " BS" mark (when a sentence already says it). */
  bare?: boolean;
}

/** A BS date as text: "2082-08-13 BS", "13 Mangsir 2082 BS", "२०८२-०८-१३", "१३ मंसिर २०८२". */
const FIRST_DAY = fromBikramSambat({ year: BS_FIRST_YEAR, month: 1, day: 1 }) as string;
const LAST_DAY = fromBikramSambat({ year: BS_LAST_YEAR, month: 12, day: bsMonthLength(BS_LAST_YEAR, 12) as number }) as string;

export function formatBs(value: BsDate, { style = "numeric", devanagari = false, bare = false }: BsFormat = {}): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  const month = BS_MONTHS[value.month - 1];
  const text =
    style === "numeric" ? `${value.year}-${pad(value.month)}-${pad(value.day)}` : `${value.day} ${devanagari ? month.devanagari : month.english} ${value.year}`;
  if (devanagari) return bare ? toDevanagariDigits(text) : `${toDevanagariDigits(text)} ${CALENDAR_TEXTS.bsMarkDevanagari}`;
  return bare ? text : `${text} ${CALENDAR_TEXTS.bsMark}`;
}

/** A Gregorian day written in BS ("2082-08-13 BS" or as `format` says), or null outside the package's years. */
export function bsText(isoDate: string, format?: BsFormat): string | null {
  const bs = toBikramSambat(isoDate);
  return bs ? formatBs(bs, format) : null;
}
