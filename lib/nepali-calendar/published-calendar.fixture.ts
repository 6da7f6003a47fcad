/**
 * Published Nepali calendar data for 2080-2085 BS, written down independently of the converter
 * package so the test can catch it disagreeing.
 *
 * Source of the month lengths: the calendar of Nepali Patro (nepalipatro.com.np, which prints the
 * Nepal Panchanga Nirnayak Bikas Samiti's calendar), as its monthly pages give them, e.g.
 * https://nepalipatro.com.np/calendar/bs/2083-06. The same figures are transcribed, with those
 * links, in opensource-nepal/node-nepali-datetime issue #82 (2082-2085, April 2024) and
 * medic/bikram-sambat issues #26 (2081-2082) and #31 (2083, June 2026); Hamro Patro
 * (english.hamropatro.com/calendar/<year>/<month>) agrees for 2080-2083. For 2084 and 2085 Hamro
 * Patro printed other lengths in 2024 (2084: 31 31 32 31 31 30 30 30 29 30 30 30; 2085: 31 32 31
 * 32 30 31 30 30 29 30 30 30): those years' calendars are not final until the Samiti publishes
 * them, a year or so ahead, and the table here must then be checked again.
 *
 * Baishakh 1 (New Year) of 2080-2083 as the calendars print it: 2023-04-14, 2024-04-13,
 * 2025-04-14, 2026-04-14; for 2084 and 2085 it follows from the lengths above. Shrawan 1, the
 * fiscal year's first day, is 2025-07-17 for 2082 (the fiscal year 2082/83 began on Thursday
 * 17 July 2025).
 */
export interface PublishedYear {
  baishakh1: string;
  shrawan1: string;
  /** Baishakh … Chaitra. */
  monthDays: readonly number[];
}

export const PUBLISHED_CALENDAR: Readonly<Record<number, PublishedYear>> = {
  2080: { baishakh1: "2023-04-14", shrawan1: "2023-07-17", monthDays: [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 30] },
  2081: { baishakh1: "2024-04-13", shrawan1: "2024-07-16", monthDays: [31, 32, 31, 32, 31, 30, 30, 30, 29, 30, 29, 31] },
  2082: { baishakh1: "2025-04-14", shrawan1: "2025-07-17", monthDays: [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30] },
  2083: { baishakh1: "2026-04-14", shrawan1: "2026-07-17", monthDays: [31, 31, 32, 31, 31, 31, 30, 29, 30, 29, 30, 30] },
  2084: { baishakh1: "2027-04-14", shrawan1: "2027-07-17", monthDays: [31, 32, 31, 32, 31, 30, 30, 30, 29, 29, 30, 31] },
  2085: { baishakh1: "2028-04-14", shrawan1: "2028-07-16", monthDays: [30, 32, 31, 32, 31, 30, 30, 30, 29, 30, 29, 31] },
};
