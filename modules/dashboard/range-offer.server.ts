import { addDays } from "@lib/dates";
import { fiscalYearChoices, rangeCaption } from "@lib/nepali-calendar/ranges.server";
import type { RangeCaption, RangeOffer } from "@lib/nepali-calendar/types";
import type { DateRange } from "./range";

/**
 * The dashboard's and the reports' quick ranges (the Nepali fiscal years, beside the From/To
 * dates) in their URL's convention, `to` being the day after the last, and the range shown in
 * both calendars.
 */
export function rangeOffer(range: DateRange, today: string): RangeOffer {
  return { choices: fiscalYearChoices(today, { endExclusive: true }), caption: shownRange(range, today) };
}

/** The range's days (`to` not included) in the Gregorian and BS calendars and against the fiscal years. */
export function shownRange(range: DateRange, today: string): RangeCaption {
  return rangeCaption(range.from, addDays(range.to, -1), today);
}
