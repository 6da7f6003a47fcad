import { DataTypes, Op } from "sequelize";
import type { Migration } from "../contract";

/**
 * One row per trekker the daily job found overdue (issue 18 item 4). `trekkerId` is unique: a
 * trekker is raised once, so running the job twice raises nothing twice, and a trekker marked
 * safe stays safe. The trek's name, card and owner are copied when raised (the row scopes and
 * the dashboard block read nothing of other modules).
 */
export const overdueMigrations: Migration[] = [
  {
    name: "2026112630-overdue-create",
    async up(qi) {
      await qi.createTable("overdue_trekkers", {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        trekkerId: { type: DataTypes.INTEGER, allowNull: false, unique: true, references: { model: "trekkers", key: "id" }, onDelete: "CASCADE" },
        registrationId: { type: DataTypes.INTEGER, allowNull: false },
        ownerId: { type: DataTypes.INTEGER, allowNull: false },
        ownerType: { type: DataTypes.INTEGER, allowNull: false },
        fullName: { type: DataTypes.STRING(150), allowNull: false },
        cardNumber: { type: DataTypes.INTEGER, allowNull: true },
        routeName: { type: DataTypes.STRING(150), allowNull: false },
        // no-checkout | never-seen
        reason: { type: DataTypes.STRING(12), allowNull: false },
        // The date that passed: the exit date, or the entry date plus the grace period.
        dueDate: { type: DataTypes.DATEONLY, allowNull: false },
        // The Nepal date of the run that raised it.
        raisedOn: { type: DataTypes.DATEONLY, allowNull: false },
        safeAt: { type: DataTypes.DATE, allowNull: true },
        safeBy: { type: DataTypes.INTEGER, allowNull: true },
        safeNote: { type: DataTypes.TEXT, allowNull: true },
        createdAt: { type: DataTypes.DATE, allowNull: false },
      });
      // Open marks (the filter, the dashboard block) and an owner's.
      await qi.addIndex("overdue_trekkers", ["safeAt", "id"], { name: "overdue_open" });
      await qi.addIndex("overdue_trekkers", ["ownerId", "safeAt"], { name: "overdue_owner_open" });
    },
    async down(qi) {
      await qi.dropTable("overdue_trekkers");
    },
  },
];

/**
 * Issue 29: the escalation case of each alert. Its state lives on the alert's row (one case per
 * alert, the board's list reads one table); its moves, one row each, in overdue_case_moves. An
 * alert already answered (safeAt set) is a closed case.
 */
export const overdueCaseMigrations: Migration[] = [
  {
    name: "2026122900-overdue-cases",
    async up(qi) {
      await qi.addColumn("overdue_trekkers", "caseState", { type: DataTypes.STRING(20), allowNull: false, defaultValue: "open" });
      await qi.bulkUpdate("overdue_trekkers", { caseState: "closed" }, { safeAt: { [Op.ne]: null } });
      // The board's list: every case not closed, oldest due first.
      await qi.addIndex("overdue_trekkers", ["caseState", "dueDate", "id"], { name: "overdue_case_state" });
      await qi.createTable("overdue_case_moves", {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        overdueId: { type: DataTypes.INTEGER, allowNull: false, references: { model: "overdue_trekkers", key: "id" }, onDelete: "CASCADE" },
        move: { type: DataTypes.STRING(20), allowNull: false },
        fromState: { type: DataTypes.STRING(20), allowNull: false },
        toState: { type: DataTypes.STRING(20), allowNull: false },
        // Null: the system (a check-in) made the move.
        byUserId: { type: DataTypes.INTEGER, allowNull: true },
        note: { type: DataTypes.TEXT, allowNull: false },
        at: { type: DataTypes.DATE, allowNull: false },
      });
      await qi.addIndex("overdue_case_moves", ["overdueId", "at", "id"], { name: "overdue_case_moves_case" });
    },
    async down(qi) {
      await qi.dropTable("overdue_case_moves");
      await qi.removeIndex("overdue_trekkers", "overdue_case_state");
      await qi.removeColumn("overdue_trekkers", "caseState");
    },
  },
];
