import { Form } from "@remix-run/react";
import { useT } from "@lib/i18n/context";
import { Button, LinkButton } from "@lib/ui/button";
import { FormErrors, TextArea } from "@lib/ui/field";
import { DEFAULT_CONFIRM_MESSAGE } from "@lib/ui/modal";
import type { CardMove } from "@modules/cards";

/** Each card move's confirmation: its title and button (spec 2 §4: cancel, delete, return decisions). */
export const MOVE_TEXTS: Record<CardMove, { title: string; button: string; danger: boolean }> = {
  cancel: { title: "Cancel Card", button: "Cancel Card", danger: true },
  delete: { title: "Delete Trekker", button: "Delete", danger: true },
  return: { title: "Return Card", button: "Return Card", danger: false },
  approveReturn: { title: "Approve Return", button: "Approve", danger: false },
  rejectReturn: { title: "Reject Return", button: "Reject", danger: true },
};

/**
 * The title of a move's own page (/cards/:id/:move): what the spec's rule makes of its URL (the last
 * segment in upper case, lib/title.ts), written out so a Nepali page says it.
 */
export const MOVE_PAGE_TITLES: Record<CardMove, string> = {
  cancel: "CANCEL",
  delete: "DELETE",
  return: "RETURN",
  approveReturn: "APPROVERETURN",
  rejectReturn: "REJECTRETURN",
};

/** A move page's title from its loader data (RouteHandle.title): the card's move. */
export const moveTitle = (data: unknown): string | undefined => {
  const move = (data as { move?: unknown } | null | undefined)?.move;
  // Not isCardMove: a value import of the cards module here changed how the build shares its chunks (+2 KB on /scanned-trekker).
  return typeof move === "string" && Object.hasOwn(MOVE_PAGE_TITLES, move) ? MOVE_PAGE_TITLES[move as CardMove] : undefined;
};

export interface CardMoveFormProps {
  /** What the module's cardForMove answered: the card and the move's reason rule. */
  card: { move: CardMove; fullName: string; cardNumber: number | null; status: string; reason: "required" | "optional" | "none" };
  /** A refusal from the action: its message and the field it belongs to. */
  refusal?: { error: string; field: string | null } | null;
  backTo: string;
  backLabel?: string;
}

/**
 * The confirmation of a card move as a plain POST form: the reason (required moves need 10+
 * characters, checked by the module), the refusal under its field, confirm and back.
 */
export function CardMoveForm({ card, refusal, backTo, backLabel = "Back" }: CardMoveFormProps) {
  const texts = MOVE_TEXTS[card.move];
  const { t } = useT();
  return (
    <div>
      <p className="text-slate-700">
        {t("{{name}} · card {{card}} · {{detail}}", {
          name: card.fullName,
          card: card.cardNumber === null ? "—" : String(card.cardNumber),
          detail: t(card.status),
        })}
      </p>
      <p className="mt-2 text-sm text-slate-600">{t(DEFAULT_CONFIRM_MESSAGE)}</p>
      <Form method="post" className="mt-4 space-y-3">
        {card.reason !== "none" ? (
          <TextArea
            label={card.reason === "required" ? "Reason" : "Remarks (optional)"}
            name="reason"
            rows={3}
            required={card.reason === "required"}
            errors={refusal?.field === "reason" ? [refusal.error] : undefined}
          />
        ) : null}
        <FormErrors errors={refusal?.error && refusal.field !== "reason" ? [refusal.error] : []} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant={texts.danger ? "danger" : "primary"}>
            {t(texts.button)}
          </Button>
          <LinkButton to={backTo} variant="secondary" preventScrollReset>
            {t(backLabel)}
          </LinkButton>
        </div>
      </Form>
    </div>
  );
}
