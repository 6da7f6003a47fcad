import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { sequelize } from "../../../db/sequelize.server";

/** The ERP simulator's accepted rows, in its own table so they survive a restart (migration 2026112600). */
export class ErpSimRow extends Model<InferAttributes<ErpSimRow>, InferCreationAttributes<ErpSimRow>> {
  declare id: CreationOptional<number>;
  declare idemKey: string;
  declare salesDate: string;
  declare customerCode: string;
  declare itemCode: string;
  declare cardFrom: number;
  declare cardTo: number;
  declare qty: number;
  declare createdAt: CreationOptional<Date>;
}

ErpSimRow.init(
  {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    idemKey: { type: DataTypes.STRING(100), allowNull: false },
    salesDate: { type: DataTypes.DATEONLY, allowNull: false },
    customerCode: { type: DataTypes.STRING(40), allowNull: false },
    itemCode: { type: DataTypes.STRING(20), allowNull: false },
    cardFrom: { type: DataTypes.INTEGER, allowNull: false },
    cardTo: { type: DataTypes.INTEGER, allowNull: false },
    qty: { type: DataTypes.INTEGER, allowNull: false },
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "erp_sim_rows", modelName: "ErpSimRow", updatedAt: false },
);
