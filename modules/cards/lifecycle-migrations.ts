import { DataTypes } from "sequelize";
import type { Migration } from "../contract";

/** Lifecycle columns on trekkers (read and written only by modules/registration/card-state.server.ts). */
const TREKKER_COLUMNS = {
  // Deleted record (spec 2 §3: DeleteRemarks, DeletedDate, DeletedBy, DeletedIpAddress).
  deletedAt: { type: DataTypes.DATE, allowNull: true },
  deleteRemarks: { type: DataTypes.TEXT, allowNull: true },
  deletedBy: { type: DataTypes.INTEGER, allowNull: true },
  deletedIp: { type: DataTypes.STRING(64), allowNull: true },
  // Return: requested, approved or rejected (spec 2 §3: IsCardReturned, Reason, Remarks).
  returnState: { type: DataTypes.STRING(20), allowNull: true },
  returnReason: { type: DataTypes.TEXT, allowNull: true },
  returnRemarks: { type: DataTypes.TEXT, allowNull: true },
  returnedAt: { type: DataTypes.DATE, allowNull: true },
  returnDecidedAt: { type: DataTypes.DATE, allowNull: true },
  // Cancellation (the card shows a CANCELLED watermark).
  cancelReason: { type: DataTypes.TEXT, allowNull: true },
  cancelledAt: { type: DataTypes.DATE, allowNull: true },
} as const;

export const lifecycleMigrations: Migration[] = [
  {
    name: "2026112270-cards-lifecycle",
    async up(qi) {
      for (const [column, spec] of Object.entries(TREKKER_COLUMNS)) await qi.addColumn("trekkers", column, spec);
      // The daily sweeper looks for live Upcoming and Active cards.
      await qi.addIndex("trekkers", ["status", "deletedAt"], { name: "trekkers_status_deleted" });
      await qi.createTable("card_events", {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        trekkerId: { type: DataTypes.INTEGER, allowNull: false, references: { model: "trekkers", key: "id" }, onDelete: "CASCADE" },
        registrationId: { type: DataTypes.INTEGER, allowNull: false },
        action: { type: DataTypes.STRING(30), allowNull: false },
        fromStatus: { type: DataTypes.STRING(30), allowNull: false },
        toStatus: { type: DataTypes.STRING(30), allowNull: false },
        reason: { type: DataTypes.TEXT, allowNull: true },
        /** Null for the daily sweeper. */
        userId: { type: DataTypes.INTEGER, allowNull: true },
        ip: { type: DataTypes.STRING(64), allowNull: true },
        createdAt: { type: DataTypes.DATE, allowNull: false },
      });
      await qi.addIndex("card_events", ["trekkerId", "id"], { name: "card_events_trekker" });
    },
    async down(qi) {
      await qi.dropTable("card_events");
      await qi.removeIndex("trekkers", "trekkers_status_deleted");
      for (const column of Object.keys(TREKKER_COLUMNS).reverse()) await qi.removeColumn("trekkers", column);
    },
  },
  {
    // The card columns the trekker lists filter on (issue 14): when the card was issued (the
    // spec's payment date, PaymmentDate), and the return state of the TIMS Card Return tab.
    name: "2026112420-cards-issued-at",
    async up(qi, sequelize) {
      await qi.addColumn("trekkers", "issuedAt", { type: DataTypes.DATE, allowNull: true });
      // Cards issued before this column: the time of their issue (or generate) move, else the
      // last change of the card, which pages showed as the issue date until now.
      await sequelize.query(
        "UPDATE trekkers SET issuedAt = COALESCE((SELECT MIN(e.createdAt) FROM card_events e WHERE e.trekkerId = trekkers.id AND e.action IN ('issue', 'generate')), updatedAt) WHERE cardNumber IS NOT NULL",
      );
      await qi.addIndex("trekkers", ["issuedAt"], { name: "trekkers_issued_at" });
      await qi.addIndex("trekkers", ["returnState"], { name: "trekkers_return_state" });
    },
    async down(qi) {
      await qi.removeIndex("trekkers", "trekkers_return_state");
      await qi.removeIndex("trekkers", "trekkers_issued_at");
      await qi.removeColumn("trekkers", "issuedAt");
    },
  },
  {
    // The daily-stats rebuild reads one Nepal day of card moves at a time in a short transaction
    // (docs/adr/0041-batched-maintenance.md); without this each day was a read of the whole table.
    name: "2026122600-cards-events-created-index",
    async up(qi) {
      await qi.addIndex("card_events", ["createdAt"], { name: "card_events_created" });
    },
    async down(qi) {
      await qi.removeIndex("card_events", "card_events_created");
    },
  },
];
