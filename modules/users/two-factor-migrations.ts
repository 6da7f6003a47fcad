import { DataTypes } from "sequelize";
import type { Migration } from "../contract";

/** TOTP two-factor sign-in for staff (issue 13, item 10): the secret, recovery codes, the board's rule. */
export const twoFactorMigrations: Migration[] = [
  {
    name: "2026112330-users-two-factor",
    async up(qi) {
      await qi.createTable("user_two_factor", {
        userId: { type: DataTypes.INTEGER, primaryKey: true, allowNull: false, references: { model: "users", key: "id" }, onDelete: "CASCADE" },
        secret: { type: DataTypes.STRING(255), allowNull: false },
        enabledAt: { type: DataTypes.DATE, allowNull: false },
        lastStep: { type: DataTypes.BIGINT, allowNull: true },
        failedAttempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        lastFailedAt: { type: DataTypes.DATE, allowNull: true },
        createdAt: { type: DataTypes.DATE, allowNull: false },
        updatedAt: { type: DataTypes.DATE, allowNull: false },
      });
      await qi.createTable("user_recovery_codes", {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        userId: { type: DataTypes.INTEGER, allowNull: false, references: { model: "users", key: "id" }, onDelete: "CASCADE" },
        codeHash: { type: DataTypes.STRING(100), allowNull: false },
        usedAt: { type: DataTypes.DATE, allowNull: true },
        createdAt: { type: DataTypes.DATE, allowNull: false },
      });
      await qi.addIndex("user_recovery_codes", ["userId"]);
      await qi.createTable("security_settings", {
        id: { type: DataTypes.INTEGER, primaryKey: true, allowNull: false },
        requireStaffTwoFactor: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        updatedBy: { type: DataTypes.INTEGER, allowNull: true },
        createdAt: { type: DataTypes.DATE, allowNull: false },
        updatedAt: { type: DataTypes.DATE, allowNull: false },
      });
    },
    async down(qi) {
      await qi.dropTable("security_settings");
      await qi.dropTable("user_recovery_codes");
      await qi.dropTable("user_two_factor");
    },
  },
];
