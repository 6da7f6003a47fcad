import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { sequelize } from "../../../db/sequelize.server";

/** The ERP simulator's accepted rows, in its own table so they survive a restart (migrations 2026112600, 2026120500). */
export class ErpSimRow extends Model<InferAttributes<ErpSimRow>, InferCreationAttributes<ErpSimRow>> {
  declare id: CreationOptional<number>;
  declare idemKey: string;
  declare salesDate: string;
  declare customerCode: string;
  declare itemCode: string;
  declare cardFrom: number;
  declare cardTo: number;
  /** Negative for a credit. */
  declare qty: number;
  declare kind: CreationOptional<"sale" | "credit">;
  /** A credit's reversed sale, by its key. */
  declare reversesKey: CreationOptional<string | null>;
  declare creditDate: CreationOptional<string | null>;
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
    kind: { type: DataTypes.STRING(6), allowNull: false, defaultValue: "sale" },
    reversesKey: DataTypes.STRING(100),
    creditDate: DataTypes.DATEONLY,
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "erp_sim_rows", modelName: "ErpSimRow", updatedAt: false },
);
