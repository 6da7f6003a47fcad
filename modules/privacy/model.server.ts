import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { sequelize } from "../../db/sequelize.server";

/** One staff view (or export) of trekkers' personal data (migrations.ts). */
export class PersonalDataView extends Model<InferAttributes<PersonalDataView>, InferCreationAttributes<PersonalDataView>> {
  declare id: CreationOptional<number>;
  declare userId: number;
  declare userType: number;
  declare place: string;
  declare trekkerIds: string | null;
  declare rowCount: number;
  declare filter: string | null;
  declare viewedAt: Date;
}

PersonalDataView.init(
  {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    userId: { type: DataTypes.INTEGER, allowNull: false },
    userType: { type: DataTypes.INTEGER, allowNull: false },
    place: { type: DataTypes.STRING(30), allowNull: false },
    trekkerIds: DataTypes.STRING(500),
    rowCount: { type: DataTypes.INTEGER, allowNull: false },
    filter: DataTypes.STRING(500),
    viewedAt: { type: DataTypes.DATE, allowNull: false },
  },
  { sequelize, tableName: "personal_data_views", timestamps: false },
);
