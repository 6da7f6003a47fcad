import { DataTypes } from "sequelize";
import type { Migration } from "../contract";

export const cardMigrations: Migration[] = [
  {
    name: "2026112250-cards-counter",
    async up(qi) {
      await qi.createTable("card_counter", {
        id: { type: DataTypes.INTEGER, primaryKey: true },
        next: { type: DataTypes.INTEGER, allowNull: false },
      });
      // Card numbers start at 100001 so every number has six digits.
      await qi.bulkInsert("card_counter", [{ id: 1, next: 100001 }]);
    },
    async down(qi) {
      await qi.dropTable("card_counter");
    },
  },
];
