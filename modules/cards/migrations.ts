import { DataTypes } from "sequelize";
import type { Migration } from "../contract";
import { FIRST_CARD_NUMBER } from "./card-number";

export const cardMigrations: Migration[] = [
  {
    name: "2026112250-cards-counter",
    async up(qi) {
      await qi.createTable("card_counter", {
        id: { type: DataTypes.INTEGER, primaryKey: true },
        next: { type: DataTypes.INTEGER, allowNull: false },
      });
      await qi.bulkInsert("card_counter", [{ id: 1, next: FIRST_CARD_NUMBER }]);
    },
    async down(qi) {
      await qi.dropTable("card_counter");
    },
  },
];
