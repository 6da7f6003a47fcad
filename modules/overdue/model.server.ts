import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { sequelize } from "../../db/sequelize.server";
import type { CaseMove, CaseState } from "./cases";
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
  /** The escalation case's state (cases.ts); "closed" once answered and closed. */
  declare caseState: CreationOptional<CaseState>;
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
    caseState: { type: DataTypes.STRING(20), allowNull: false, defaultValue: "open" },
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "overdue_trekkers", updatedAt: false },
);

/** One move of an escalation case: who (null: the system), when, from and to which state, and the note. */
export class OverdueCaseMove extends Model<InferAttributes<OverdueCaseMove>, InferCreationAttributes<OverdueCaseMove>> {
  declare id: CreationOptional<number>;
  declare overdueId: number;
  declare move: CaseMove;
  declare fromState: CaseState;
  declare toState: CaseState;
  declare byUserId: number | null;
  declare note: string;
  declare at: Date;
}

OverdueCaseMove.init(
  {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    overdueId: { type: DataTypes.INTEGER, allowNull: false },
    move: { type: DataTypes.STRING(20), allowNull: false },
    fromState: { type: DataTypes.STRING(20), allowNull: false },
    toState: { type: DataTypes.STRING(20), allowNull: false },
    byUserId: DataTypes.INTEGER,
    note: { type: DataTypes.TEXT, allowNull: false },
    at: { type: DataTypes.DATE, allowNull: false },
  },
  { sequelize, tableName: "overdue_case_moves", timestamps: false },
);
