import { DataTypes } from "sequelize";
import type { Migration } from "../contract";

/** Throttle counters for the embedded mode (with REDIS_URL they live in Redis). */
export const throttleMigrations: Migration[] = [
  {
    name: "2026112320-users-rate-limit-counters",
    async up(qi) {
      await qi.createTable("rate_limit_counters", {
        name: { type: DataTypes.STRING(64), primaryKey: true, allowNull: false },
        hits: { type: DataTypes.INTEGER, allowNull: false },
        previousAt: { type: DataTypes.BIGINT, allowNull: true },
        lastAt: { type: DataTypes.BIGINT, allowNull: false },
        expiresAt: { type: DataTypes.BIGINT, allowNull: false },
      });
      await qi.addIndex("rate_limit_counters", ["expiresAt"]);
    },
    async down(qi) {
      await qi.dropTable("rate_limit_counters");
    },
  },
];
