import type { Transaction } from "sequelize";
import { kathmanduDate } from "@lib/dates";
import { writeTransaction } from "../../db/sequelize.server";
import { registrationForCards, setRegistrationStatus, trekDatesRefusal, type RegistrationForCards } from "@modules/registration/index.server";
import { logCardEvents, type CardEventInput } from "./card-events.server";
import { moveCards, numberCards, unissuedCardsOf } from "./card-store.server";
import { announceCardsIssued } from "./pdf.server";
import { CARD_TRANSITIONS, CardActionError, issueStatus, nextStatus, UNPAID_FROM, type CardStatus, type UnpaidStatus } from "./lifecycle";

/**
 * The moves that give a registration's cards their numbers ("issue" on payment, "generate" by a
 * grant holder) and the one that keeps them unpaid ("markUnpaid"). The payments module calls
 * issuePaidCards and markCardsUnpaid inside its own transactions, so the bill, the statuses,
 * the numbers and the card_events rows commit together or not at all.
 */

export interface IssuedCard {
  trekkerId: number;
  cardNumber: number;
  fromStatus: string;
}

export interface IssueInput {
  /** YYYY-MM-DD in Nepal; defaults to today there. */
  today?: string;
  /** The user who generated the cards; null for a payment (a system move). */
  userId?: number | null;
  ip?: string | null;
  /** false: no "cards.issued" job (no PDFs, no e-mail) for these cards. */
  announce?: boolean;
}

/**
 * Every live card of the registration without a number, in a status the move starts from, gets
 * the next number and Upcoming (before the entry date) or Active; the registration takes that
 * status; each card logs the move. `reg` is the registration, already locked by the caller.
 */
export async function issueCardsOf(
  reg: RegistrationForCards,
  action: "issue" | "generate",
  input: IssueInput,
  transaction: Transaction,
): Promise<{ status: "Upcoming" | "Active"; cards: IssuedCard[] }> {
  const today = input.today ?? kathmanduDate();
  // Cards generated without payment for a trek already under way: the dates must be changed first
  // (issue 25). A payment's issue goes on: an attempt started while the trek was payable is honoured.
  const pastTrek = action === "generate" ? trekDatesRefusal(reg, today) : null;
  if (pastTrek) throw new CardActionError(pastTrek, 409);
  const status = issueStatus(reg.entryDate, today);
  const cards = await unissuedCardsOf(reg.id, CARD_TRANSITIONS[action].from, transaction);
  if (!cards.length) return { status, cards: [] };
  const ctx = { today, entryDate: reg.entryDate, exitDate: reg.exitDate, scanned: false };
  // The table has the last word on every card, even though the query already filtered.
  for (const c of cards) nextStatus(action, c.status, ctx);
  await setRegistrationStatus(reg.id, status, null, transaction);
  const ip = input.ip?.slice(0, 64) || null;
  await logCardEvents(
    cards.map((c) => ({
      trekkerId: c.trekkerId,
      registrationId: reg.id,
      action,
      fromStatus: c.status,
      toStatus: status,
      reason: null,
      userId: input.userId ?? null,
      ip,
    })),
    transaction,
  );
  // The job that renders and e-mails the cards (unless the caller says not), then the numbers
  // last: the card counter is a row every issue locks until its commit (ADR 0052).
  if (input.announce !== false) await announceCardsIssued(reg, transaction, cards.length);
  const numbers = await numberCards(cards, status, transaction);
  return { status, cards: cards.map((c, i) => ({ trekkerId: c.trekkerId, cardNumber: numbers[i], fromStatus: c.status })) };
}

/**
 * A confirmed payment (gateway or approved voucher): the "issue" move for the registration's
 * unpaid cards, inside the payment's transaction, with the job that renders and e-mails them
 * (unless `announce: false`). `reg` is the registration as the payment read and locked it in
 * that transaction (registrationForPayment). Returns the card numbers given out.
 */
export async function issuePaidCards(
  reg: RegistrationForCards,
  transaction: Transaction,
  opts: { today?: string; announce?: boolean } = {},
): Promise<number[]> {
  const issued = await issueCardsOf(reg, "issue", { today: opts.today, userId: null, announce: opts.announce }, transaction);
  return issued.cards.map((c) => c.cardNumber);
}

/**
 * A payment outcome that leaves the registration unpaid: "Payment Failure" (failed or declined),
 * "Pending" (voucher sent, awaiting review) or "Rejected" (voucher rejected). Only from the
 * statuses UNPAID_FROM names; false (and nothing written) when the registration is not in one,
 * e.g. a late failure answer for a registration that is paid by now. Cards already in the
 * target status stay as they are and log nothing: there was no move.
 */
export async function markCardsUnpaid(registrationId: number, status: UnpaidStatus, transaction?: Transaction): Promise<boolean> {
  if (!transaction) return writeTransaction((t) => markCardsUnpaid(registrationId, status, t));
  const reg = await registrationForCards(registrationId, transaction);
  if (!reg) return false;
  const from: readonly string[] = UNPAID_FROM[status];
  // Decided on the locked row, not on the UPDATE's count: MySQL counts a row set to the status it
  // already has (a second failure answer) as unchanged.
  if (!from.includes(reg.status)) return false;
  await setRegistrationStatus(reg.id, status, from, transaction);
  const cards = (await unissuedCardsOf(reg.id, from, transaction)).filter((c) => c.status !== status);
  const ctx = { today: kathmanduDate(), entryDate: reg.entryDate, exitDate: reg.exitDate, scanned: false, unpaid: status };
  const groups = new Map<string, number[]>();
  const events: CardEventInput[] = [];
  for (const c of cards) {
    const to: CardStatus = nextStatus("markUnpaid", c.status, ctx);
    groups.set(c.status, [...(groups.get(c.status) ?? []), c.trekkerId]);
    events.push({
      trekkerId: c.trekkerId,
      registrationId: reg.id,
      action: "markUnpaid",
      fromStatus: c.status,
      toStatus: to,
      reason: null,
      userId: null,
      ip: null,
    });
  }
  for (const [fromStatus, ids] of groups) {
    if ((await moveCards(ids, fromStatus, status, transaction)) !== ids.length)
      throw new Error(`Registration ${reg.id}: cards changed while being marked ${status}`);
  }
  await logCardEvents(events, transaction);
  return true;
}
