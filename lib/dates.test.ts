import { displayDate, isIsoDate, kathmanduDate } from "./dates";

const intl = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kathmandu", year: "numeric", month: "2-digit", day: "2-digit" });

describe("Nepal dates", () => {
  it("match Intl's Asia/Kathmandu date for instants from 1986 on, at the day's edges too", () => {
    const instants = [
      Date.UTC(2026, 0, 1, 18, 14, 59, 999),
      Date.UTC(2026, 0, 1, 18, 15, 0, 0),
      Date.UTC(2024, 1, 28, 18, 15),
      Date.UTC(2024, 1, 29, 23, 59),
      Date.UTC(1986, 0, 1, 0, 0),
      Date.UTC(1985, 11, 31, 18, 20), // before Nepal moved to +05:45: Intl decides
    ];
    let seed = 42;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      instants.push(Date.UTC(1986, 0, 1) + (seed / 2 ** 31) * (Date.UTC(2100, 0, 1) - Date.UTC(1986, 0, 1)));
    }
    for (const ms of instants) {
      expect(kathmanduDate(ms)).toBe(intl.format(new Date(ms)));
      expect(kathmanduDate(new Date(ms))).toBe(intl.format(new Date(ms)));
      expect(displayDate(new Date(ms))).toBe(intl.format(new Date(ms)).replace(/-/g, "/"));
    }
  });

  it("show date-only values as they are, and nothing for none", () => {
    expect(displayDate("2026-03-04")).toBe("2026/03/04");
    expect(displayDate(null)).toBe("");
    expect(displayDate("")).toBe("");
    expect(kathmanduDate("2026-01-01T18:15:00Z")).toBe("2026-01-02");
    expect(() => kathmanduDate("not a date")).toThrow(RangeError);
  });

  it("isIsoDate: real calendar dates only, and never throws (issue 26)", () => {
    for (const good of ["2026-02-28", "2024-02-29", "1000-01-01", "9999-12-31"]) expect(isIsoDate(good)).toBe(true);
    for (const bad of [
      "0000-00-00",
      "2026-02-30",
      "2025-02-29",
      "9999-99-99",
      "0999-12-31",
      "2026-1-01",
      " 2026-01-01",
      "2026-01-01T00:00",
      "",
      null,
      20260101,
    ])
      expect(isIsoDate(bad)).toBe(false);
  });
});
