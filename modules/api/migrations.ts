import { DataTypes } from "sequelize";
import type { Migration } from "../contract";

/**
 * Devices that call /api/v1 with a bearer token (issue 18 item 3). The token is shown once when
 * issued; only its SHA-256 is kept (`tokenHash`, unique) with a short prefix to tell tokens
 * apart on the page. A device acts as `userId` (a checkpost account), so the same permission
 * and row rules apply as on the pages; a revoked device is refused (401).
 */
export const apiMigrations: Migration[] = [
  {
    name: "2026112640-api-devices-create",
    async up(qi) {
      await qi.createTable("api_devices", {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        name: { type: DataTypes.STRING(100), allowNull: false },
        userId: { type: DataTypes.INTEGER, allowNull: false },
        tokenHash: { type: DataTypes.STRING(64), allowNull: false, unique: true },
        tokenPrefix: { type: DataTypes.STRING(16), allowNull: false },
        createdBy: { type: DataTypes.INTEGER, allowNull: false },
        createdAt: { type: DataTypes.DATE, allowNull: false },
        lastUsedAt: { type: DataTypes.DATE, allowNull: true },
        revokedAt: { type: DataTypes.DATE, allowNull: true },
        revokedBy: { type: DataTypes.INTEGER, allowNull: true },
      });
      await qi.addIndex("api_devices", ["userId"], { name: "api_devices_user" });
    },
    async down(qi) {
      await qi.dropTable("api_devices");
    },
  },
];
