import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { sequelize } from "../../../db/sequelize.server";

/** One throttle counter when there is no Redis (lib/rate-limit.server.ts). Times are epoch ms. */
export class RateLimitCounter extends Model<InferAttributes<RateLimitCounter>, InferCreationAttributes<RateLimitCounter>> {
  /** A counterKey(): kind and a digest, never an address in the clear. */
  declare name: string;
  declare hits: number;
  declare previousAt: CreationOptional<number | null>;
  declare lastAt: number;
  declare expiresAt: number;
}

RateLimitCounter.init(
  {
    name: { type: DataTypes.STRING(64), primaryKey: true, allowNull: false },
    hits: { type: DataTypes.INTEGER, allowNull: false },
    previousAt: { type: DataTypes.BIGINT, allowNull: true },
    lastAt: { type: DataTypes.BIGINT, allowNull: false },
    expiresAt: { type: DataTypes.BIGINT, allowNull: false },
  },
  { sequelize, tableName: "rate_limit_counters", timestamps: false },
);
