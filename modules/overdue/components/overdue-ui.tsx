import { Form, Link } from "@remix-run/react";
import { displayDate } from "@lib/dates";
import { Button, LinkButton } from "@lib/ui/button";
import { FormErrors, TextArea } from "@lib/ui/field";

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
  return (
    <section aria-labelledby="overdue-summary" className="rounded-lg bg-white p-5 shadow-sm sm:col-span-2">
      <h2 id="overdue-summary" className="text-sm font-medium text-slate-500">
        Overdue trekkers
      </h2>
      <p className={`mt-2 text-3xl font-bold ${summary.open ? "text-red-700" : "text-slate-800"}`} data-testid="overdue-total">
        {summary.open}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-1 text-xs text-slate-600">
        <dt>Not checked out</dt>
        <dd className="text-right font-medium">{summary.noCheckout}</dd>
        <dt>Never seen</dt>
        <dd className="text-right font-medium">{summary.neverSeen}</dd>
      </dl>
      {summary.oldest.length ? (
        <ul className="mt-3 space-y-2 text-sm">
          {summary.oldest.map((o) => (
            <li key={o.trekkerId} className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span>
                <span className="font-medium text-slate-800">{o.fullName}</span> · card {o.cardNumber ?? "—"} · {o.routeName}
                <span className="block text-xs text-slate-600">
                  {o.reasonLabel} (since {displayDate(o.dueDate)})
                </span>
              </span>
              <Link
                to={`/overdue-cases/${o.trekkerId}`}
                className="text-blue-700 hover:underline"
                aria-label={`Case of ${o.fullName}, card ${o.cardNumber ?? "—"}`}
              >
                Case
              </Link>
              <Link
                to={`/trekkers/${o.trekkerId}/safe?tab=trekkers&overdue=1`}
                className="text-blue-700 hover:underline"
                aria-label={`Mark safe ${o.fullName}, card ${o.cardNumber ?? "—"}`}
              >
                Mark safe
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-3 flex flex-wrap gap-x-4 text-sm">
        <Link to={LIST_URL} className="font-semibold text-blue-700 hover:underline">
          All overdue trekkers
        </Link>
        <Link to="/overdue-cases" className="font-semibold text-blue-700 hover:underline">
          Open cases
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
  return (
    <div>
      <p className="text-slate-700">
        {overdue.fullName} · card {overdue.cardNumber ?? "—"} · {overdue.routeName}
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {overdue.reasonLabel} (since {displayDate(overdue.dueDate)}).
      </p>
      <Form method="post" className="mt-4 space-y-3">
        <TextArea label="Note" name="note" rows={3} required hint="How the trekker was found safe (at least 10 characters)." errors={errors?.note} />
        <FormErrors errors={errors?.form ?? []} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit">Mark Safe</Button>
          <LinkButton to={backTo} variant="secondary" preventScrollReset>
            Back
          </LinkButton>
        </div>
      </Form>
    </div>
  );
}
