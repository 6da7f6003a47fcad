import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { sequelize } from "../../db/sequelize.server";
import type { LineKind, LineStatus, PushStatus } from "./rules";

export class ChalanPush extends Model<InferAttributes<ChalanPush>, InferCreationAttributes<ChalanPush>> {
  declare id: CreationOptional<number>;
  declare startDate: string;
  declare endDate: string;
  declare status: PushStatus;
  declare activeSlot: number | null;
  declare totalLines: CreationOptional<number>;
  declare pushedLines: CreationOptional<number>;
  declare refusedLines: CreationOptional<number>;
  declare error: CreationOptional<string | null>;
  declare createdBy: number | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

ChalanPush.init(
  {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    startDate: { type: DataTypes.DATEONLY, allowNull: false },
    endDate: { type: DataTypes.DATEONLY, allowNull: false },
    status: { type: DataTypes.STRING(10), allowNull: false },
    activeSlot: DataTypes.INTEGER,
    totalLines: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    pushedLines: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    refusedLines: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    error: DataTypes.STRING(500),
    createdBy: DataTypes.INTEGER,
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "chalan_pushes", modelName: "ChalanPush" },
);

export class ChalanLine extends Model<InferAttributes<ChalanLine>, InferCreationAttributes<ChalanLine>> {
  declare id: CreationOptional<number>;
  declare pushId: number;
  declare salesDate: string;
  declare customerCode: string;
  declare itemCode: string;
  declare cardFrom: number;
  declare cardTo: number;
  /** Negative for a credit. */
  declare qty: number;
  declare kind: CreationOptional<LineKind>;
  /** A credit's sale line. */
  declare reversesLineId: CreationOptional<number | null>;
  /** The Nepal date a credit was made (its push's start). */
  declare creditDate: CreationOptional<string | null>;
  declare status: LineStatus;
  declare dateError: CreationOptional<string | null>;
  declare customerCodeError: CreationOptional<string | null>;
  declare itemCodeError: CreationOptional<string | null>;
  declare cardError: CreationOptional<string | null>;
  declare pushedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

ChalanLine.init(
  {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    pushId: { type: DataTypes.INTEGER, allowNull: false },
    salesDate: { type: DataTypes.DATEONLY, allowNull: false },
    customerCode: { type: DataTypes.STRING(40), allowNull: false },
    itemCode: { type: DataTypes.STRING(20), allowNull: false },
    cardFrom: { type: DataTypes.INTEGER, allowNull: false },
    cardTo: { type: DataTypes.INTEGER, allowNull: false },
    qty: { type: DataTypes.INTEGER, allowNull: false },
    kind: { type: DataTypes.STRING(6), allowNull: false, defaultValue: "sale" },
    reversesLineId: DataTypes.INTEGER,
    creditDate: DataTypes.DATEONLY,
    status: { type: DataTypes.STRING(10), allowNull: false },
    dateError: DataTypes.STRING(255),
    customerCodeError: DataTypes.STRING(255),
    itemCodeError: DataTypes.STRING(255),
    cardError: DataTypes.STRING(255),
    pushedAt: DataTypes.DATE,
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "chalan_lines", modelName: "ChalanLine" },
);

export class ChalanCardRow extends Model<InferAttributes<ChalanCardRow>, InferCreationAttributes<ChalanCardRow>> {
  declare cardNumber: number;
  declare lineId: number;
}

ChalanCardRow.init(
  {
    cardNumber: { type: DataTypes.INTEGER, primaryKey: true },
    lineId: { type: DataTypes.INTEGER, allowNull: false },
  },
  { sequelize, tableName: "chalan_cards", modelName: "ChalanCardRow", timestamps: false },
);

/** A credited card (migration 2026120500): in at most one pending or pushed credit line. */
export class ChalanCreditCardRow extends Model<InferAttributes<ChalanCreditCardRow>, InferCreationAttributes<ChalanCreditCardRow>> {
  declare cardNumber: number;
  declare lineId: number;
}

ChalanCreditCardRow.init(
  {
    cardNumber: { type: DataTypes.INTEGER, primaryKey: true },
    lineId: { type: DataTypes.INTEGER, allowNull: false },
  },
  { sequelize, tableName: "chalan_credit_cards", modelName: "ChalanCreditCardRow", timestamps: false },
);
