import { describe, expect, it } from "vitest";
import { addDays } from "@lib/dates";
import { BS_FIRST_YEAR, bsMonthLength, bsText, formatBs, fromBikramSambat, toBikramSambat } from "./bikram-sambat.server";
import { PUBLISHED_CALENDAR } from "./published-calendar.fixture";

const years = Object.keys(PUBLISHED_CALENDAR).map(Number);
const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

describe("the published calendar fixture", () => {
  it("is consistent in itself: each New Year follows the previous year's days, Shrawan 1 the first three months", () => {
    for (const year of years) {
      const y = PUBLISHED_CALENDAR[year];
      expect(addDays(y.baishakh1, sum(y.monthDays.slice(0, 3)))).toBe(y.shrawan1);
      const next = PUBLISHED_CALENDAR[year + 1];
      if (next) expect(addDays(y.baishakh1, sum(y.monthDays))).toBe(next.baishakh1);
    }
  });
});

describe("the converter against the published calendar, 2080-2085 BS", () => {
  it.each(years)("%i BS: month lengths", (year) => {
    const fromPackage = Array.from({ length: 12 }, (_, i) => bsMonthLength(year, i + 1));
    expect(fromPackage).toEqual(PUBLISHED_CALENDAR[year].monthDays);
  });

  it.each(years)("%i BS: Baishakh 1 and Shrawan 1, both ways", (year) => {
    const { baishakh1, shrawan1 } = PUBLISHED_CALENDAR[year];
    expect(fromBikramSambat({ year, month: 1, day: 1 })).toBe(baishakh1);
    expect(fromBikramSambat({ year, month: 4, day: 1 })).toBe(shrawan1);
    expect(toBikramSambat(baishakh1)).toEqual({ year, month: 1, day: 1 });
    expect(toBikramSambat(shrawan1)).toEqual({ year, month: 4, day: 1 });
    // The day before is the last of the previous month.
    expect(toBikramSambat(addDays(shrawan1, -1))).toEqual({ year, month: 3, day: PUBLISHED_CALENDAR[year].monthDays[2] });
  });

  it("walks every day of 2080-2085 BS in order, each month as long as published, and back", () => {
    let iso = PUBLISHED_CALENDAR[2080].baishakh1;
    for (const year of years) {
      PUBLISHED_CALENDAR[year].monthDays.forEach((days, i) => {
        for (let day = 1; day <= days; day++) {
          expect(toBikramSambat(iso)).toEqual({ year, month: i + 1, day });
          expect(fromBikramSambat({ year, month: i + 1, day })).toBe(iso);
          iso = addDays(iso, 1);
        }
      });
    }
  });
});

describe("BS dates", () => {
  it("refuses impossible dates and those outside the converter's years", () => {
    expect(fromBikramSambat({ year: 2082, month: 8, day: 30 })).toBeNull(); // Mangsir 2082 has 29 days
    expect(fromBikramSambat({ year: 2082, month: 13, day: 1 })).toBeNull();
    expect(fromBikramSambat({ year: 1990, month: 1, day: 1 })).toBeNull();
    expect(toBikramSambat("2026-02-30")).toBeNull();
    expect(toBikramSambat("1900-01-01")).toBeNull();
    expect(toBikramSambat("2099-01-01")).toBeNull();
    // The converter's first day (Baishakh 1 2000 BS) converts; the day before is refused rather than mirrored.
    const epoch = fromBikramSambat({ year: BS_FIRST_YEAR, month: 1, day: 1 }) as string;
    expect(toBikramSambat(epoch)).toEqual({ year: BS_FIRST_YEAR, month: 1, day: 1 });
    expect(toBikramSambat(addDays(epoch, -1))).toBeNull();
  });

  it("are written numerically or with the month's name, in Latin or Devanagari digits", () => {
    const mangsir13 = { year: 2082, month: 8, day: 13 };
    expect(formatBs(mangsir13)).toBe("2082-08-13 BS");
    expect(formatBs(mangsir13, { style: "long" })).toBe("13 Mangsir 2082 BS");
    expect(formatBs(mangsir13, { devanagari: true })).toBe("२०८२-०८-१३ वि.सं.");
    expect(formatBs(mangsir13, { style: "long", devanagari: true, bare: true })).toBe("१३ मंसिर २०८२");
    expect(bsText("2025-07-17", { style: "long" })).toBe("1 Shrawan 2082 BS");
    expect(bsText("2025-11-29")).toBe("2082-08-13 BS");
    expect(bsText("not a date")).toBeNull();
  });

  it("do not depend on the server's time zone", () => {
    // The package reads local fields; the conversion hands it local midnight, so an offset west or east of UTC gives the same day.
    const before = process.env.TZ;
    try {
      for (const tz of ["America/Los_Angeles", "Asia/Kathmandu", "Pacific/Kiritimati"]) {
        process.env.TZ = tz;
        expect(toBikramSambat("2025-07-17")).toEqual({ year: 2082, month: 4, day: 1 });
        expect(fromBikramSambat({ year: 2082, month: 4, day: 1 })).toBe("2025-07-17");
      }
    } finally {
      process.env.TZ = before;
    }
  });
});
