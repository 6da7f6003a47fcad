import { Op, type Transaction } from "sequelize";
import { kathmanduDate } from "../../app/utils/dates";
import { allocateCardNumbers } from "../cards/numbers.server";
import { Registration, Trekker } from "./models/registration.server";
import { EDITABLE_STATUSES } from "./policy";

/**
 * The registration side of a payment. Only the payments module calls these, always inside its
 * own transaction so that bill, statuses and card numbers commit together or not at all.
 */
export async function registrationForPayment(id: number, transaction?: Transaction) {
  const reg = await Registration.findByPk(id, { transaction });
  if (!reg) return null;
  return { id: reg.id, userId: reg.userId, status: reg.status, totalPaisa: reg.totalPaisa ?? null, entryDate: reg.entryDate, routeName: reg.routeName };
}

/** Paid: every trekker without a card gets the next number; the trek is Upcoming or Active. */
export async function markRegistrationPaid(id: number, transaction: Transaction): Promise<number[]> {
  const reg = await Registration.findByPk(id, { transaction });
  if (!reg) throw new Error(`Registration ${id} not found`);
  const status = reg.entryDate > kathmanduDate() ? "Upcoming" : "Active";
  const trekkers = await Trekker.findAll({ where: { registrationId: id, cardNumber: { [Op.is]: null } }, order: [["id", "ASC"]], transaction });
  const numbers = await allocateCardNumbers(trekkers.length, transaction);
  for (const [i, t] of trekkers.entries()) await t.update({ cardNumber: numbers[i], status }, { transaction });
  await reg.update({ status }, { transaction });
  return numbers;
}

/** A failed, declined, pending-voucher or rejected-voucher outcome; only from payable states. */
export async function setUnpaidStatus(id: number, status: "Payment Failure" | "Pending" | "Rejected" | "Payment Pending", transaction?: Transaction): Promise<boolean> {
  const from = status === "Rejected" ? ["Pending"] : [...EDITABLE_STATUSES, "Pending"];
  const [count] = await Registration.update({ status }, { where: { id, status: { [Op.in]: from } }, transaction });
  if (count === 1) await Trekker.update({ status }, { where: { registrationId: id, cardNumber: { [Op.is]: null } }, transaction });
  return count === 1;
}

export async function cardNumbersOf(id: number): Promise<{ trekkerId: number; fullName: string; cardNumber: number | null; trekkerType: number }[]> {
  const rows = await Trekker.findAll({ where: { registrationId: id }, order: [["id", "ASC"]] });
  return rows.map((t) => ({ trekkerId: t.id, fullName: t.fullName, cardNumber: t.cardNumber ?? null, trekkerType: t.trekkerType }));
}
