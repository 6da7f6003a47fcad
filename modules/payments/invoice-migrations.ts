import { DataTypes, QueryTypes } from "sequelize";
import type { Migration } from "../contract";
import { invoiceSequenceOf, missingRuns } from "./invoice-numbers";

/** Why the numbers of the first numbering were never issued; billing shows it beside each run. */
export const LEGACY_VOID_REASON =
  "Never issued: before invoice numbers were allocated with their bills, each followed its registration's number, and these registrations were never paid.";

/**
 * Invoice numbers (issue 25): one counter, taken in the transaction that writes the bill, so a
 * payment that fails or buys nothing uses no number and the sequence has no gaps. Bills written
 * before took their registration's number (INV-<registration id>), which left the numbers of
 * unpaid registrations unused: each such run is recorded as void, with the reason, and the
 * counter continues after the highest number in use. Issued numbers are never changed (the
 * payers hold receipts with them).
 */
export const invoiceMigrations: Migration[] = [
  {
    name: "2026122500-payments-invoice-numbers",
    async up(qi) {
      await qi.createTable("invoice_counter", {
        id: { type: DataTypes.INTEGER, primaryKey: true },
        next: { type: DataTypes.INTEGER, allowNull: false },
      });
      await qi.createTable("invoice_voids", {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        firstNumber: { type: DataTypes.INTEGER, allowNull: false, unique: true },
        lastNumber: { type: DataTypes.INTEGER, allowNull: false },
        reason: { type: DataTypes.STRING(300), allowNull: false },
        createdAt: { type: DataTypes.DATE, allowNull: false },
      });
      const rows = await qi.sequelize.query<{ invoiceNumber: string }>("SELECT invoiceNumber FROM bills", { type: QueryTypes.SELECT });
      const used = rows.map((r) => invoiceSequenceOf(String(r.invoiceNumber))).filter((n): n is number => n !== null);
      const highest = used.reduce((max, n) => Math.max(max, n), 0);
      const now = new Date();
      const voids = missingRuns(used).map((r) => ({ ...r, reason: LEGACY_VOID_REASON, createdAt: now }));
      for (let i = 0; i < voids.length; i += 500) await qi.bulkInsert("invoice_voids", voids.slice(i, i + 500));
      await qi.bulkInsert("invoice_counter", [{ id: 1, next: highest + 1 }]);
    },
    async down(qi) {
      await qi.dropTable("invoice_voids");
      await qi.dropTable("invoice_counter");
    },
  },
];
