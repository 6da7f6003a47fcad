import { DataTypes } from "sequelize";
import type { Migration } from "../contract";

/**
 * One row per check-in or check-out a checkpoint (or the trekker, self check-in) recorded.
 * `clientId` makes a repeated submission (a double tap, a queued scan sent again) record once.
 * `atEndPoint`: recorded at the route's last checkpoint, which counts as leaving the trail.
 * `refusedReason`: set on a refused scan (a sighting, docs/adr/0028-refused-checkins.md): the card
 * was genuine but might not pass; such a row is shown where scans are read and counts as no check-in.
 */
export const checkinMigrations: Migration[] = [
  {
    name: "2026112500-checkins-create",
    async up(qi) {
      await qi.createTable("checkins", {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        trekkerId: { type: DataTypes.INTEGER, allowNull: false, references: { model: "trekkers", key: "id" }, onDelete: "CASCADE" },
        registrationId: { type: DataTypes.INTEGER, allowNull: false },
        // Who registered the trek and their user type, copied at check-in: the lists' row scopes.
        ownerId: { type: DataTypes.INTEGER, allowNull: false },
        ownerType: { type: DataTypes.INTEGER, allowNull: false },
        checkpointId: { type: DataTypes.INTEGER, allowNull: true },
        place: { type: DataTypes.STRING(150), allowNull: false },
        // qr | photo | typed | self
        method: { type: DataTypes.STRING(10), allowNull: false },
        // in | out
        direction: { type: DataTypes.STRING(3), allowNull: false, defaultValue: "in" },
        atEndPoint: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        actionDate: { type: DataTypes.DATE, allowNull: false },
        recordedBy: { type: DataTypes.INTEGER, allowNull: true },
        ip: { type: DataTypes.STRING(64), allowNull: true },
        clientId: { type: DataTypes.STRING(64), allowNull: true, unique: true },
        createdAt: { type: DataTypes.DATE, allowNull: false },
      });
      await qi.addIndex("checkins", ["trekkerId", "actionDate"], { name: "checkins_trekker_date" });
      await qi.addIndex("checkins", ["recordedBy", "actionDate"], { name: "checkins_recorder_date" });
      await qi.addIndex("checkins", ["method", "actionDate"], { name: "checkins_method_date" });
      await qi.addIndex("checkins", ["method", "ownerType", "actionDate"], { name: "checkins_method_owner_date" });
    },
    async down(qi) {
      await qi.dropTable("checkins");
    },
  },
  {
    name: "2026112650-checkins-refused-reason",
    async up(qi) {
      await qi.addColumn("checkins", "refusedReason", { type: DataTypes.STRING(200), allowNull: true });
    },
    async down(qi) {
      await qi.removeColumn("checkins", "refusedReason");
    },
  },
  {
    // A check-in the checkpost recorded though the card is for another trekking area (issue 26):
    // marked wherever check-ins are listed and in the trekker's trail.
    name: "2026112800-checkins-off-route",
    async up(qi) {
      await qi.addColumn("checkins", "offRoute", { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false });
    },
    async down(qi) {
      await qi.removeColumn("checkins", "offRoute");
    },
  },
  {
    // The daily-stats rebuild reads one Nepal day of check-ins at a time (docs/adr/0041-batched-maintenance.md).
    name: "2026122600-checkins-action-date-index",
    async up(qi) {
      await qi.addIndex("checkins", ["actionDate"], { name: "checkins_action_date" });
    },
    async down(qi) {
      await qi.removeIndex("checkins", "checkins_action_date");
    },
  },
];
