import { DataTypes } from "sequelize";
import type { Migration } from "../db/types";

/**
 * The jobs table (the outbox): a job is a row written in the same transaction as the change that
 * needs it, so a crash after the commit loses none. The in-process runner and the Bull relay
 * drain it (jobs/job-store.server.ts).
 */
export const jobMigrations: Migration[] = [
  {
    name: "2026112300-jobs-outbox",
    async up(qi, sequelize) {
      const sqlite = sequelize.getDialect() === "sqlite";
      await qi.createTable("jobs", {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        name: { type: DataTypes.STRING(80), allowNull: false },
        // JSON; long, because an e-mail job carries its HTML.
        data: { type: sqlite ? DataTypes.TEXT : DataTypes.TEXT("long"), allowNull: false },
        // At most one job per key (daily sweep of a day, a schedule's period): the lock that makes
        // a schedule run once however many processes tick it.
        key: { type: DataTypes.STRING(160), allowNull: true, unique: true },
        // queued | relayed (handed to Bull) | running | done | failed
        status: { type: DataTypes.STRING(10), allowNull: false, defaultValue: "queued" },
        attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        maxAttempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 3 },
        runAt: { type: DataTypes.DATE(3), allowNull: false },
        leaseOwner: { type: DataTypes.STRING(80), allowNull: true },
        leaseUntil: { type: DataTypes.DATE(3), allowNull: true },
        lastError: { type: DataTypes.STRING(1000), allowNull: true },
        finishedAt: { type: DataTypes.DATE(3), allowNull: true },
        createdAt: { type: DataTypes.DATE(3), allowNull: false },
        updatedAt: { type: DataTypes.DATE(3), allowNull: false },
      });
      await qi.addIndex("jobs", ["status", "runAt"], { name: "jobs_status_run_at" });
    },
    async down(qi) {
      await qi.dropTable("jobs");
    },
  },
  {
    // The request that queued a job (its X-Request-Id): the worker logs the job's lines with it.
    name: "2026123000-jobs-request-id",
    async up(qi) {
      await qi.addColumn("jobs", "requestId", { type: DataTypes.STRING(100), allowNull: true });
    },
    async down(qi) {
      await qi.removeColumn("jobs", "requestId");
    },
  },
];
