import { DataTypes } from "sequelize";
import type { Migration } from "../contract";

/**
 * Switch user (issue 17, item 5): which session of a board user views the app as whom, and the
 * audit of everything done while switched.
 */
export const switchMigrations: Migration[] = [
  {
    name: "2026112630-users-switch",
    async up(qi) {
      await qi.createTable("user_switches", {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        /** SHA-256 of the session token: the switch belongs to one session, never to the account. */
        sessionKey: { type: DataTypes.STRING(64), allowNull: false },
        realUserId: { type: DataTypes.INTEGER, allowNull: false },
        actingUserId: { type: DataTypes.INTEGER, allowNull: false },
        startedAt: { type: DataTypes.DATE, allowNull: false },
        endedAt: { type: DataTypes.DATE, allowNull: true },
      });
      await qi.addIndex("user_switches", ["sessionKey", "endedAt"], { name: "user_switches_session" });
      await qi.createTable("switch_audit", {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        realUserId: { type: DataTypes.INTEGER, allowNull: false },
        actingUserId: { type: DataTypes.INTEGER, allowNull: false },
        action: { type: DataTypes.STRING(20), allowNull: false },
        path: { type: DataTypes.STRING(300), allowNull: false },
        createdAt: { type: DataTypes.DATE, allowNull: false },
      });
    },
    async down(qi) {
      await qi.dropTable("switch_audit");
      await qi.dropTable("user_switches");
    },
  },
];
