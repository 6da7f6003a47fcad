import { Form } from "@remix-run/react";
import type { RangeOffer } from "@lib/nepali-calendar/types";
import { RangeChoices } from "@lib/ui/range-choices";
import type { DateRange } from "../range";
import { useT } from "@lib/i18n/context";

/**
 * The date range as a plain GET form (works without JS): from ≤ day < to; under it the Nepali
 * fiscal years as links and the range in both calendars (`offer`, made by the loader).
 */
export function RangeForm({ range, error, label, offer }: { range: DateRange; error: string | null; label: string; offer: RangeOffer }) {
  const { t } = useT();
  return (
    <div className="space-y-2">
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label={t(label)}>
        <label className="flex flex-col text-sm text-slate-700">
          {t("From")}
          <input type="date" name="from" defaultValue={range.from} required className="mt-1 rounded border border-slate-300 px-2 py-1" />
        </label>
        <label className="flex flex-col text-sm text-slate-700">
          {t("To (not included)")}
          <input type="date" name="to" defaultValue={range.to} required className="mt-1 rounded border border-slate-300 px-2 py-1" />
        </label>
        <button type="submit" className="rounded bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800">
          {t("Show")}
        </button>
        {error && (
          <p role="alert" className="w-full text-sm text-red-700">
            {error}
          </p>
        )}
      </Form>
      <RangeChoices params={{ from: "from", to: "to" }} offer={offer} />
    </div>
  );
}
