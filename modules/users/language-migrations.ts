import { DataTypes } from "sequelize";
import type { Migration } from "../contract";

/** The language a user chose in the header (issue 28, item 3): null until they choose one. */
export const languageMigrations: Migration[] = [
  {
    name: "2026122800-users-language",
    async up(qi) {
      await qi.addColumn("users", "language", { type: DataTypes.STRING(10), allowNull: true });
    },
    async down(qi) {
      await qi.removeColumn("users", "language");
    },
  },
];
