import { DataTypes } from "sequelize";
import type { Migration } from "../contract";

export const paymentMigrations: Migration[] = [
  {
    name: "2026112260-payments-create",
    async up(qi) {
      await qi.createTable("payment_attempts", {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        registrationId: { type: DataTypes.INTEGER, allowNull: false, references: { model: "registrations", key: "id" } },
        userId: { type: DataTypes.INTEGER, allowNull: false },
        gateway: { type: DataTypes.STRING(20), allowNull: false },
        methodId: { type: DataTypes.INTEGER, allowNull: false },
        txnId: { type: DataTypes.STRING(40), allowNull: false, unique: true },
        amountPaisa: { type: DataTypes.INTEGER, allowNull: false },
        status: { type: DataTypes.STRING(12), allowNull: false, defaultValue: "initiated" },
        providerRef: { type: DataTypes.STRING(120), allowNull: true },
        answers: { type: DataTypes.TEXT, allowNull: false },
        createdAt: { type: DataTypes.DATE, allowNull: false },
        updatedAt: { type: DataTypes.DATE, allowNull: false },
      });
      await qi.addIndex("payment_attempts", ["registrationId"]);
      await qi.createTable("bills", {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        invoiceNumber: { type: DataTypes.STRING(30), allowNull: false, unique: true },
        registrationId: { type: DataTypes.INTEGER, allowNull: false, unique: true, references: { model: "registrations", key: "id" } },
        methodId: { type: DataTypes.INTEGER, allowNull: false },
        amountPaisa: { type: DataTypes.INTEGER, allowNull: false },
        payerUserId: { type: DataTypes.INTEGER, allowNull: false },
        attemptId: { type: DataTypes.INTEGER, allowNull: true },
        voucherId: { type: DataTypes.INTEGER, allowNull: true },
        createdAt: { type: DataTypes.DATE, allowNull: false },
      });
      await qi.createTable("vouchers", {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        registrationId: { type: DataTypes.INTEGER, allowNull: false, references: { model: "registrations", key: "id" } },
        userId: { type: DataTypes.INTEGER, allowNull: false },
        amountPaisa: { type: DataTypes.INTEGER, allowNull: false },
        fileKey: { type: DataTypes.STRING(120), allowNull: false },
        fileName: { type: DataTypes.STRING(160), allowNull: false },
        fileKind: { type: DataTypes.STRING(4), allowNull: false },
        isVerified: { type: DataTypes.BOOLEAN, allowNull: true },
        refNo: { type: DataTypes.STRING(60), allowNull: true },
        remarks: { type: DataTypes.STRING(1000), allowNull: true },
        decidedBy: { type: DataTypes.INTEGER, allowNull: true },
        createdAt: { type: DataTypes.DATE, allowNull: false },
        updatedAt: { type: DataTypes.DATE, allowNull: false },
      });
      await qi.addIndex("vouchers", ["registrationId"]);
    },
    async down(qi) {
      await qi.dropTable("vouchers");
      await qi.dropTable("bills");
      await qi.dropTable("payment_attempts");
    },
  },
];
