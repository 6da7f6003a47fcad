import { Form, Link } from "@remix-run/react";
import { useT } from "@lib/i18n/context";
import { Button } from "@lib/ui/button";
import { FormErrors, TextArea } from "@lib/ui/field";
import type { CaseMove } from "../cases";

export interface CaseMoveChoice {
  move: CaseMove;
  label: string;
  confirm: string | null;
}

export interface CaseMoveFormProps {
  moves: CaseMoveChoice[];
  errors?: { note?: string[]; confirm?: string[]; form?: string[] } | null;
}

/**
 * The move form as a plain POST form (works without JavaScript): the moves the table lets this
 * viewer make now, a required note, and the escalation's confirmation box (the server refuses an
 * escalation without it).
 */
export function CaseMoveForm({ moves, errors }: CaseMoveFormProps) {
  const { t } = useT();
  if (!moves.length) return <p className="text-sm text-slate-600">{t("No move is yours to make on this case now.")}</p>;
  const confirm = moves.find((m) => m.confirm)?.confirm ?? null;
  return (
    <Form method="post" className="space-y-3">
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{t("Move the case to")}</legend>
        <div className="mt-1 flex flex-wrap gap-3">
          {moves.map((m, i) => (
            <label key={m.move} className="flex items-center gap-1 text-sm">
              <input type="radio" name="move" value={m.move} defaultChecked={i === 0} required />
              {t(m.label)}
            </label>
          ))}
        </div>
      </fieldset>
      <TextArea label="Note" name="note" rows={3} required hint="Who was called, what was learned (at least 10 characters)." errors={errors?.note} />
      {confirm ? (
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="confirm" value="1" aria-describedby={errors?.confirm ? "confirm-error" : undefined} />
          <span>{t("{{confirm}} (needed to escalate)", { confirm: t(confirm) })}</span>
        </label>
      ) : null}
      {errors?.confirm ? (
        <p id="confirm-error" className="text-sm text-red-700">
          {t(errors.confirm[0] ?? "")}
        </p>
      ) : null}
      <FormErrors errors={errors?.form ?? []} />
      <Button type="submit">{t("Record move")}</Button>
    </Form>
  );
}

/** The link from a case to its rescue sheet and the sheet's PDF. */
export function RescueSheetLinks({ trekkerId }: { trekkerId: number }) {
  const { t } = useT();
  return (
    <p className="flex flex-wrap gap-4 text-sm">
      <Link to={`/overdue-cases/${trekkerId}/sheet`} className="font-semibold text-blue-700 hover:underline">
        {t("Rescue sheet")}
      </Link>
      <a href={`/overdue-cases/${trekkerId}/sheet/pdf`} className="font-semibold text-blue-700 hover:underline" download>
        {t("Rescue sheet (PDF)")}
      </a>
    </p>
  );
}
