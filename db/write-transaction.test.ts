import { beforeAll, describe, expect, it } from "vitest";
import { isSqlite, sequelize, writeTransaction } from "./sequelize.server";

// Two transactions locking two rows in opposite orders: InnoDB picks one as the deadlock's victim
// and rolls it back; writeTransaction runs the victim again, so both commit.
describe("writeTransaction on MySQL", () => {
  beforeAll(async () => {
    if (isSqlite()) return;
    await sequelize.query("DROP TABLE IF EXISTS deadlock_probe");
    await sequelize.query("CREATE TABLE deadlock_probe (id INT PRIMARY KEY, hits INT NOT NULL DEFAULT 0) ENGINE=InnoDB");
    await sequelize.query("INSERT INTO deadlock_probe (id) VALUES (1), (2)");
  });

  // issue 27: MariaDB only: SQLite takes one writer at a time and never deadlocks; the "mariadb"
  // project (TEST_DATABASE_URL, set in CI) runs it.
  it.skipIf(isSqlite())("runs a deadlock's victim again, so both transactions commit", async () => {
    let runs = 0;
    const locked = [0, 1].map(() => {
      let done!: () => void;
      const promise = new Promise<void>((resolve) => (done = resolve));
      return { promise, done };
    });
    const crossing = (first: number, second: number, mine: number, theirs: number) =>
      writeTransaction(async (transaction) => {
        runs++;
        await sequelize.query("UPDATE deadlock_probe SET hits = hits + 1 WHERE id = ?", { replacements: [first], transaction });
        locked[mine].done();
        await locked[theirs].promise; // on a retry, already resolved: no crossing this time
        await sequelize.query("UPDATE deadlock_probe SET hits = hits + 1 WHERE id = ?", { replacements: [second], transaction });
      });
    await Promise.all([crossing(1, 2, 0, 1), crossing(2, 1, 1, 0)]);
    expect(runs).toBe(3);
    const [rows] = await sequelize.query("SELECT id, hits FROM deadlock_probe ORDER BY id");
    expect(rows).toEqual([
      { id: 1, hits: 2 },
      { id: 2, hits: 2 },
    ]);
  });
});
