/**
 * Every text the Nepali calendar helpers and the date-range choices show, in one place, so the
 * translation work (issue 28 item 3) can move them into its language files as they stand.
 */

export const CALENDAR_TEXTS = {
  bsMark: "BS",
  bsMarkDevanagari: "वि.सं.",
  /** The name of a Nepali fiscal year, "2082/83". */
  fiscalYear: (label: string) => `Fiscal year ${label}`,
  /** The current fiscal year, offered up to today. */
  fiscalYearToDate: (label: string) => `Fiscal year ${label} (to date)`,
  lastDays: (days: number) => `Last ${days} days`,
  quickRanges: "Quick ranges:",
  quickRangesNav: "Quick date ranges",
  /** A range's Gregorian and BS days, as shown under the range's form. */
  rangeDays: (from: string, to: string) => `${from} to ${to}`,
  rangeInBs: (from: string, to: string) => `${from} to ${to}`,
  // How a range lies against the fiscal years: texts with their values in ranges.server.ts (rangeCaption), said where shown.
} as const;
