import { DataTypes } from "sequelize";
import type { Migration } from "../contract";
import { rebuildDailyStats } from "./rebuild.server";

/**
 * Per-day counts and sums for the dashboard and the reports (ADR 0019): one row per Nepal day,
 * metric and dimensions, incremented by `recordDaily` in the transaction of the event it counts.
 * Dimensions a metric does not use are 0 / ''; the key makes the increment an upsert.
 */
export const statsMigrations: Migration[] = [
  {
    name: "2026120190-stats-daily-create",
    async up(qi) {
      await qi.createTable("daily_stats", {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        // YYYY-MM-DD in Nepal.
        day: { type: DataTypes.STRING(10), allowNull: false },
        // issued | moved | revenue | checkin
        metric: { type: DataTypes.STRING(12), allowNull: false },
        routeId: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        nationality: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        // The registering agency's user id; 0 for a free trekker's or the board's registration.
        agencyId: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        // The card status moved to (moved), the payment method id (revenue), in/out (checkin).
        dim: { type: DataTypes.STRING(30), allowNull: false, defaultValue: "" },
        count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        amountPaisa: { type: DataTypes.BIGINT, allowNull: false, defaultValue: 0 },
      });
      await qi.addIndex("daily_stats", ["metric", "day", "routeId", "nationality", "agencyId", "dim"], { name: "daily_stats_key", unique: true });
      // Existing events (a deployment that had data before the table): counted once, here.
      await rebuildDailyStats(null, null);
    },
    async down(qi) {
      await qi.dropTable("daily_stats");
    },
  },
];
