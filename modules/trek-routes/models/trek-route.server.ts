import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { sequelize } from "../../../db/sequelize.server";

/** The spec's two route states (spec 2 §3, §4). */
export type RouteStatus = "Active" | "Disable";
export type RouteImageKind = "gallery" | "map";

export class TrekRoute extends Model<InferAttributes<TrekRoute>, InferCreationAttributes<TrekRoute>> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare provinceId: number;
  declare startPoint: string;
  declare endPoint: string;
  /** Sanitised HTML; never stored raw. */
  declare description: string;
  declare status: CreationOptional<RouteStatus>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

TrekRoute.init(
  {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    name: { type: DataTypes.STRING(150), allowNull: false },
    provinceId: { type: DataTypes.INTEGER, allowNull: false },
    startPoint: { type: DataTypes.STRING(150), allowNull: false },
    endPoint: { type: DataTypes.STRING(150), allowNull: false },
    description: { type: DataTypes.TEXT, allowNull: false },
    status: { type: DataTypes.STRING(10), allowNull: false, defaultValue: "Active" },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "trek_routes" },
);

/** A stop between start and end point; position orders them (0 first). */
export class RouteCheckpoint extends Model<InferAttributes<RouteCheckpoint>, InferCreationAttributes<RouteCheckpoint>> {
  declare id: CreationOptional<number>;
  declare routeId: number;
  declare name: string;
  declare position: number;
}

RouteCheckpoint.init(
  {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    routeId: { type: DataTypes.INTEGER, allowNull: false },
    name: { type: DataTypes.STRING(150), allowNull: false },
    position: { type: DataTypes.INTEGER, allowNull: false },
  },
  { sequelize, tableName: "trek_route_checkpoints", timestamps: false },
);

export class RouteImage extends Model<InferAttributes<RouteImage>, InferCreationAttributes<RouteImage>> {
  declare id: CreationOptional<number>;
  declare routeId: number;
  declare kind: RouteImageKind;
  declare fileKey: string;
  declare fileName: string;
  declare createdAt: CreationOptional<Date>;
}

RouteImage.init(
  {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    routeId: { type: DataTypes.INTEGER, allowNull: false },
    kind: { type: DataTypes.STRING(10), allowNull: false },
    fileKey: { type: DataTypes.STRING(120), allowNull: false },
    fileName: { type: DataTypes.STRING(150), allowNull: false },
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "trek_route_images", updatedAt: false },
);
