import { DataTypes } from "sequelize";
import type { Migration } from "../contract";

export const notificationMigrations: Migration[] = [
  {
    name: "2026112620-notifications-create",
    async up(qi) {
      await qi.createTable("notifications", {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        userId: { type: DataTypes.INTEGER, allowNull: false },
        kind: { type: DataTypes.STRING(30), allowNull: false },
        category: { type: DataTypes.STRING(20), allowNull: false },
        title: { type: DataTypes.STRING(200), allowNull: false },
        body: { type: DataTypes.STRING(1000), allowNull: false },
        link: { type: DataTypes.STRING(200), allowNull: false },
        isRead: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        readAt: { type: DataTypes.DATE, allowNull: true },
        createdAt: { type: DataTypes.DATE, allowNull: false },
      });
      // The bell's count (a user's unread) and each list (a user's newest first, by category).
      await qi.addIndex("notifications", ["userId", "isRead", "id"], { name: "notifications_user_read" });
      await qi.addIndex("notifications", ["userId", "category", "id"], { name: "notifications_user_category" });
    },
    async down(qi) {
      await qi.dropTable("notifications");
    },
  },
];
