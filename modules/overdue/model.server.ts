import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { sequelize } from "../../db/sequelize.server";
import type { OverdueReason } from "./rules";

export class OverdueTrekker extends Model<InferAttributes<OverdueTrekker>, InferCreationAttributes<OverdueTrekker>> {
  declare id: CreationOptional<number>;
  declare trekkerId: number;
  declare registrationId: number;
  declare ownerId: number;
  declare ownerType: number;
  declare fullName: string;
  declare cardNumber: number | null;
  declare routeName: string;
  declare reason: OverdueReason;
  declare dueDate: string;
  declare raisedOn: string;
  declare safeAt: Date | null;
  declare safeBy: number | null;
  declare safeNote: string | null;
  declare createdAt: CreationOptional<Date>;
}

OverdueTrekker.init(
  {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    trekkerId: { type: DataTypes.INTEGER, allowNull: false },
    registrationId: { type: DataTypes.INTEGER, allowNull: false },
    ownerId: { type: DataTypes.INTEGER, allowNull: false },
    ownerType: { type: DataTypes.INTEGER, allowNull: false },
    fullName: { type: DataTypes.STRING(150), allowNull: false },
    cardNumber: DataTypes.INTEGER,
    routeName: { type: DataTypes.STRING(150), allowNull: false },
    reason: { type: DataTypes.STRING(12), allowNull: false },
    dueDate: { type: DataTypes.DATEONLY, allowNull: false },
    raisedOn: { type: DataTypes.DATEONLY, allowNull: false },
    safeAt: DataTypes.DATE,
    safeBy: DataTypes.INTEGER,
    safeNote: DataTypes.TEXT,
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "overdue_trekkers", updatedAt: false },
);
