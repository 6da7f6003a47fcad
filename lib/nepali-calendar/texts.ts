/**
 * Every text the Nepali calendar helpers and the date-range choices show, in one place, so the
 * translation work (issue 28 item 3) can move them into its language files as they stand.
 */

/** The BS months in order, in the spellings Nepal's calendars print (English and Devanagari). */
export const BS_MONTHS: readonly { english: string; devanagari: string }[] = [
  { english: "Baishakh", devanagari: "वैशाख" },
  { english: "Jestha", devanagari: "जेठ" },
  { english: "Ashadh", devanagari: "असार" },
  { english: "Shrawan", devanagari: "साउन" },
  { english: "Bhadra", devanagari: "भदौ" },
  { english: "Ashwin", devanagari: "असोज" },
  { english: "Kartik", devanagari: "कार्तिक" },
  { english: "Mangsir", devanagari: "मंसिर" },
  { english: "Poush", devanagari: "पुष" },
  { english: "Magh", devanagari: "माघ" },
  { english: "Falgun", devanagari: "फागुन" },
  { english: "Chaitra", devanagari: "चैत" },
];

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
  /** How a range lies against the fiscal years. */
  isFiscalYear: (label: string) => `the whole of fiscal year ${label}`,
  isFiscalYearToDate: (label: string) => `fiscal year ${label} to date`,
  withinFiscalYear: (label: string) => `within fiscal year ${label}`,
  spansFiscalYears: (labels: readonly string[]) => `spans fiscal years ${labels.slice(0, -1).join(", ")} and ${labels[labels.length - 1]}`,
} as const;
