import { DataTypes } from "sequelize";
import type { Migration } from "../contract";

export const privacyMigrations: Migration[] = [
  {
    // Staff views of personal data (issue 31 item 5): one row per view or export. trekkerIds is
    // text (a few ids, or none for an export, which records its count and filter instead): the
    // log is read by who and when, never joined. (viewedAt, id) for the newest-first page,
    // (userId, viewedAt, id) for one user's views.
    name: "2027010110-privacy-personal-data-views",
    async up(qi) {
      await qi.createTable("personal_data_views", {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        userId: { type: DataTypes.INTEGER, allowNull: false },
        userType: { type: DataTypes.INTEGER, allowNull: false },
        place: { type: DataTypes.STRING(30), allowNull: false },
        trekkerIds: { type: DataTypes.STRING(500), allowNull: true },
        rowCount: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
        filter: { type: DataTypes.STRING(500), allowNull: true },
        viewedAt: { type: DataTypes.DATE, allowNull: false },
      });
      await qi.addIndex("personal_data_views", ["viewedAt", "id"], { name: "personal_data_views_at" });
      await qi.addIndex("personal_data_views", ["userId", "viewedAt", "id"], { name: "personal_data_views_user" });
    },
    async down(qi) {
      await qi.dropTable("personal_data_views");
    },
  },
];
