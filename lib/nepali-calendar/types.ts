/**
 * What a page's date-range controls receive from its loader (browser-safe: the calendar's
 * conversions run on the server, lib/nepali-calendar/*.server.ts).
 */

/** A range a link fills in: `from` and `to` as the page's URL takes them (its own end convention). */
export interface RangeChoice {
  label: string;
  from: string;
  to: string;
}

/** The range being shown, in the Gregorian and the Bikram Sambat calendars, and against the fiscal years. */
export interface RangeCaption {
  gregorian: string;
  /** Null when a day falls outside the years the BS converter knows. */
  bs: string | null;
  /** "the whole of fiscal year 2082/83", "within …", "spans fiscal years … and …". */
  fiscal: string | null;
}

export interface RangeOffer {
  choices: RangeChoice[];
  caption: RangeCaption | null;
}
