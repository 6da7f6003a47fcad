import { DataTypes } from "sequelize";
import type { Migration } from "../contract";

export const agencyMigrations: Migration[] = [
  {
    name: "2026112230-agencies-documents-notes",
    async up(qi) {
      await qi.createTable("agency_documents", {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        userId: { type: DataTypes.INTEGER, allowNull: false, references: { model: "users", key: "id" }, onDelete: "CASCADE" },
        documentType: { type: DataTypes.INTEGER, allowNull: false },
        fileKey: { type: DataTypes.STRING(120), allowNull: false },
        fileName: { type: DataTypes.STRING(160), allowNull: false },
        fileKind: { type: DataTypes.STRING(4), allowNull: false },
        createdAt: { type: DataTypes.DATE, allowNull: false },
      });
      await qi.addIndex("agency_documents", ["userId", "createdAt"]);
      await qi.createTable("agency_notes", {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        userId: { type: DataTypes.INTEGER, allowNull: false, references: { model: "users", key: "id" }, onDelete: "CASCADE" },
        note: { type: DataTypes.STRING(2000), allowNull: false, defaultValue: "" },
        type: { type: DataTypes.STRING(10), allowNull: false },
        isRejectionNote: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        createdBy: DataTypes.INTEGER,
        createdByName: DataTypes.STRING(150),
        createdAt: { type: DataTypes.DATE, allowNull: false },
      });
      await qi.addIndex("agency_notes", ["userId", "createdAt"]);
    },
    async down(qi) {
      await qi.dropTable("agency_notes");
      await qi.dropTable("agency_documents");
    },
  },
];
