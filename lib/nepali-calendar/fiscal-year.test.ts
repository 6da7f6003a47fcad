import { serverTranslator } from "@lib/i18n/i18n.server";
import { describe, expect, it } from "vitest";
import { addDays } from "@lib/dates";
import { fiscalYear, fiscalYearOf, fiscalYearsBetween, parseFiscalYear } from "./fiscal-year.server";
import { fiscalYearChoices, rangeCaption } from "./ranges.server";
import { PUBLISHED_CALENDAR } from "./published-calendar.fixture";

describe("the Nepali fiscal year (Shrawan 1 to the end of Ashadh)", () => {
  it("2082/83 runs from 2025-07-17 to 2026-07-16", () => {
    expect(fiscalYear(2082)).toEqual({ startYear: 2082, label: "2082/83", first: "2025-07-17", last: "2026-07-16" });
    expect(parseFiscalYear("2082/83")).toEqual(fiscalYear(2082));
  });

  it.each([2080, 2081, 2082, 2083, 2084])("%i: from the published Shrawan 1 to the day before the next one", (year) => {
    const fy = fiscalYear(year)!;
    expect(fy.first).toBe(PUBLISHED_CALENDAR[year].shrawan1);
    expect(fy.last).toBe(addDays(PUBLISHED_CALENDAR[year + 1].shrawan1, -1));
    expect(fiscalYearOf(fy.first)?.label).toBe(fy.label);
    expect(fiscalYearOf(fy.last)?.label).toBe(fy.label);
    expect(fiscalYearOf(addDays(fy.first, -1))?.startYear).toBe(year - 1);
    expect(fiscalYearOf(addDays(fy.last, 1))?.startYear).toBe(year + 1);
  });

  it("names a year's end across a century and refuses other labels", () => {
    expect(fiscalYear(2049)?.label).toBe("2049/50");
    expect(parseFiscalYear("2082/84")).toBeNull();
    expect(parseFiscalYear("2082-83")).toBeNull();
    expect(parseFiscalYear("2090/91")).toBeNull(); // 2091 BS is past the converter's years
    expect(fiscalYearOf("1900-01-01")).toBeNull();
  });

  it("lists the fiscal years a range touches", () => {
    expect(fiscalYearsBetween("2025-08-01", "2025-09-01").map((f) => f.label)).toEqual(["2082/83"]);
    expect(fiscalYearsBetween("2025-07-16", "2025-07-17").map((f) => f.label)).toEqual(["2081/82", "2082/83"]);
    expect(fiscalYearsBetween("2024-01-01", "2026-08-01").map((f) => f.label)).toEqual(["2080/81", "2081/82", "2082/83", "2083/84"]);
  });
});

describe("the fiscal years a date range offers", () => {
  it("the current one to date and the three before, in the URL's end convention", () => {
    expect(fiscalYearChoices("2026-11-28", { endExclusive: true })).toMatchObject([
      { label: "Fiscal year 2083/84 (to date)", from: "2026-07-17", to: "2026-11-29" },
      { label: "Fiscal year 2082/83", from: "2025-07-17", to: "2026-07-17" },
      { label: "Fiscal year 2081/82", from: "2024-07-16", to: "2025-07-17" },
      { label: "Fiscal year 2080/81", from: "2023-07-17", to: "2024-07-16" },
    ]);
    expect(fiscalYearChoices("2026-07-16", { endExclusive: false }).slice(0, 2)).toMatchObject([
      { label: "Fiscal year 2082/83 (to date)", from: "2025-07-17", to: "2026-07-16" },
      { label: "Fiscal year 2081/82", from: "2024-07-16", to: "2025-07-16" },
    ]);
    // The label again as a text to translate with its value (ADR 0047).
    expect(fiscalYearChoices("2026-07-16", { endExclusive: false })[1].say).toEqual({ key: "Fiscal year {{label}}", params: { label: "2081/82" } });
    // On Shrawan 1 the new year is offered from its first day.
    expect(fiscalYearChoices("2026-07-17", { endExclusive: false })[0]).toMatchObject({
      label: "Fiscal year 2083/84 (to date)",
      from: "2026-07-17",
      to: "2026-07-17",
    });
  });

  it("captions a range in both calendars and against the fiscal years", () => {
    expect(rangeCaption("2025-07-17", "2026-07-16", "2026-11-28")).toMatchObject({
      gregorian: "2025/07/17 to 2026/07/16",
      bs: "1 Shrawan 2082 to 32 Ashadh 2083 BS",
      fiscal: "the whole of fiscal year 2082/83",
    });
    expect(rangeCaption("2026-07-17", "2026-11-28", "2026-11-28").fiscal).toBe("fiscal year 2083/84 to date");
    expect(rangeCaption("2025-08-01", "2025-08-31", "2026-11-28").fiscal).toBe("within fiscal year 2082/83");
    expect(rangeCaption("2025-07-01", "2025-07-31", "2026-11-28")).toMatchObject({
      gregorian: "2025/07/01 to 2025/07/31",
      bs: "17 Ashadh 2082 to 15 Shrawan 2082 BS",
      fiscal: "spans fiscal years 2081/82 and 2082/83",
    });
    expect(rangeCaption("1900-01-01", "1900-01-31", "2026-11-28")).toMatchObject({ gregorian: "1900/01/01 to 1900/01/31", bs: null, fiscal: null });
  });

  it("gives the caption's parts as texts to translate, the BS days also in Devanagari (a Nepali page's)", () => {
    const { say } = rangeCaption("2025-07-01", "2025-07-31", "2026-11-28");
    expect(say.gregorian).toEqual({ key: "{{from}} to {{to}}", params: { from: "2025/07/01", to: "2025/07/31" } });
    expect(say.bs).toEqual({ key: "{{from}} to {{to}} BS", params: { from: "17 Ashadh 2082", to: "15 Shrawan 2082" } });
    expect(say.bsDevanagari).toEqual({ key: "{{from}} to {{to}} BS", params: { from: "१७ असार २०८२", to: "१५ साउन २०८२" } });
    expect(say.fiscal).toEqual({ key: "spans fiscal years {{years}} and {{last}}", params: { years: "2081/82", last: "2082/83" } });
    const nepali = serverTranslator("ne");
    expect(nepali.t(say.bsDevanagari!.key, say.bsDevanagari!.params)).toBe("वि.सं. १७ असार २०८२ देखि १५ साउन २०८२ सम्म");
  });
});
