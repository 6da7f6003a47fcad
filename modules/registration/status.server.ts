import { Op, QueryTypes, type Transaction } from "sequelize";
import { sequelize } from "../../db/sequelize.server";
import { Registration } from "./models/registration.server";

/**
 * The registration's own status, written for the cards module inside its transactions: a
 * registration takes the status its cards take when they are issued or marked unpaid, and
 * follows its treks' dates in the daily sweep. The card statuses themselves are the cards
 * module's; registration never writes them.
 */

/**
 * Sets the status, only from `from` when given, so a late payment answer changes nothing. True
 * when a row changed; MySQL counts a row that already had the status as unchanged, so callers
 * that must tell "not allowed" from "already so" decide on the row they locked.
 */
export async function setRegistrationStatus(id: number, status: string, from: readonly string[] | null, transaction: Transaction): Promise<boolean> {
  const where = from ? { id, status: { [Op.in]: [...from] } } : { id };
  const [count] = await Registration.update({ status }, { where, transaction });
  return count === 1;
}

/**
 * Up to `limit` live trekker ids after `afterId`, oldest first, whose trek has started by
 * `today` while they are in one of `started`, or has ended before `today` while in one of
 * `ended`. The cards module asks with its statuses (Upcoming, Active) and locks the rows itself.
 */
export async function trekkersDueByTrekDates(
  query: { today: string; started: readonly string[]; ended: readonly string[]; afterId: number; limit: number },
  transaction: Transaction,
): Promise<number[]> {
  const { today, started, ended, afterId } = query;
  if (!started.length || !ended.length) throw new Error("trekkersDueByTrekDates needs both status lists");
  const marks = (list: readonly string[]) => list.map(() => "?").join(", ");
  // One branch per status list, each a range of the (status, deletedAt, registrationId) index:
  // only live cards in those statuses are read (a few thousand of a million), never the whole
  // table, which an OR over both lists walked in id order when nothing was due.
  const branch = (statuses: readonly string[], dateTest: string) =>
    "SELECT t.id AS id FROM trekkers t JOIN registrations r ON r.id = t.registrationId " +
    `WHERE t.status IN (${marks(statuses)}) AND t.deletedAt IS NULL AND t.id > ? AND ${dateTest}`;
  const found = await sequelize.query<{ id: number }>(
    `SELECT id FROM (${branch(started, "r.entryDate <= ?")} UNION ALL ${branch(ended, "r.exitDate < ?")}) due ORDER BY id LIMIT ${Math.max(1, Math.floor(query.limit))}`,
    { replacements: [...started, afterId, today, ...ended, afterId, today], type: QueryTypes.SELECT, transaction },
  );
  return found.map((r) => Number(r.id));
}

/**
 * A paid registration's status follows its dates as its cards do: Upcoming → Active on the entry
 * date; after the exit date Completed if `completedIn` says one of its cards completed, else
 * Missed. Returns the number of status changes (activated and finished in one run counts twice).
 * At most `limit` of each kind a call (the sweep calls again, each in its own short transaction,
 * until nothing changes: docs/adr/0041-batched-maintenance.md).
 */
export async function sweepRegistrationStatuses(
  today: string,
  completedIn: (registrationIds: readonly number[], transaction: Transaction) => Promise<ReadonlySet<number>>,
  transaction: Transaction,
  limit?: number,
): Promise<number> {
  // Found with plain reads, then changed by id: the UPDATEs lock only the rows they change.
  const starting = await Registration.findAll({
    where: { status: "Upcoming", entryDate: { [Op.lte]: today } },
    attributes: ["id"],
    order: [["id", "ASC"]],
    limit,
    transaction,
  });
  let changed = 0;
  if (starting.length) {
    changed += (await Registration.update({ status: "Active" }, { where: { id: { [Op.in]: starting.map((r) => r.id) }, status: "Upcoming" }, transaction }))[0];
  }
  const over = await Registration.findAll({
    where: { status: "Active", exitDate: { [Op.lt]: today } },
    attributes: ["id"],
    order: [["id", "ASC"]],
    limit,
    transaction,
  });
  if (over.length) {
    const ids = over.map((r) => r.id);
    const done = await completedIn(ids, transaction);
    const completedIds = ids.filter((id) => done.has(id));
    const missedIds = ids.filter((id) => !done.has(id));
    if (completedIds.length)
      changed += (await Registration.update({ status: "Completed" }, { where: { id: { [Op.in]: completedIds }, status: "Active" }, transaction }))[0];
    if (missedIds.length)
      changed += (await Registration.update({ status: "Missed" }, { where: { id: { [Op.in]: missedIds }, status: "Active" }, transaction }))[0];
  }
  return changed;
}

/**
 * Unpaid registrations (in one of `from`) whose trek ended before `today` take `to`, the cards
 * module's terminal status for them (Expired, issue 25), so they can no longer be paid. Their
 * cards move in the cards module's own sweep. Returns how many changed.
 */
export async function expireUnpaidRegistrations(today: string, from: readonly string[], to: string, transaction: Transaction, limit?: number): Promise<number> {
  // Found with a plain read (the status, exitDate index), then changed by id and status.
  const over = await Registration.findAll({
    where: { status: { [Op.in]: [...from] }, exitDate: { [Op.lt]: today } },
    attributes: ["id"],
    order: [["id", "ASC"]],
    limit,
    transaction,
  });
  if (!over.length) return 0;
  const [changed] = await Registration.update(
    { status: to },
    { where: { id: { [Op.in]: over.map((r) => r.id) }, status: { [Op.in]: [...from] } }, transaction },
  );
  return changed;
}
