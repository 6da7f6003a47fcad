import { addDays, isIsoDate } from "@lib/dates";
import { rupeesText } from "@lib/numbers";

/** Nepal days from ≤ day < to. */
export interface DateRange {
  from: string;
  to: string;
}

/** The longest range a page or report reads (a season is about 120 days; a year with room). */
export const MAX_RANGE_DAYS = 400;

const valid = (d: string | null): d is string => isIsoDate(d);

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The range of a dashboard or report URL (?from=&to=): by default (spec 1 §2.4) from 7 days
 * before tomorrow to tomorrow, i.e. the last seven days with today. An impossible range (not a
 * date, to before from, longer than MAX_RANGE_DAYS) falls back to the default with a message.
 */
export function rangeFromQuery(params: URLSearchParams, today: string, defaultDays = 7): { range: DateRange; error: string | null } {
  const tomorrow = addDays(today, 1);
  const fallback = { from: addDays(tomorrow, -defaultDays), to: tomorrow };
  const from = params.get("from");
  const to = params.get("to");
  if (!from && !to) return { range: fallback, error: null };
  if (!valid(from) || !valid(to)) return { range: fallback, error: "Enter both dates as YYYY-MM-DD." };
  const days = daysBetween(from, to);
  if (days <= 0) return { range: fallback, error: "The end date must be after the start date." };
  if (days > MAX_RANGE_DAYS) return { range: fallback, error: `A range can be at most ${MAX_RANGE_DAYS} days.` };
  return { range: { from, to }, error: null };
}

/** Every day of the range, in order. */
export function daysOf(range: DateRange): string[] {
  const out: string[] = [];
  for (let d = range.from; d < range.to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Rupees with the rupee sign ₨ (spec 1 §2.4: "the Nepali rupee sign"), from paisa. */
export function rupees(paisa: number): string {
  return `₨ ${rupeesText(paisa)}`;
}
