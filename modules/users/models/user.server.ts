import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import type { Transaction } from "sequelize";
import { sequelize } from "../../../db/sequelize.server";
import { endStaleSessions } from "../sessions.server";
import { indexUserWords } from "../search-words.server";

export type UserStatus = "Active" | "Disabled";

export class User extends Model<InferAttributes<User>, InferCreationAttributes<User>> {
  declare id: CreationOptional<number>;
  declare userType: number;
  declare email: string;
  declare passwordHash: string;
  declare fullName: string;
  declare organizationName: CreationOptional<string | null>;
  /** The agency's PAN (the spec's OrganizationContact). */
  declare panNumber: CreationOptional<string | null>;
  declare contactPerson: CreationOptional<string | null>;
  declare contactNo: CreationOptional<string | null>;
  declare contactAddress: CreationOptional<string | null>;
  declare countryId: CreationOptional<number | null>;
  declare provinceId: CreationOptional<number | null>;
  declare localGovernmentInfo: CreationOptional<string | null>;
  declare wardNo: CreationOptional<string | null>;
  declare routeId: CreationOptional<number | null>;
  declare checkpointId: CreationOptional<number | null>;
  declare userImage: CreationOptional<string | null>;
  declare status: CreationOptional<UserStatus>;
  declare statusRemarks: CreationOptional<string | null>;
  declare emailVerified: CreationOptional<boolean>;
  declare isDocumentUploaded: CreationOptional<boolean>;
  /** null: documents sent and awaiting review; false: rejected; true: verified. */
  declare isVerified: CreationOptional<boolean | null>;
  declare isApproved: CreationOptional<boolean>;
  /** Bumped on password change or disable so every existing session ends. */
  declare sessionVersion: CreationOptional<number>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
  /** Soft delete: the row stays for the records that point at it (trekkers, bills). */
  declare deletedAt: CreationOptional<Date | null>;
  /** A deleted account's address, kept for the record; `email` is moved aside to free it. */
  declare deletedEmail: CreationOptional<string | null>;
  /** The language chosen in the header (lib/i18n), null until chosen. */
  declare language: CreationOptional<string | null>;
}

User.init(
  {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    userType: { type: DataTypes.INTEGER, allowNull: false },
    email: { type: DataTypes.STRING(190), allowNull: false, unique: true },
    passwordHash: { type: DataTypes.STRING(255), allowNull: false },
    fullName: { type: DataTypes.STRING(150), allowNull: false },
    organizationName: DataTypes.STRING(150),
    panNumber: DataTypes.STRING(20),
    contactPerson: DataTypes.STRING(150),
    contactNo: DataTypes.STRING(20),
    contactAddress: DataTypes.STRING(255),
    countryId: DataTypes.INTEGER,
    provinceId: DataTypes.INTEGER,
    localGovernmentInfo: DataTypes.STRING(150),
    wardNo: DataTypes.STRING(10),
    routeId: DataTypes.INTEGER,
    checkpointId: DataTypes.INTEGER,
    userImage: DataTypes.STRING(255),
    status: { type: DataTypes.STRING(10), allowNull: false, defaultValue: "Active" },
    statusRemarks: DataTypes.STRING(500),
    emailVerified: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    isDocumentUploaded: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    isVerified: { type: DataTypes.BOOLEAN, allowNull: true, defaultValue: null },
    isApproved: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    sessionVersion: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
    deletedAt: DataTypes.DATE,
    deletedEmail: DataTypes.STRING(190),
    language: DataTypes.STRING(10),
  },
  // paranoid: every query skips deleted accounts, so they cannot sign in or appear in lists.
  { sequelize, tableName: "users", paranoid: true },
);

// Every sessionVersion bump (password change, disable, delete, e-mail change) ends the sessions
// begun under the old version, in the bump's own transaction when it has one. Instance updates
// only: a bulk User.update of sessionVersion would need { individualHooks: true }.
User.addHook("afterUpdate", "endStaleSessions", async (user: User, options: { transaction?: Transaction | null }) => {
  if (user.changed("sessionVersion")) await endStaleSessions(user.id, user.sessionVersion, options.transaction);
});

export class UserGrant extends Model<InferAttributes<UserGrant>, InferCreationAttributes<UserGrant>> {
  declare id: CreationOptional<number>;
  declare userId: number;
  declare permission: string;
  declare createdAt: CreationOptional<Date>;
}

UserGrant.init(
  {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    userId: { type: DataTypes.INTEGER, allowNull: false },
    permission: { type: DataTypes.STRING(60), allowNull: false },
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "user_grants", updatedAt: false },
);

// The search's word index follows the searched columns, in the write's own transaction. No bulk
// User.update changes them (a bulk one would need { individualHooks: true }).
User.addHook("afterCreate", "indexSearchWords", async (user: User, options: { transaction?: Transaction | null }) => {
  await indexUserWords([user], options.transaction);
});
User.addHook("afterUpdate", "indexSearchWords", async (user: User, options: { transaction?: Transaction | null }) => {
  if (user.changed("fullName") || user.changed("email") || user.changed("organizationName")) await indexUserWords([user], options.transaction);
});
