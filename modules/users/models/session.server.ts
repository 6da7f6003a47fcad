import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { sequelize } from "../../../db/sequelize.server";

/**
 * A signed-in session, kept on the server so that ending it (sign-out, password change, disable,
 * expiry) takes effect at once. The cookie holds a random token; the row is keyed by its SHA-256,
 * so the table alone (a backup, a read-only leak) signs no one in.
 */
export class UserSession extends Model<InferAttributes<UserSession>, InferCreationAttributes<UserSession>> {
  /** SHA-256 (hex) of the cookie's token. */
  declare id: string;
  declare userId: number;
  /** The user's sessionVersion when the session began; a bumped version ends it. */
  declare version: number;
  declare issuedAt: Date;
  declare lastSeenAt: Date;
  /** When it ends if unused: the earlier of idle and absolute expiry, recomputed on each touch. */
  declare expiresAt: Date;
  declare remember: boolean;
  declare userAgent: CreationOptional<string | null>;
}

UserSession.init(
  {
    id: { type: DataTypes.STRING(64), primaryKey: true },
    userId: { type: DataTypes.INTEGER, allowNull: false },
    version: { type: DataTypes.INTEGER, allowNull: false },
    issuedAt: { type: DataTypes.DATE(3), allowNull: false },
    lastSeenAt: { type: DataTypes.DATE(3), allowNull: false },
    expiresAt: { type: DataTypes.DATE(3), allowNull: false },
    remember: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    userAgent: DataTypes.STRING(255),
  },
  { sequelize, tableName: "sessions", timestamps: false },
);
