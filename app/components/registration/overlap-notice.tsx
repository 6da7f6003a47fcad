import { Link } from "@remix-run/react";
import { displayDate } from "@lib/dates";
import type { OverlappingCard } from "@modules/registration";
import { useT } from "@lib/i18n/context";
import { richText } from "@lib/i18n/rich";

/**
 * The registration page's warning of cards its trekkers' passports already hold for overlapping
 * dates (overlaps.server.ts): before payment, so nobody pays twice for one walk. The other card's
 * number and link only for a viewer who may open it.
 */
export function OverlapNotice({ overlaps }: { overlaps: readonly OverlappingCard[] }) {
  const translator = useT();
  const { t, lng } = translator;
  if (!overlaps.length) return null;
  return (
    <section
      role="note"
      aria-labelledby="overlap-title"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      data-testid="overlap-notice"
    >
      <h3 id="overlap-title" className="font-semibold">
        {t("Already registered for these dates?")}
      </h3>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {overlaps.map((o, i) => (
          <li key={`${o.trekkerId}-${i}`}>
            {richText(translator, "{{name}}'s passport already holds {{card}} for {{from}} to {{to}}, which overlaps this trek.", {
              name: o.fullName,
              card:
                o.cardNumber !== null && o.registrationId !== null ? (
                  <Link to={`/new-register/${o.registrationId}`} reloadDocument className="font-medium underline">
                    {t("TIMS card {{number}}", { number: String(o.cardNumber) })}
                  </Link>
                ) : (
                  t("a TIMS card")
                ),
              from: displayDate(o.entryDate, lng),
              to: displayDate(o.exitDate, lng),
            })}
          </li>
        ))}
      </ul>
      <p className="mt-2">{t("Check before paying: a trekker needs one card per trek.")}</p>
    </section>
  );
}
