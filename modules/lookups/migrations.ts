import { DataTypes } from "sequelize";
import type { Migration } from "../contract";
import { SIMPLE_LOOKUPS } from "./data/reference";

export const lookupMigrations: Migration[] = [
  {
    name: "2026112201-lookups-create",
    async up(qi) {
      for (const table of Object.keys(SIMPLE_LOOKUPS)) {
        await qi.createTable(table, {
          id: { type: DataTypes.INTEGER, primaryKey: true },
          name: { type: DataTypes.STRING(100), allowNull: false },
        });
      }
      await qi.createTable("countries", {
        id: { type: DataTypes.INTEGER, primaryKey: true },
        name: { type: DataTypes.STRING(100), allowNull: false },
        regionId: { type: DataTypes.INTEGER, allowNull: false },
      });
    },
    async down(qi) {
      await qi.dropTable("countries");
      for (const table of Object.keys(SIMPLE_LOOKUPS)) await qi.dropTable(table);
    },
  },
];
