import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { sequelize } from "../../db/sequelize.server";

export class ApiDevice extends Model<InferAttributes<ApiDevice>, InferCreationAttributes<ApiDevice>> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare userId: number;
  declare tokenHash: string;
  declare tokenPrefix: string;
  declare createdBy: number;
  declare createdAt: CreationOptional<Date>;
  declare lastUsedAt: Date | null;
  declare revokedAt: Date | null;
  declare revokedBy: number | null;
}

ApiDevice.init(
  {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    name: { type: DataTypes.STRING(100), allowNull: false },
    userId: { type: DataTypes.INTEGER, allowNull: false },
    tokenHash: { type: DataTypes.STRING(64), allowNull: false },
    tokenPrefix: { type: DataTypes.STRING(16), allowNull: false },
    createdBy: { type: DataTypes.INTEGER, allowNull: false },
    createdAt: DataTypes.DATE,
    lastUsedAt: DataTypes.DATE,
    revokedAt: DataTypes.DATE,
    revokedBy: DataTypes.INTEGER,
  },
  { sequelize, tableName: "api_devices", updatedAt: false },
);
