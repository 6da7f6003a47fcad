import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { sequelize } from "../../../db/sequelize.server";

/**
 * A follower of one trekker's trek (issue 29 item 3): the e-mail the trekker named and the nonce
 * its private link is signed with. Revoking sets `revokedAt`; a link is good only while its row
 * is live and its nonce matches, so a revoked (or replaced) follower's old link stops working.
 */
export class TrekFollower extends Model<InferAttributes<TrekFollower>, InferCreationAttributes<TrekFollower>> {
  declare id: CreationOptional<number>;
  declare trekkerId: number;
  declare email: string;
  declare nonce: string;
  declare createdBy: number | null;
  declare createdAt: CreationOptional<Date>;
  declare revokedAt: Date | null;
  declare revokedBy: number | null;
}

TrekFollower.init(
  {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    trekkerId: { type: DataTypes.INTEGER, allowNull: false },
    email: { type: DataTypes.STRING(190), allowNull: false },
    nonce: { type: DataTypes.STRING(32), allowNull: false },
    createdBy: DataTypes.INTEGER,
    createdAt: DataTypes.DATE,
    revokedAt: DataTypes.DATE,
    revokedBy: DataTypes.INTEGER,
  },
  { sequelize, tableName: "trek_followers", updatedAt: false },
);
