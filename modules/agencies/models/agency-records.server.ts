import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes } from "sequelize";
import { sequelize } from "../../../db/sequelize.server";

/** One uploaded file of an agency's onboarding documents; re-submissions add rows, never replace. */
export class AgencyDocument extends Model<InferAttributes<AgencyDocument>, InferCreationAttributes<AgencyDocument>> {
  declare id: CreationOptional<number>;
  declare userId: number;
  declare documentType: number;
  declare fileKey: string;
  declare fileName: string;
  declare fileKind: string;
  declare createdAt: CreationOptional<Date>;
}

AgencyDocument.init(
  {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    userId: { type: DataTypes.INTEGER, allowNull: false },
    documentType: { type: DataTypes.INTEGER, allowNull: false },
    fileKey: { type: DataTypes.STRING(120), allowNull: false },
    fileName: { type: DataTypes.STRING(160), allowNull: false },
    fileKind: { type: DataTypes.STRING(4), allowNull: false },
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "agency_documents", updatedAt: false },
);

export type NoteType = "Remarks" | "Logs";

/** Reviewer remarks and system logs on an agency (spec 2 §3 user note). */
export class AgencyNote extends Model<InferAttributes<AgencyNote>, InferCreationAttributes<AgencyNote>> {
  declare id: CreationOptional<number>;
  declare userId: number;
  declare note: string;
  declare type: NoteType;
  declare isRejectionNote: CreationOptional<boolean>;
  declare createdBy: CreationOptional<number | null>;
  declare createdByName: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
}

AgencyNote.init(
  {
    id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
    userId: { type: DataTypes.INTEGER, allowNull: false },
    note: { type: DataTypes.STRING(2000), allowNull: false, defaultValue: "" },
    type: { type: DataTypes.STRING(10), allowNull: false },
    isRejectionNote: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    createdBy: DataTypes.INTEGER,
    createdByName: DataTypes.STRING(150),
    createdAt: DataTypes.DATE,
  },
  { sequelize, tableName: "agency_notes", updatedAt: false },
);
