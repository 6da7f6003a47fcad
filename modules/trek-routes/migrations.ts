import { DataTypes } from "sequelize";
import type { Migration } from "../contract";

/**
 * Routes (spec 2 §3 RouteDto), their ordered checkpoints (RouteDetail) and images
 * (Attachment = gallery, MapAttachment = map). Plain types only, so SQLite and MySQL agree.
 */
export const trekRouteMigrations: Migration[] = [
  {
    name: "2026112210-trek-routes-create",
    async up(qi) {
      await qi.createTable("trek_routes", {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        name: { type: DataTypes.STRING(150), allowNull: false },
        provinceId: { type: DataTypes.INTEGER, allowNull: false },
        startPoint: { type: DataTypes.STRING(150), allowNull: false },
        endPoint: { type: DataTypes.STRING(150), allowNull: false },
        description: { type: DataTypes.TEXT, allowNull: false },
        status: { type: DataTypes.STRING(10), allowNull: false, defaultValue: "Active" },
        createdAt: { type: DataTypes.DATE, allowNull: false },
        updatedAt: { type: DataTypes.DATE, allowNull: false },
      });
      await qi.addIndex("trek_routes", ["name"]);
      await qi.addIndex("trek_routes", ["status", "name"]);
      await qi.createTable("trek_route_checkpoints", {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        routeId: { type: DataTypes.INTEGER, allowNull: false, references: { model: "trek_routes", key: "id" }, onDelete: "CASCADE" },
        name: { type: DataTypes.STRING(150), allowNull: false },
        position: { type: DataTypes.INTEGER, allowNull: false },
      });
      await qi.addIndex("trek_route_checkpoints", ["routeId", "position"]);
      await qi.createTable("trek_route_images", {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        routeId: { type: DataTypes.INTEGER, allowNull: false, references: { model: "trek_routes", key: "id" }, onDelete: "CASCADE" },
        kind: { type: DataTypes.STRING(10), allowNull: false },
        fileKey: { type: DataTypes.STRING(120), allowNull: false },
        fileName: { type: DataTypes.STRING(150), allowNull: false },
        createdAt: { type: DataTypes.DATE, allowNull: false },
      });
      await qi.addIndex("trek_route_images", ["routeId", "kind"]);
    },
    async down(qi) {
      await qi.dropTable("trek_route_images");
      await qi.dropTable("trek_route_checkpoints");
      await qi.dropTable("trek_routes");
    },
  },
];
