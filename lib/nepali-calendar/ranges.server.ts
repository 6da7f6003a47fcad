import { addDays, displayDate } from "@lib/dates";
import { bsText } from "./bikram-sambat.server";
import { fiscalYear, fiscalYearOf, fiscalYearsBetween } from "./fiscal-year.server";
import { CALENDAR_TEXTS } from "./texts";
import type { RangeCaption, RangeChoice, Say } from "./types";

/**
 * The fiscal years a date range offers, and how a chosen range reads in both calendars: one
 * place for the dashboard's range, the reports and every list with date filters (billing among
 * them). docs/decisions.md says which years are offered and why.
 */

/** The current fiscal year and the three before it: a year-end comparison needs the last ones. */
export const OFFERED_FISCAL_YEARS = 4;

/**
 * "Fiscal year 2082/83" choices, newest first. The current one runs to today ("to date"): it has no
 * figures past today, and a per-day chart would otherwise draw months of empty days. `endExclusive`
 * says how the page's URL ends a range (the dashboard's `to` is the day after; list filters
 * include their end day).
 */
export function fiscalYearChoices(today: string, { endExclusive }: { endExclusive: boolean }): RangeChoice[] {
  const current = fiscalYearOf(today);
  if (!current) return [];
  const end = (last: string) => (endExclusive ? addDays(last, 1) : last);
  const choices: RangeChoice[] = [
    {
      label: CALENDAR_TEXTS.fiscalYearToDate(current.label),
      say: { key: "Fiscal year {{label}} (to date)", params: { label: current.label } },
      from: current.first,
      to: end(today),
    },
  ];
  for (let start = current.startYear - 1; choices.length < OFFERED_FISCAL_YEARS; start--) {
    const fy = fiscalYear(start);
    if (!fy) break;
    choices.push({
      label: CALENDAR_TEXTS.fiscalYear(fy.label),
      say: { key: "Fiscal year {{label}}", params: { label: fy.label } },
      from: fy.first,
      to: end(fy.last),
    });
  }
  return choices;
}

/**
 * A range of days (both included) as the page shows it: Gregorian as the project writes dates,
 * Bikram Sambat beside it, and where it lies against the fiscal years. A range is never cut to
 * a fiscal year: one that straddles Shrawan 1 says which fiscal years it spans.
 */
export function rangeCaption(first: string, last: string, today: string): RangeCaption {
  const bsDays = (devanagari: boolean) => {
    const from = bsText(first, { style: "long", bare: true, devanagari });
    const to = bsText(last, { style: "long", bare: true, devanagari });
    return from && to ? { key: "{{from}} to {{to}} BS", params: { from, to } } : null;
  };
  const bs = bsDays(false);
  const years = fiscalYearsBetween(first, last);
  let fiscal: Say | null = null;
  if (years.length > 1) {
    const labels = years.map((fy) => fy.label);
    fiscal = { key: "spans fiscal years {{years}} and {{last}}", params: { years: labels.slice(0, -1).join(", "), last: labels[labels.length - 1] } };
  } else if (years.length === 1) {
    const [fy] = years;
    if (first === fy.first && last === fy.last) fiscal = { key: "the whole of fiscal year {{label}}", params: { label: fy.label } };
    else if (first === fy.first && last === today) fiscal = { key: "fiscal year {{label}} to date", params: { label: fy.label } };
    else fiscal = { key: "within fiscal year {{label}}", params: { label: fy.label } };
  }
  const gregorian = { key: "{{from}} to {{to}}", params: { from: displayDate(first), to: displayDate(last) } };
  return {
    gregorian: CALENDAR_TEXTS.rangeDays(displayDate(first), displayDate(last)),
    bs: bs ? CALENDAR_TEXTS.rangeInBs(String(bs.params.from), `${bs.params.to} ${CALENDAR_TEXTS.bsMark}`) : null,
    fiscal: fiscal ? englishOf(fiscal) : null,
    say: { gregorian, bs, bsDevanagari: bsDays(true), fiscal },
  };
}

/** A caption's text in English (the keys are the English words). */
function englishOf({ key, params }: Say): string {
  return key.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
}
