import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Transaction } from "sequelize";
import { sequelize } from "../../../db/sequelize.server";
import { dropTrekkerNames, indexTrekkerNames } from "../name-index";

/** A registered trek: who registered it, where and when. Trekkers hang off it. */
export class Registration extends Model<InferAttributes<Registration>, InferCreationAttributes<Registration>> {
  declare id: CreationOptional<number>;
  declare userId: number;
  /** The registering user's type, kept because prices and receipts depend on it. */
  declare userType: number;
  declare routeId: number;
  declare routeName: string;
  declare entryDate: string;
  declare exitDate: string;
  declare entryPoint: string;
  declare exitPoint: string;
  declare status: CreationOptional<string>;
  /** Total in paisa, fixed when payment starts so later fee changes do not alter it. */
  declare totalPaisa: CreationOptional<number | null>;
  declare priceLockedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

Registration.init(
  {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    userId: { type: DataTypes.INTEGER, allowNull: false },
    userType: { type: DataTypes.INTEGER, allowNull: false },
    routeId: { type: DataTypes.INTEGER, allowNull: false },
    routeName: { type: DataTypes.STRING(150), allowNull: false },
    entryDate: { type: DataTypes.DATEONLY, allowNull: false },
    exitDate: { type: DataTypes.DATEONLY, allowNull: false },
    entryPoint: { type: DataTypes.STRING(150), allowNull: false },
    exitPoint: { type: DataTypes.STRING(150), allowNull: false },
    status: { type: DataTypes.STRING(30), allowNull: false, defaultValue: "Payment Pending" },
    totalPaisa: DataTypes.INTEGER,
    priceLockedAt: DataTypes.DATE,
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
  },
  { sequelize, tableName: "registrations" },
);

export class Trekker extends Model<InferAttributes<Trekker>, InferCreationAttributes<Trekker>> {
  declare id: CreationOptional<number>;
  declare registrationId: number;
  /** The registration's owner, copied onto each trekker so lists scoped to one user read one index. */
  declare registeredBy: CreationOptional<number | null>;
  declare photoKey: string;
  declare fullName: string;
  /** The spec's RegionalId: 3 normal, 4 diplomat, 5 child. */
  declare trekkerType: number;
  declare nationality: number;
  declare city: string;
  declare gender: number;
  declare dob: string;
  declare email: string;
  declare passportNumber: string;
  declare visaNumber: CreationOptional<string | null>;
  declare visaIssueDate: CreationOptional<string | null>;
  declare visaExpiryDate: CreationOptional<string | null>;
  declare nepalContactPerson: CreationOptional<string | null>;
  declare nepalOrganization: CreationOptional<string | null>;
  declare nepalMobile: CreationOptional<string | null>;
  declare nepalAddress: CreationOptional<string | null>;
  declare homeContactPerson: CreationOptional<string | null>;
  declare homeCity: CreationOptional<string | null>;
  declare homeMobile: CreationOptional<string | null>;
  declare homeAddress: CreationOptional<string | null>;
  declare insuranceCompany: CreationOptional<string | null>;
  declare policyNumber: CreationOptional<string | null>;
  declare policyType: string;
  declare guideName: CreationOptional<string | null>;
  declare guideLicense: CreationOptional<string | null>;
  declare guideContact: CreationOptional<string | null>;
  declare otherSupportStaff: CreationOptional<string | null>;
  declare status: CreationOptional<string>;
  declare cardNumber: CreationOptional<number | null>;
  declare amountPaisa: CreationOptional<number | null>;
  /** Set when the retention rule erased the personal fields (retention.server.ts); the row stays. */
  declare personalDataErasedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
  /** Set when an agency deletes an unpaid trekker (the cards lifecycle keeps the record). */
  declare deletedAt: CreationOptional<Date | null>;
}

Trekker.init(
  {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    registrationId: { type: DataTypes.INTEGER, allowNull: false },
    registeredBy: DataTypes.INTEGER,
    photoKey: { type: DataTypes.STRING(120), allowNull: false },
    fullName: { type: DataTypes.STRING(150), allowNull: false },
    trekkerType: { type: DataTypes.INTEGER, allowNull: false },
    nationality: { type: DataTypes.INTEGER, allowNull: false },
    city: { type: DataTypes.STRING(100), allowNull: false },
    gender: { type: DataTypes.INTEGER, allowNull: false },
    dob: { type: DataTypes.DATEONLY, allowNull: false },
    email: { type: DataTypes.STRING(190), allowNull: false },
    passportNumber: { type: DataTypes.STRING(50), allowNull: false },
    visaNumber: DataTypes.STRING(50),
    visaIssueDate: DataTypes.DATEONLY,
    visaExpiryDate: DataTypes.DATEONLY,
    nepalContactPerson: DataTypes.STRING(150),
    nepalOrganization: DataTypes.STRING(150),
    nepalMobile: DataTypes.STRING(20),
    nepalAddress: DataTypes.STRING(255),
    homeContactPerson: DataTypes.STRING(150),
    homeCity: DataTypes.STRING(100),
    homeMobile: DataTypes.STRING(30),
    homeAddress: DataTypes.STRING(255),
    insuranceCompany: DataTypes.STRING(150),
    policyNumber: DataTypes.STRING(80),
    policyType: { type: DataTypes.STRING(80), allowNull: false },
    guideName: DataTypes.STRING(150),
    guideLicense: DataTypes.STRING(50),
    guideContact: DataTypes.STRING(20),
    otherSupportStaff: DataTypes.STRING(500),
    status: { type: DataTypes.STRING(30), allowNull: false, defaultValue: "Payment Pending" },
    cardNumber: { type: DataTypes.INTEGER, unique: true },
    amountPaisa: DataTypes.INTEGER,
    personalDataErasedAt: DataTypes.DATE,
    createdAt: DataTypes.DATE,
    updatedAt: DataTypes.DATE,
    deletedAt: DataTypes.DATE,
  },
  // paranoid: every registration query skips trekkers an agency deleted; their record stays.
  { sequelize, tableName: "trekkers", paranoid: true },
);

// The name search's tokens (name-index.ts) follow the name, in the write's own transaction. No
// bulk Trekker.update changes a name (a bulk one would need { individualHooks: true }); a trekker
// removed for good loses its tokens (so does a registration's cascade, by the table's foreign
// key); a record an agency deleted (paranoid) keeps them for the Deleted Trekkers search.
type HookOptions = { transaction?: Transaction | null; force?: boolean };
Trekker.addHook("afterCreate", "indexNameTokens", async (trekker: Trekker, options: HookOptions) => {
  await indexTrekkerNames([trekker], options.transaction, sequelize.getQueryInterface());
});
Trekker.addHook("afterUpdate", "indexNameTokens", async (trekker: Trekker, options: HookOptions) => {
  if (trekker.changed("fullName")) await indexTrekkerNames([trekker], options.transaction, sequelize.getQueryInterface());
});
Trekker.addHook("afterDestroy", "indexNameTokens", async (trekker: Trekker, options: HookOptions) => {
  if (options.force) await dropTrekkerNames([trekker.id], options.transaction, sequelize.getQueryInterface());
});

/** Fees per user type and price region (spec 1 §9); the most specific matching rule wins. */
export class FeeRule extends Model<InferAttributes<FeeRule>, InferCreationAttributes<FeeRule>> {
  declare id: CreationOptional<number>;
  declare userType: number | null;
  declare regionId: number | null;
  declare amountPaisa: number;
}

FeeRule.init(
  {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    userType: DataTypes.INTEGER,
    regionId: DataTypes.INTEGER,
    amountPaisa: { type: DataTypes.INTEGER, allowNull: false },
  },
  { sequelize, tableName: "fee_rules", timestamps: false },
);
