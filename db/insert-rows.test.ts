import { beforeAll, describe, expect, it } from "vitest";
import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { sequelize, writeTransaction } from "./sequelize.server";
import { insertRows } from "./insert-rows.server";

class Probe extends Model<InferAttributes<Probe>, InferCreationAttributes<Probe>> {
  declare id: CreationOptional<number>;
  declare note: string;
  declare flag: CreationOptional<boolean>;
  declare day: CreationOptional<Date | null>;
  declare kind: CreationOptional<string>;
  declare createdAt: CreationOptional<Date>;
}
Probe.init(
  {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    note: { type: DataTypes.TEXT, allowNull: false, field: "note_text" },
    flag: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    day: DataTypes.DATE,
    kind: { type: DataTypes.STRING(20), allowNull: false, defaultValue: "Remarks" },
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "insert_rows_probe", updatedAt: false },
);

beforeAll(async () => {
  await Probe.sync({ force: true });
});

describe("insertRows: one statement, bound values", () => {
  it("stores a NUL byte and quotes as given, where bulkCreate's inline SQL fails on SQLite", async () => {
    const tricky = "bad\u0000scan ' \" \\ ); DROP TABLE insert_rows_probe; --";
    const day = new Date("2026-03-21T05:45:00.000Z");
    await insertRows(Probe, [{ note: tricky, flag: true, day }, { note: "second" }]);
    const rows = await Probe.findAll({ order: [["id", "ASC"]] });
    expect(rows.map((r) => [r.note, r.flag, r.kind])).toEqual([
      [tricky, true, "Remarks"],
      ["second", false, "Remarks"],
    ]);
    expect(rows[0].day?.toISOString()).toBe(day.toISOString());
    expect(rows[1].day).toBeNull();
    expect(rows.every((r) => r.createdAt instanceof Date && !Number.isNaN(r.createdAt.getTime()))).toBe(true);
  });

  it("writes nothing when the transaction it runs in fails afterwards", async () => {
    const before = await Probe.count();
    await expect(
      writeTransaction(async (transaction) => {
        await insertRows(Probe, [{ note: "a" }, { note: "b" }], { transaction });
        throw new Error("forced failure after the insert");
      }),
    ).rejects.toThrow("forced failure");
    expect(await Probe.count()).toBe(before);
  });

  it("splits a large batch into statements under the bound-value limit", async () => {
    const before = await Probe.count();
    await insertRows(
      Probe,
      Array.from({ length: 4001 }, (_, i) => ({ note: `row ${i}` })),
    );
    expect(await Probe.count()).toBe(before + 4001);
  });

  it("does nothing for no rows", async () => {
    await expect(insertRows(Probe, [])).resolves.toBeUndefined();
  });
});
