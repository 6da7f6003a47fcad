import path from "node:path";
import { describe, expect, it } from "vitest";
import { READ_ONLY_MODULES, readOnlyBreaches, writesIn } from "./read-only-modules";

const root = path.resolve(__dirname, "../..");

// One owner per table (ADR 0001): a module that reads the others' tables to check them (the
// ledger, ADR 0039) owns none and writes none; what it must tell, it tells through an owner.
describe("read-only modules", () => {
  it("write nothing: no writing SQL, no model writes, no write transactions", () => {
    expect(READ_ONLY_MODULES).toContain("ledger");
    expect(readOnlyBreaches(root)).toEqual([]);
  });

  it("catches a deliberate breach, and lets reads and comments through", () => {
    expect(writesIn('await sequelize.query("UPDATE bills SET amountPaisa = 0 WHERE id = ?")')).toEqual(["SQL write: UPDATE bills SET"]);
    expect(writesIn("await sequelize.query(`DELETE FROM daily_stats`)")).toEqual(["SQL write: DELETE FROM"]);
    expect(writesIn("await sequelize.query(`CREATE TEMPORARY TABLE x AS SELECT 1`)")).toEqual(["SQL write: CREATE TEMPORARY TABLE"]);
    expect(writesIn("await Bill.update({ amountPaisa: 0 }, { where: {} })")).toEqual(["model write: .update("]);
    expect(writesIn("await writeTransaction(async (t) => {})")).toEqual(["write helper: writeTransaction"]);
    expect(
      writesIn("const n = await select(`SELECT COUNT(*) FROM bills b WHERE NOT EXISTS (SELECT 1 FROM payment_refunds f)`); // UPDATE bills SET nothing"),
    ).toEqual([]);
    expect(writesIn("/* DELETE FROM x: the owner does that */ const updatedAt = row.updatedAt;")).toEqual([]);
  });
});
