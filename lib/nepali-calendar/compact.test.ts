import { describe, expect, it } from "vitest";
import { addDays, bikramSambatOf, displayDate, displayDateTime, setBsWriter } from "@lib/dates";
import { BS_FIRST_YEAR, BS_LAST_YEAR, fromBikramSambat, toBikramSambat } from "./bikram-sambat.server";
import { bsCellNepali, bsDateNepali, bsDay } from "./compact";
import { PUBLISHED_CALENDAR } from "./published-calendar.fixture";

describe("the pages' compact BS table", () => {
  it("gives the converter package's date for every day of the package's years", () => {
    const first = fromBikramSambat({ year: BS_FIRST_YEAR, month: 1, day: 1 })!;
    const afterLast =
      fromBikramSambat({ year: BS_LAST_YEAR + 1, month: 1, day: 1 }) ?? addDays(fromBikramSambat({ year: BS_LAST_YEAR, month: 12, day: 1 })!, 40);
    let days = 0;
    for (let iso = first; iso < afterLast; iso = addDays(iso, 1), days++) {
      const expected = toBikramSambat(iso);
      if (!expected) break;
      expect(bsDay(iso), iso).toEqual(expected);
    }
    expect(days).toBeGreaterThan(90 * 365);
    expect(bsDay(addDays(first, -1))).toBeNull();
  });

  it("agrees with the published calendar, 2080-2085 BS", () => {
    for (const [year, { baishakh1, shrawan1 }] of Object.entries(PUBLISHED_CALENDAR)) {
      expect(bsDay(baishakh1)).toEqual({ year: Number(year), month: 1, day: 1 });
      expect(bsDay(shrawan1)).toEqual({ year: Number(year), month: 4, day: 1 });
    }
  });
});

describe("dates on pages", () => {
  // As entry.server.tsx does at start.
  setBsWriter(bsDateNepali);

  it("shows the BS date in Nepali with the Gregorian beside it on a Nepali page", () => {
    expect(displayDate("2026-11-28", "ne")).toBe("२०८३ मंसिर १२ (2026-11-28)");
    // New Year 2083 and the first day of the fiscal year 2082/83, as the calendars print them.
    expect(displayDate("2026-04-14", "ne")).toBe("२०८३ वैशाख १ (2026-04-14)");
    expect(displayDate("2025-07-17", "ne")).toBe("२०८२ साउन १ (2025-07-17)");
    // An instant is its day in Nepal: 20:00 UTC on 27 November is already the 28th there.
    expect(displayDate(new Date("2026-11-27T20:00:00Z"), "ne")).toBe("२०८३ मंसिर १२ (2026-11-28)");
    expect(displayDateTime(new Date("2026-11-27T20:00:00Z"), "ne")).toBe("२०८३ मंसिर १२ (2026-11-28) 01:45");
  });

  it("shows the Gregorian date alone outside the calendar's years, and nothing for no date", () => {
    expect(displayDate("1900-01-01", "ne")).toBe("1900-01-01");
    expect(displayDate(null, "ne")).toBe("");
  });

  it("leaves every other language, and no language, as the spec writes dates", () => {
    for (const lng of [undefined, "en", "fr", "ja", "pseudo"] as const) {
      expect(displayDate("2026-11-28", lng)).toBe("2026/11/28");
      expect(displayDate(new Date("2026-11-27T20:00:00Z"), lng)).toBe("2026/11/28");
    }
  });
});

describe("the Bikram Sambat beside a list's date cell", () => {
  // As entry.server.tsx does at start.
  setBsWriter(bsDateNepali, bsCellNepali);

  it("reads a date as the lists show it, with a time or as a range; nothing else", () => {
    expect(bikramSambatOf("2026/11/28")).toBe("२०८३ मंसिर १२");
    expect(bikramSambatOf("2026/11/28 10:05")).toBe("२०८३ मंसिर १२");
    expect(bikramSambatOf("2026/04/14 - 2026/11/28")).toBe("२०८३ वैशाख १ - २०८३ मंसिर १२");
    for (const other of ["", "Active", "100023", "2026-11-28", "2026/11/28 (Nepal time)", "1900/01/01"]) expect(bikramSambatOf(other), other).toBeNull();
  });
});
