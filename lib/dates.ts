/**
 * Dates (DESIGN.md): date-only values are "YYYY-MM-DD", "today" is in Asia/Kathmandu, and dates
 * are shown as yyyy/MM/dd.
 */
const KATHMANDU = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kathmandu", year: "numeric", month: "2-digit", day: "2-digit" });
const KATHMANDU_TIME = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Kathmandu", hour: "2-digit", minute: "2-digit", hour12: false });

/** The calendar date in Nepal of an instant, as YYYY-MM-DD. */
export function kathmanduDate(at: Date | string | number = new Date()): string {
  return KATHMANDU.format(new Date(at));
}

/** yyyy/MM/dd for a YYYY-MM-DD value or an instant (taken in Nepal time). */
export function displayDate(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const iso = typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : kathmanduDate(value);
  return iso.replace(/-/g, "/");
}

/** yyyy/MM/dd HH:mm in Nepal time, for logs and remarks. */
export function displayDateTime(value: Date | string | number): string {
  return `${displayDate(value)} ${KATHMANDU_TIME.format(new Date(value))}`;
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
