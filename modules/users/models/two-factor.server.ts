import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { sequelize } from "../../../db/sequelize.server";

/** A user's TOTP enrolment: one row while two-factor sign-in is on. */
export class UserTwoFactor extends Model<InferAttributes<UserTwoFactor>, InferCreationAttributes<UserTwoFactor>> {
  declare userId: number;
  /** The base32 secret, encrypted with a key derived from the app secret (two-factor.server.ts). */
  declare secret: string;
  declare enabledAt: Date;
  /** The last accepted 30-second time step: a code is good once (RFC 6238 §5.2). */
  declare lastStep: CreationOptional<number | null>;
  /** Wrong codes in a row; past the limit the second step waits (TWO_FACTOR_LOCK_SECONDS). */
  declare failedAttempts: CreationOptional<number>;
  declare lastFailedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

UserTwoFactor.init(
  {
    userId: { type: DataTypes.INTEGER, primaryKey: true, allowNull: false },
    secret: { type: DataTypes.STRING(255), allowNull: false },
    enabledAt: { type: DataTypes.DATE, allowNull: false },
    lastStep: { type: DataTypes.BIGINT, allowNull: true },
    failedAttempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    lastFailedAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "user_two_factor" },
);

/** A single-use recovery code, stored only as a salted hash. */
export class RecoveryCode extends Model<InferAttributes<RecoveryCode>, InferCreationAttributes<RecoveryCode>> {
  declare id: CreationOptional<number>;
  declare userId: number;
  /** `salt$sha256(salt + code)`, both base64url. */
  declare codeHash: string;
  declare usedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
}

RecoveryCode.init(
  {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    userId: { type: DataTypes.INTEGER, allowNull: false },
    codeHash: { type: DataTypes.STRING(100), allowNull: false },
    usedAt: { type: DataTypes.DATE, allowNull: true },
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "user_recovery_codes", updatedAt: false },
);

/** The board's security settings: one row (id 1), made on first write. */
export class SecuritySetting extends Model<InferAttributes<SecuritySetting>, InferCreationAttributes<SecuritySetting>> {
  declare id: number;
  declare requireStaffTwoFactor: CreationOptional<boolean>;
  declare updatedBy: CreationOptional<number | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

SecuritySetting.init(
  {
    id: { type: DataTypes.INTEGER, primaryKey: true, allowNull: false },
    requireStaffTwoFactor: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    updatedBy: { type: DataTypes.INTEGER, allowNull: true },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "security_settings" },
);
