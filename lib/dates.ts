import type { PageLanguage } from "@lib/i18n/languages";

/**
 * Dates (DESIGN.md): date-only values are "YYYY-MM-DD", "today" is in Asia/Kathmandu, and dates
 * are shown as yyyy/MM/dd.
 */
const KATHMANDU = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kathmandu", year: "numeric", month: "2-digit", day: "2-digit" });
const KATHMANDU_TIME = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Kathmandu", hour: "2-digit", minute: "2-digit", hour12: false });

/**
 * Whether `value` is a real calendar date written YYYY-MM-DD, in the years both databases store
 * (1000-9999): not 0000-00-00, 2026-02-30 or 9999-99-99. Never throws (issue 26: a check that
 * called toISOString() on an invalid date answered 500).
 */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== "string" || !/^[1-9]\d{3}-\d{2}-\d{2}$/.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

/** The calendar date in Nepal of an instant, as YYYY-MM-DD. */
export function kathmanduDate(at: Date | string | number = new Date()): string {
  const ms = typeof at === "string" ? Date.parse(at) : +at;
  return nepalDay(ms)?.iso ?? KATHMANDU.format(new Date(at));
}

/**
 * The one way pages show a date, for a YYYY-MM-DD value or an instant (taken in Nepal time):
 * yyyy/MM/dd, and on a Nepali page (`lng` "ne") the Bikram Sambat date in Nepali with the
 * Gregorian beside it, "२०८३ मंसिर १२ (2026-11-28)" (docs/decisions.md). Without `lng` (exports,
 * logs, e-mails in English) it is the spec's yyyy/MM/dd.
 */
export function displayDate(value: Date | string | number | null | undefined, lng?: PageLanguage): string {
  if (value === null || value === undefined || value === "") return "";
  if (lng === "ne") return nepaliPageDate(value);
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value.replace(/-/g, "/");
  const day = typeof value === "string" ? null : nepalDay(+value);
  return day ? day.shown : kathmanduDate(value).replace(/-/g, "/");
}

/**
 * The BS writer (lib/nepali-calendar/compact.ts, about 2 KB): not imported here, so pages in the
 * other languages do not carry it (the 100 KB budget). The server sets it at start
 * (entry.server.tsx); the browser loads it before hydrating a Nepali page (entry.client.tsx).
 */
let bsWriter: ((isoDate: string) => string | null) | null = null;
let bsCellWriter: ((cell: string) => string | null) | null = null;
export function setBsWriter(writer: (isoDate: string) => string | null, cellWriter?: (cell: string) => string | null): void {
  bsWriter = writer;
  bsCellWriter = cellWriter ?? null;
}

/** The Bikram Sambat beside a list's date cell on a Nepali page, or null (compact.ts bsCellNepali, set with the writer). */
export const bikramSambatOf = (cell: string): string | null => bsCellWriter?.(cell) ?? null;

function nepaliPageDate(value: Date | string | number): string {
  const iso = typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : kathmanduDate(value);
  const bs = bsWriter?.(iso);
  // Outside the years the calendar table knows, the Gregorian date alone.
  return bs ? `${bs} (${iso})` : iso;
}

/**
 * Nepal has kept UTC+05:45 all year since 1986, so from then on an instant's date there is
 * arithmetic, and each day's texts are made once: an export of a million rows formats two dates
 * a row, which Intl.DateTimeFormat made the largest cost after the database. Earlier (or
 * invalid) instants take Intl's answer (null here).
 */
const NEPAL_OFFSET_MS = (5 * 60 + 45) * 60_000;
const DAY_MS = 86_400_000;
const FIXED_OFFSET_FROM = Date.UTC(1986, 0, 1);
const FIXED_OFFSET_UNTIL = Date.UTC(2200, 0, 1);
const days = new Map<number, { iso: string; shown: string }>();
function nepalDay(ms: number): { iso: string; shown: string } | null {
  if (!(ms >= FIXED_OFFSET_FROM && ms < FIXED_OFFSET_UNTIL)) return null;
  const day = Math.floor((ms + NEPAL_OFFSET_MS) / DAY_MS);
  let texts = days.get(day);
  if (!texts) {
    const iso = new Date(day * DAY_MS).toISOString().slice(0, 10);
    texts = { iso, shown: iso.replace(/-/g, "/") };
    if (days.size >= 50_000) days.clear();
    days.set(day, texts);
  }
  return texts;
}

/** yyyy/MM/dd HH:mm in Nepal time, for logs and remarks (the date as displayDate writes it for `lng`). */
export function displayDateTime(value: Date | string | number, lng?: PageLanguage): string {
  return `${displayDate(value, lng)} ${KATHMANDU_TIME.format(new Date(value))}`;
}

/** A YYYY-MM-DD date moved by `days` (negative for earlier), as YYYY-MM-DD. */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The instant a Nepal calendar day starts (Asia/Kathmandu is UTC+05:45 all year). */
export function kathmanduDayStart(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00+05:45`);
}
