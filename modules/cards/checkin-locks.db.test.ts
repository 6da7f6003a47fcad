import { beforeAll, describe, expect, it } from "vitest";
import { addDays, kathmanduDate } from "@lib/dates";
import { isSqlite, sequelize } from "../../db/sequelize.server";
import { prepareTestDatabase } from "../../tests/setup/test-db";
import { makeTrail, trailCards } from "../../tests/factories/checkins";
import { cardForCheckin } from "./checkin-support.server";
import { findCardRecord } from "./card-store.server";

// What a check-in locks (MySQL): its card for update, the card's registration shared. The check-ins
// of one group's cards pass side by side; a move of the registration's cards waits for them.
const today = kathmanduDate();
let cards: Awaited<ReturnType<typeof trailCards>>;

beforeAll(async () => {
  await prepareTestDatabase();
  const { route } = await makeTrail(0);
  cards = await trailCards(route.id, { count: 2, entry: today, exit: addDays(today, 5) });
});

/** A transaction that gives up on a row lock after a second (InnoDB's default waits 50). */
async function impatient<T>(work: (t: Awaited<ReturnType<typeof sequelize.transaction>>) => Promise<T>): Promise<T> {
  const t = await sequelize.transaction();
  try {
    await sequelize.query("SET SESSION innodb_lock_wait_timeout = 1", { transaction: t });
    const out = await work(t);
    await t.commit();
    return out;
  } catch (error) {
    await t.rollback();
    throw error;
  }
}

describe("a check-in's locks", () => {
  // issue 30: MariaDB only: SQLite has one writer at a time and no row locks to share.
  it.skipIf(isSqlite())("two cards of one registration are checked in side by side; a move of the registration waits", async () => {
    const [a, b] = cards;
    expect(a.regId).toBe(b.regId);
    const first = await sequelize.transaction();
    try {
      expect((await cardForCheckin(a.trekkerId, first))?.trekkerId).toBe(a.trekkerId);
      // The other card of the group, while the first check-in is open: no wait.
      const other = await impatient((t) => cardForCheckin(b.trekkerId, t));
      expect(other?.trekkerId).toBe(b.trekkerId);
      // The same card: waits for the first check-in (and gives up after a second here).
      await expect(impatient((t) => cardForCheckin(a.trekkerId, t))).rejects.toThrow(/Lock wait timeout/);
      // A move of the registration's cards (the lifecycle's lock for update): waits too.
      await expect(impatient((t) => findCardRecord(b.trekkerId, t))).rejects.toThrow(/Lock wait timeout/);
    } finally {
      await first.rollback();
    }
    // Once the check-in is over the move goes through.
    expect((await impatient((t) => findCardRecord(b.trekkerId, t)))?.trekkerId).toBe(b.trekkerId);
  });
});
