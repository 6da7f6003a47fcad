import { beforeAll, describe, expect, it } from "vitest";
import { lastInTransaction, sequelize, writeTransaction } from "./sequelize.server";

// ADR 0052: writes to rows every payment shares (the day's statistics) run at the end of their
// transaction, once per key, keys in order; outside writeTransaction they run at once.
describe("lastInTransaction", () => {
  beforeAll(async () => {
    await sequelize.query("DROP TABLE IF EXISTS last_write_probe");
    await sequelize.query("CREATE TABLE last_write_probe (seq INTEGER NOT NULL, what VARCHAR(40) NOT NULL)");
  });

  const rows = async () => (await sequelize.query("SELECT seq, what FROM last_write_probe ORDER BY seq"))[0] as { seq: number; what: string }[];
  let seq = 0;
  const write = (what: string, transaction?: Parameters<typeof lastInTransaction>[0]) =>
    sequelize.query("INSERT INTO last_write_probe (seq, what) VALUES (?, ?)", { replacements: [++seq, what], transaction });

  it("runs each key once, after the transaction's own work, keys in sorted order", async () => {
    await sequelize.query("DELETE FROM last_write_probe");
    const kept = await writeTransaction(async (t) => {
      const a = await lastInTransaction(t, "b:second", () => write("b", t).then(() => undefined));
      await lastInTransaction(t, "a:first", () => write("a", t).then(() => undefined));
      await lastInTransaction(t, "b:second", () => write("b again", t).then(() => undefined));
      await write("work", t);
      return a;
    });
    expect(kept).toBe(true);
    expect((await rows()).map((r) => r.what)).toEqual(["work", "a", "b"]);
  });

  it("writes nothing when the transaction's work fails", async () => {
    await sequelize.query("DELETE FROM last_write_probe");
    await expect(
      writeTransaction(async (t) => {
        await lastInTransaction(t, "a", () => write("late", t).then(() => undefined));
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(await rows()).toEqual([]);
  });

  it("runs at once in a transaction writeTransaction did not open", async () => {
    await sequelize.query("DELETE FROM last_write_probe");
    await sequelize.transaction(async (t) => {
      expect(await lastInTransaction(t, "a", () => write("now", t).then(() => undefined))).toBe(false);
      await write("after", t);
    });
    expect((await rows()).map((r) => r.what)).toEqual(["now", "after"]);
  });
});
