import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { sequelize } from "../../../db/sequelize.server";

export type CheckinMethod = "qr" | "photo" | "typed" | "self";
export type CheckinDirection = "in" | "out";

/** The rows that are check-ins (a refused scan is kept beside them but drives nothing). */
export const CHECKINS_ONLY = { refusedReason: null } as const;

export class Checkin extends Model<InferAttributes<Checkin>, InferCreationAttributes<Checkin>> {
  declare id: CreationOptional<number>;
  declare trekkerId: number;
  declare registrationId: number;
  declare ownerId: number;
  declare ownerType: number;
  declare checkpointId: number | null;
  declare place: string;
  declare method: CheckinMethod;
  declare direction: CheckinDirection;
  declare atEndPoint: boolean;
  declare actionDate: Date;
  declare recordedBy: number | null;
  declare ip: string | null;
  declare clientId: string | null;
  /** Why the card was refused: the row is a sighting, not a check-in (null for a check-in). */
  declare refusedReason: CreationOptional<string | null>;
  /** Recorded at a checkpoint that is not on the card's route, after the checkpost was warned. */
  declare offRoute: CreationOptional<boolean>;
  declare createdAt: CreationOptional<Date>;
}

Checkin.init(
  {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    trekkerId: { type: DataTypes.INTEGER, allowNull: false },
    registrationId: { type: DataTypes.INTEGER, allowNull: false },
    ownerId: { type: DataTypes.INTEGER, allowNull: false },
    ownerType: { type: DataTypes.INTEGER, allowNull: false },
    checkpointId: DataTypes.INTEGER,
    place: { type: DataTypes.STRING(150), allowNull: false },
    method: { type: DataTypes.STRING(10), allowNull: false },
    direction: { type: DataTypes.STRING(3), allowNull: false },
    atEndPoint: { type: DataTypes.BOOLEAN, allowNull: false },
    actionDate: { type: DataTypes.DATE, allowNull: false },
    recordedBy: DataTypes.INTEGER,
    ip: DataTypes.STRING(64),
    clientId: DataTypes.STRING(64),
    refusedReason: DataTypes.STRING(200),
    offRoute: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "checkins", updatedAt: false },
);
