import { DataTypes } from "sequelize";
import type { Migration } from "../contract";

/** One rendered card PDF per trekker; the file lives in storage ("card-pdfs/…"), the row says where. */
export const cardPdfMigrations: Migration[] = [
  {
    name: "2026112275-cards-pdfs",
    async up(qi) {
      await qi.createTable("card_pdfs", {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        trekkerId: { type: DataTypes.INTEGER, allowNull: false, unique: true, references: { model: "trekkers", key: "id" }, onDelete: "CASCADE" },
        fileKey: { type: DataTypes.STRING(80), allowNull: true },
        // pending (queued or rendering) | ready | failed
        status: { type: DataTypes.STRING(10), allowNull: false, defaultValue: "pending" },
        renderedAt: { type: DataTypes.DATE, allowNull: true },
        /** When the trekker was e-mailed this card; "cards.issued" retries never send it twice. */
        emailedAt: { type: DataTypes.DATE, allowNull: true },
        error: { type: DataTypes.STRING(500), allowNull: true },
        createdAt: { type: DataTypes.DATE, allowNull: false },
        updatedAt: { type: DataTypes.DATE, allowNull: false },
      });
    },
    async down(qi) {
      await qi.dropTable("card_pdfs");
    },
  },
];
