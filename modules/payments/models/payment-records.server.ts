import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { sequelize } from "../../../db/sequelize.server";

export type AttemptStatus = "initiated" | "pending" | "success" | "failure" | "declined" | "duplicate";

/** Every attempt to pay, with what the provider answered (billing and audit). */
export class PaymentAttempt extends Model<InferAttributes<PaymentAttempt>, InferCreationAttributes<PaymentAttempt>> {
  declare id: CreationOptional<number>;
  declare registrationId: number;
  declare userId: number;
  declare gateway: string;
  declare methodId: number;
  declare txnId: string;
  declare amountPaisa: number;
  declare status: CreationOptional<AttemptStatus>;
  declare providerRef: CreationOptional<string | null>;
  declare answers: CreationOptional<string>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

PaymentAttempt.init(
  {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    registrationId: { type: DataTypes.INTEGER, allowNull: false },
    userId: { type: DataTypes.INTEGER, allowNull: false },
    gateway: { type: DataTypes.STRING(20), allowNull: false },
    methodId: { type: DataTypes.INTEGER, allowNull: false },
    txnId: { type: DataTypes.STRING(40), allowNull: false, unique: true },
    amountPaisa: { type: DataTypes.INTEGER, allowNull: false },
    status: { type: DataTypes.STRING(12), allowNull: false, defaultValue: "initiated" },
    providerRef: DataTypes.STRING(120),
    answers: { type: DataTypes.TEXT, allowNull: false, defaultValue: "[]" },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "payment_attempts" },
);

/** The bill of a paid registration (spec 2 §3 receipt row); one per registration. */
export class Bill extends Model<InferAttributes<Bill>, InferCreationAttributes<Bill>> {
  declare id: CreationOptional<number>;
  declare invoiceNumber: string;
  declare registrationId: number;
  declare methodId: number;
  declare amountPaisa: number;
  declare payerUserId: number;
  declare attemptId: CreationOptional<number | null>;
  declare voucherId: CreationOptional<number | null>;
  /** The receipt PDF, once the receipt job rendered it. */
  declare receiptFileKey: CreationOptional<string | null>;
  /** When the payer was e-mailed the receipt (the job sends it once). */
  declare receiptEmailedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
}

Bill.init(
  {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    invoiceNumber: { type: DataTypes.STRING(30), allowNull: false, unique: true },
    registrationId: { type: DataTypes.INTEGER, allowNull: false, unique: true },
    methodId: { type: DataTypes.INTEGER, allowNull: false },
    amountPaisa: { type: DataTypes.INTEGER, allowNull: false },
    payerUserId: { type: DataTypes.INTEGER, allowNull: false },
    attemptId: DataTypes.INTEGER,
    voucherId: DataTypes.INTEGER,
    receiptFileKey: DataTypes.STRING(80),
    receiptEmailedAt: DataTypes.DATE,
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "bills", updatedAt: false },
);

/** A bank-deposit voucher awaiting the board's check (isVerified null = pending). */
export class Voucher extends Model<InferAttributes<Voucher>, InferCreationAttributes<Voucher>> {
  declare id: CreationOptional<number>;
  declare registrationId: number;
  /** The registration's route, kept here for the list's route filter (set on create, moved with the registration). */
  declare routeId: CreationOptional<number | null>;
  declare userId: number;
  declare amountPaisa: number;
  declare fileKey: string;
  declare fileName: string;
  declare fileKind: string;
  declare isVerified: CreationOptional<boolean | null>;
  declare refNo: CreationOptional<string | null>;
  declare remarks: CreationOptional<string | null>;
  declare decidedBy: CreationOptional<number | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

Voucher.init(
  {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    registrationId: { type: DataTypes.INTEGER, allowNull: false },
    routeId: { type: DataTypes.INTEGER, allowNull: true },
    userId: { type: DataTypes.INTEGER, allowNull: false },
    amountPaisa: { type: DataTypes.INTEGER, allowNull: false },
    fileKey: { type: DataTypes.STRING(120), allowNull: false },
    fileName: { type: DataTypes.STRING(160), allowNull: false },
    fileKind: { type: DataTypes.STRING(4), allowNull: false },
    isVerified: { type: DataTypes.BOOLEAN, allowNull: true },
    refNo: DataTypes.STRING(60),
    remarks: DataTypes.STRING(1000),
    decidedBy: DataTypes.INTEGER,
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "vouchers" },
);
