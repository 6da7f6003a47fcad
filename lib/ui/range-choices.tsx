import { Link, useLocation } from "@remix-run/react";
import type { RangeCaption as Caption, RangeOffer } from "@lib/nepali-calendar/types";
import { CALENDAR_TEXTS } from "@lib/nepali-calendar/texts";
import { PAGE_INDEX_PARAM } from "@lib/page-params";
import { cx } from "@lib/ui/class-names";
import { useT } from "@lib/i18n/context";

/**
 * The ranges a date filter offers (the last 7/30/90 days, the Nepali fiscal years) as links that
 * fill its two date parameters and search at once, so they work without JavaScript; and the range
 * being shown, in Gregorian and Bikram Sambat days. The loader makes both
 * (lib/nepali-calendar/ranges.server.ts): the calendar conversion stays on the server.
 */
export function RangeChoices({ params, offer }: { params: { from: string; to: string }; offer: RangeOffer }) {
  const location = useLocation();
  const current = new URLSearchParams(location.search);
  const { t } = useT();
  return (
    <div className="space-y-2">
      <nav aria-label={t(CALENDAR_TEXTS.quickRangesNav)} className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-gray-700">{t(CALENDAR_TEXTS.quickRanges)}</span>
        {offer.choices.map((choice) => {
          const next = new URLSearchParams(current);
          next.delete(PAGE_INDEX_PARAM);
          next.set(params.from, choice.from);
          next.set(params.to, choice.to);
          const active = current.get(params.from) === choice.from && current.get(params.to) === choice.to;
          return (
            <Link
              key={choice.label}
              to={`${location.pathname}?${next}`}
              aria-current={active ? "true" : undefined}
              className={cx(
                "rounded-full px-3 py-1 ring-1 ring-inset",
                active ? "bg-blue-700 text-white ring-blue-700" : "text-gray-800 ring-gray-300 hover:bg-gray-50",
              )}
            >
              {choice.say ? t(choice.say.key, choice.say.params) : choice.label}
            </Link>
          );
        })}
      </nav>
      {offer.caption ? <RangeCaption caption={offer.caption} /> : null}
    </div>
  );
}

/** "2025/07/17 to 2026/07/16 · 1 Shrawan 2082 to 32 Ashadh 2083 BS · the whole of fiscal year 2082/83", in the page's language. */
export function RangeCaption({ caption }: { caption: Caption }) {
  const { t, lng } = useT();
  const { gregorian, bs, bsDevanagari, fiscal } = caption.say;
  const bsShown = lng === "ne" ? bsDevanagari : bs;
  return (
    <p className="text-sm text-gray-700" data-testid="range-caption">
      <span>{t(gregorian.key, gregorian.params)}</span>
      {bsShown ? <span data-testid="range-caption-bs"> · {t(bsShown.key, bsShown.params)}</span> : null}
      {fiscal ? <span data-testid="range-caption-fiscal"> · {t(fiscal.key, fiscal.params)}</span> : null}
    </p>
  );
}
