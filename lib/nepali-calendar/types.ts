/**
 * What a page's date-range controls receive from its loader (browser-safe: the calendar's
 * conversions run on the server, lib/nepali-calendar/*.server.ts).
 */

/** A range a link fills in: `from` and `to` as the page's URL takes them (its own end convention). */
export interface RangeChoice {
  label: string;
  /** The label as a text to translate and its values ("Last {{days}} days", { days: 7 }), for the page's language (ADR 0047). */
  say?: Say;
  from: string;
  to: string;
}

/** A text to translate and its values, said in the page's language where it is shown (ADR 0047). */
export interface Say {
  key: string;
  params: Record<string, string | number>;
}

/** The range being shown, in the Gregorian and the Bikram Sambat calendars, and against the fiscal years. */
export interface RangeCaption {
  gregorian: string;
  /** Null when a day falls outside the years the BS converter knows. */
  bs: string | null;
  /** "the whole of fiscal year 2082/83", "within …", "spans fiscal years … and …". */
  fiscal: string | null;
  /**
   * The same three as texts to translate: the BS days with their month names and digits in
   * Devanagari for a Nepali page (`bsDevanagari`), in English for the others.
   */
  say: { gregorian: Say; bs: Say | null; bsDevanagari: Say | null; fiscal: Say | null };
}

export interface RangeOffer {
  choices: RangeChoice[];
  caption: RangeCaption | null;
}
