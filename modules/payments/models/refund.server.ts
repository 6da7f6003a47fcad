import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { sequelize } from "../../../db/sequelize.server";
import type { RefundReason, RefundStatus } from "../refunds";

/** A captured payment that issued nothing, owed back to its payer (refund-due until refunded). */
export class PaymentRefund extends Model<InferAttributes<PaymentRefund>, InferCreationAttributes<PaymentRefund>> {
  declare id: CreationOptional<number>;
  declare registrationId: number;
  declare payerUserId: number;
  declare amountPaisa: number;
  /** The gateway id of the attempt, or "voucher" for a bank deposit. */
  declare gateway: string;
  declare attemptId: CreationOptional<number | null>;
  declare voucherId: CreationOptional<number | null>;
  declare reason: RefundReason;
  declare status: CreationOptional<RefundStatus>;
  declare reference: CreationOptional<string | null>;
  declare refundedBy: CreationOptional<number | null>;
  declare refundedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

PaymentRefund.init(
  {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    registrationId: { type: DataTypes.INTEGER, allowNull: false },
    payerUserId: { type: DataTypes.INTEGER, allowNull: false },
    amountPaisa: { type: DataTypes.INTEGER, allowNull: false },
    gateway: { type: DataTypes.STRING(20), allowNull: false },
    attemptId: { type: DataTypes.INTEGER, allowNull: true, unique: true },
    voucherId: { type: DataTypes.INTEGER, allowNull: true, unique: true },
    reason: { type: DataTypes.STRING(30), allowNull: false },
    status: { type: DataTypes.STRING(10), allowNull: false, defaultValue: "due" },
    reference: DataTypes.STRING(60),
    refundedBy: DataTypes.INTEGER,
    refundedAt: DataTypes.DATE,
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "payment_refunds" },
);
