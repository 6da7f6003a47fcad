import { Form, Link } from "@remix-run/react";
import { displayDate } from "@lib/dates";
import { Button, LinkButton } from "@lib/ui/button";
import { FormErrors, TextArea } from "@lib/ui/field";
import { useT } from "@lib/i18n/context";
import { formatNumber } from "@lib/i18n/translate";

/** What the dashboard block and the dialog show of an overdue trekker (OverdueView, serialized). */
export interface OverdueRow {
  trekkerId: number;
  fullName: string;
  cardNumber: number | null;
  routeName: string;
  reasonLabel: string;
  dueDate: string;
}

export interface OverdueBlockProps {
  summary: { open: number; noCheckout: number; neverSeen: number; oldest: OverdueRow[] };
}

const LIST_URL = "/trekkers?tab=trekkers&overdue=1";

/** The board's dashboard block: how many trekkers are overdue, by reason, and the longest overdue. */
export function OverdueBlock({ summary }: OverdueBlockProps) {
  const { t, lng } = useT();
  const count = (value: number) => (lng === "ne" ? formatNumber(lng, value) : value);
  return (
    <section aria-labelledby="overdue-summary" className="rounded-lg bg-white p-5 shadow-sm sm:col-span-2">
      <h2 id="overdue-summary" className="text-sm font-medium text-slate-500">
        {t("Overdue trekkers")}
      </h2>
      <p className={`mt-2 text-3xl font-bold ${summary.open ? "text-red-700" : "text-slate-800"}`} data-testid="overdue-total">
        {count(summary.open)}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-1 text-xs text-slate-600">
        <dt>{t("Not checked out")}</dt>
        <dd className="text-right font-medium">{count(summary.noCheckout)}</dd>
        <dt>{t("Never seen")}</dt>
        <dd className="text-right font-medium">{count(summary.neverSeen)}</dd>
      </dl>
      {summary.oldest.length ? (
        <ul className="mt-3 space-y-2 text-sm">
          {summary.oldest.map((o) => (
            <li key={o.trekkerId} className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span>
                <span className="font-medium text-slate-800">{o.fullName}</span> · {t("card {{number}}", { number: String(o.cardNumber ?? "—") })} ·{" "}
                {o.routeName}
                <span className="block text-xs text-slate-600">
                  {t("{{reason}} (since {{date}})", { reason: t(o.reasonLabel), date: displayDate(o.dueDate, lng) })}
                </span>
              </span>
              <Link
                to={`/overdue-cases/${o.trekkerId}`}
                className="text-blue-700 hover:underline"
                aria-label={t("Case of {{name}}, card {{number}}", { name: o.fullName, number: String(o.cardNumber ?? "—") })}
              >
                {t("Case")}
              </Link>
              <Link
                to={`/trekkers/${o.trekkerId}/safe?tab=trekkers&overdue=1`}
                className="text-blue-700 hover:underline"
                aria-label={t("Mark safe {{name}}, card {{number}}", { name: o.fullName, number: String(o.cardNumber ?? "—") })}
              >
                {t("Mark safe")}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-3 flex flex-wrap gap-x-4 text-sm">
        <Link to={LIST_URL} className="font-semibold text-blue-700 hover:underline">
          {t("All overdue trekkers")}
        </Link>
        <Link to="/overdue-cases" className="font-semibold text-blue-700 hover:underline">
          {t("Open cases")}
        </Link>
      </p>
    </section>
  );
}

export interface MarkSafeFormProps {
  overdue: OverdueRow;
  /** The note's errors, or a refusal of the whole form. */
  errors?: { note?: string[]; form?: string[] } | null;
  backTo: string;
}

/** The mark-safe confirmation as a plain POST form: the required note, confirm and back. */
export function MarkSafeForm({ overdue, errors, backTo }: MarkSafeFormProps) {
  const { t, lng } = useT();
  return (
    <div>
      <p className="text-slate-700">
        {t("{{name}} · card {{card}} · {{detail}}", {
          name: overdue.fullName,
          card: overdue.cardNumber === null ? "—" : String(overdue.cardNumber),
          detail: overdue.routeName,
        })}
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {t("{{reason}} (since {{date}}).", { reason: t(overdue.reasonLabel), date: displayDate(overdue.dueDate, lng) })}
      </p>
      <Form method="post" className="mt-4 space-y-3">
        <TextArea label="Note" name="note" rows={3} required hint="How the trekker was found safe (at least 10 characters)." errors={errors?.note} />
        <FormErrors errors={errors?.form ?? []} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit">{t("Mark Safe")}</Button>
          <LinkButton to={backTo} variant="secondary" preventScrollReset>
            {t("Back")}
          </LinkButton>
        </div>
      </Form>
    </div>
  );
}
