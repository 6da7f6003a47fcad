import { DataTypes } from "sequelize";
import type { Migration } from "../contract";

/**
 * The push to the ERP (issue 16 item 5):
 * - chalan_pushes: one per "Generate Bill", its range, state and counts. `activeSlot` is 1 while
 *   the push is queued or running and NULL after; its unique index lets only one push be active
 *   (NULLs never collide, on SQLite and MariaDB alike), whatever the number of web processes.
 * - chalan_lines: the rows sent, each with its state and the ERP's reasons when refused.
 * - chalan_cards: every card number of a pending or pushed line, once (the primary key): a card is
 *   never in two such lines, so an overlapping range pushes only what is new. A refused line's
 *   cards are deleted so a later push tries them again.
 * - erp_sim_rows: the ERP simulator's own store of accepted rows (embedded mode only writes it).
 */
export const chalanMigrations: Migration[] = [
  {
    name: "2026112600-chalan-create",
    async up(qi) {
      await qi.createTable("chalan_pushes", {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        startDate: { type: DataTypes.DATEONLY, allowNull: false },
        endDate: { type: DataTypes.DATEONLY, allowNull: false },
        status: { type: DataTypes.STRING(10), allowNull: false },
        activeSlot: { type: DataTypes.INTEGER, allowNull: true, unique: true },
        totalLines: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        pushedLines: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        refusedLines: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        error: { type: DataTypes.STRING(500), allowNull: true },
        createdBy: { type: DataTypes.INTEGER, allowNull: true },
        createdAt: { type: DataTypes.DATE, allowNull: false },
        updatedAt: { type: DataTypes.DATE, allowNull: false },
      });
      await qi.createTable("chalan_lines", {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        pushId: { type: DataTypes.INTEGER, allowNull: false, references: { model: "chalan_pushes", key: "id" }, onDelete: "CASCADE" },
        salesDate: { type: DataTypes.DATEONLY, allowNull: false },
        customerCode: { type: DataTypes.STRING(40), allowNull: false },
        itemCode: { type: DataTypes.STRING(20), allowNull: false },
        cardFrom: { type: DataTypes.INTEGER, allowNull: false },
        cardTo: { type: DataTypes.INTEGER, allowNull: false },
        qty: { type: DataTypes.INTEGER, allowNull: false },
        status: { type: DataTypes.STRING(10), allowNull: false },
        dateError: { type: DataTypes.STRING(255), allowNull: true },
        customerCodeError: { type: DataTypes.STRING(255), allowNull: true },
        itemCodeError: { type: DataTypes.STRING(255), allowNull: true },
        cardError: { type: DataTypes.STRING(255), allowNull: true },
        pushedAt: { type: DataTypes.DATE, allowNull: true },
        createdAt: { type: DataTypes.DATE, allowNull: false },
        updatedAt: { type: DataTypes.DATE, allowNull: false },
      });
      // The job's "next pending lines of this push"; the logs by state, newest first, by sales date.
      await qi.addIndex("chalan_lines", ["pushId", "status"], { name: "chalan_lines_push_status" });
      await qi.addIndex("chalan_lines", ["status", "salesDate"], { name: "chalan_lines_status_date" });
      await qi.addIndex("chalan_lines", ["status", "customerCode"], { name: "chalan_lines_status_customer" });
      await qi.createTable("chalan_cards", {
        cardNumber: { type: DataTypes.INTEGER, primaryKey: true },
        lineId: { type: DataTypes.INTEGER, allowNull: false, references: { model: "chalan_lines", key: "id" }, onDelete: "CASCADE" },
      });
      await qi.addIndex("chalan_cards", ["lineId"], { name: "chalan_cards_line" });
      await qi.createTable("erp_sim_rows", {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        idemKey: { type: DataTypes.STRING(100), allowNull: false, unique: true },
        salesDate: { type: DataTypes.DATEONLY, allowNull: false },
        customerCode: { type: DataTypes.STRING(40), allowNull: false },
        itemCode: { type: DataTypes.STRING(20), allowNull: false },
        cardFrom: { type: DataTypes.INTEGER, allowNull: false },
        cardTo: { type: DataTypes.INTEGER, allowNull: false },
        qty: { type: DataTypes.INTEGER, allowNull: false },
        createdAt: { type: DataTypes.DATE, allowNull: false },
      });
      await qi.addIndex("erp_sim_rows", ["cardFrom"], { name: "erp_sim_rows_card_from" });
    },
    async down(qi) {
      await qi.dropTable("erp_sim_rows");
      await qi.dropTable("chalan_cards");
      await qi.dropTable("chalan_lines");
      await qi.dropTable("chalan_pushes");
    },
  },
  {
    // Issue 25 item 2, sales only: a line is a sale or a credit. A credit reverses cards of an
    // earlier pushed sale line that are no sale any more (payment refunded, or a generated card
    // pushed before generated cards were left out): its qty is negative, it names the sale line
    // (reversesLineId) and the Nepal date it was made (creditDate). chalan_credit_cards holds each
    // credited card once (its primary key), as chalan_cards does for sales: a card is in at most
    // one sale line and one credit line that are pending or pushed. The ERP simulator keeps the
    // kind, the reversed row's key and the credit's date of what it accepted.
    name: "2026120500-chalan-credits",
    async up(qi) {
      await qi.addColumn("chalan_lines", "kind", { type: DataTypes.STRING(6), allowNull: false, defaultValue: "sale" });
      await qi.addColumn("chalan_lines", "reversesLineId", { type: DataTypes.INTEGER, allowNull: true });
      await qi.addColumn("chalan_lines", "creditDate", { type: DataTypes.DATEONLY, allowNull: true });
      await qi.createTable("chalan_credit_cards", {
        cardNumber: { type: DataTypes.INTEGER, primaryKey: true },
        lineId: { type: DataTypes.INTEGER, allowNull: false, references: { model: "chalan_lines", key: "id" }, onDelete: "CASCADE" },
      });
      await qi.addIndex("chalan_credit_cards", ["lineId"], { name: "chalan_credit_cards_line" });
      await qi.addColumn("erp_sim_rows", "kind", { type: DataTypes.STRING(6), allowNull: false, defaultValue: "sale" });
      await qi.addColumn("erp_sim_rows", "reversesKey", { type: DataTypes.STRING(100), allowNull: true });
      await qi.addColumn("erp_sim_rows", "creditDate", { type: DataTypes.DATEONLY, allowNull: true });
      // Sales never overlap each other, nor credits each other: the overlap check reads the one
      // range of the same kind starting last at or below a row's last card.
      await qi.addIndex("erp_sim_rows", ["kind", "cardFrom"], { name: "erp_sim_rows_kind_from" });
      await qi.removeIndex("erp_sim_rows", "erp_sim_rows_card_from");
    },
    async down(qi) {
      await qi.addIndex("erp_sim_rows", ["cardFrom"], { name: "erp_sim_rows_card_from" });
      await qi.removeIndex("erp_sim_rows", "erp_sim_rows_kind_from");
      await qi.removeColumn("erp_sim_rows", "creditDate");
      await qi.removeColumn("erp_sim_rows", "reversesKey");
      await qi.removeColumn("erp_sim_rows", "kind");
      await qi.dropTable("chalan_credit_cards");
      await qi.removeColumn("chalan_lines", "creditDate");
      await qi.removeColumn("chalan_lines", "reversesLineId");
      await qi.removeColumn("chalan_lines", "kind");
    },
  },
  {
    // A sale line's credits are read by the line they reverse (the ledger's chalan check, per line):
    // without it each read was a walk of every line (13,000 at 1M trekkers).
    name: "2026120700-chalan-reverses-index",
    async up(qi) {
      await qi.addIndex("chalan_lines", ["reversesLineId"], { name: "chalan_lines_reverses" });
    },
    async down(qi) {
      await qi.removeIndex("chalan_lines", "chalan_lines_reverses");
    },
  },
];
