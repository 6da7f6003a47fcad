import type { Transaction } from "sequelize";
import { displayDate } from "@lib/dates";
import { notify } from "@modules/notifications/index.server";
import { Op } from "sequelize";
import type { RegistrationForCards } from "@modules/registration/index.server";
import { TrekkerCard } from "./card-model.server";
import type { CardRecord } from "./card-store.server";
import type { CardMove } from "./lifecycle";

/**
 * The notifications the card lifecycle raises (issue 17): written in the transaction of the move
 * or issue they tell of, for the user who registered the trek, and for TAAN when that user is an
 * agency and the event is one TAAN acts on (returns).
 */
/** The issued registration as the issue has it already locked (not read again for the notice). */
export type IssuedRegistration = Pick<RegistrationForCards, "id" | "userId" | "routeName" | "entryDate" | "exitDate">;

export async function notifyCardsIssued(reg: IssuedRegistration, transaction: Transaction, numbering: number): Promise<void> {
  const registrationId = reg.id;
  // Read in the issuing transaction, before the `numbering` cards being issued get their numbers
  // (the counter is taken last, ADR 0052): those numbered before, and these.
  const numbered = await TrekkerCard.count({ where: { registrationId, cardNumber: { [Op.ne]: null }, deletedAt: { [Op.is]: null } }, transaction });
  const issued = numbered + numbering;
  await notify(
    {
      kind: "cards-issued",
      to: [reg.userId],
      title: issued === 1 ? `TIMS card issued for ${reg.routeName}` : `${issued} TIMS cards issued for ${reg.routeName}`,
      body: `The cards of registration #${reg.id} (${displayDate(reg.entryDate)} to ${displayDate(reg.exitDate)}) are issued and e-mailed to the trekkers.`,
      link: `/new-register/${reg.id}`,
    },
    transaction,
  );
}

const NOTICES: Partial<Record<CardMove, { kind: "card-cancelled" | "return-approved" | "return-rejected"; title: (c: CardRecord) => string; taan: boolean }>> =
  {
    cancel: { kind: "card-cancelled", title: (c) => `Card ${c.cardNumber ?? ""} of ${c.fullName} cancelled`, taan: false },
    approveReturn: { kind: "return-approved", title: (c) => `Return of card ${c.cardNumber ?? ""} (${c.fullName}) approved`, taan: true },
    rejectReturn: { kind: "return-rejected", title: (c) => `Return of card ${c.cardNumber ?? ""} (${c.fullName}) rejected`, taan: true },
  };

export async function notifyCardMove(action: CardMove, card: CardRecord, reason: string | null, transaction: Transaction): Promise<void> {
  const notice = NOTICES[action];
  if (!notice) return;
  await notify(
    {
      kind: notice.kind,
      to: [card.ownerId],
      copyTaanForAgencies: notice.taan,
      title: notice.title(card).replace(/\s+/g, " "),
      body: reason ? `Remarks: ${reason}` : "No remarks were given.",
      link: `/tims-cards/${card.trekkerId}`,
      taanLink: `/trekkers?name=${encodeURIComponent(card.fullName)}`,
    },
    transaction,
  );
}
