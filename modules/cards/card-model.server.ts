import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { sequelize } from "../../db/sequelize.server";
import type { ReturnState } from "./lifecycle";

/**
 * The card columns of `trekkers` (docs/adr/0005-cards-own-the-card.md). The registration module
 * owns the rows (it inserts them with the person's details); the card columns — status, card
 * number, deletion, return and cancellation — are written only through this model, by the moves
 * of the transition table. `registrationId` and `fullName` are here to be read, never written.
 */
export class TrekkerCard extends Model<InferAttributes<TrekkerCard>, InferCreationAttributes<TrekkerCard>> {
  declare id: CreationOptional<number>;
  declare registrationId: number;
  declare fullName: string;
  declare status: string;
  declare cardNumber: number | null;
  declare deletedAt: Date | null;
  declare deleteRemarks: string | null;
  declare deletedBy: number | null;
  declare deletedIp: string | null;
  declare returnState: ReturnState | null;
  declare returnReason: string | null;
  declare returnRemarks: string | null;
  declare returnedAt: Date | null;
  declare returnDecidedAt: Date | null;
  declare cancelReason: string | null;
  declare cancelledAt: Date | null;
  /** When the card got its number: the payment (or generate) that issued it. */
  declare issuedAt: Date | null;
  /** Also the card's issue date once it has a number (set by the move that issued it). */
  declare updatedAt: CreationOptional<Date>;
}

TrekkerCard.init(
  {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    registrationId: { type: DataTypes.INTEGER, allowNull: false },
    fullName: { type: DataTypes.STRING(150), allowNull: false },
    status: { type: DataTypes.STRING(30), allowNull: false },
    cardNumber: DataTypes.INTEGER,
    deletedAt: DataTypes.DATE,
    deleteRemarks: DataTypes.TEXT,
    deletedBy: DataTypes.INTEGER,
    deletedIp: DataTypes.STRING(64),
    returnState: DataTypes.STRING(20),
    returnReason: DataTypes.TEXT,
    returnRemarks: DataTypes.TEXT,
    returnedAt: DataTypes.DATE,
    returnDecidedAt: DataTypes.DATE,
    cancelReason: DataTypes.TEXT,
    cancelledAt: DataTypes.DATE,
    issuedAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "trekkers", modelName: "TrekkerCard", createdAt: false },
);
