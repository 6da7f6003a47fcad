import { DataTypes } from "sequelize";
import type { Migration } from "../contract";
import { indexAllUserWords, SEARCH_WORD_MAX } from "./search-words";

export const userMigrations: Migration[] = [
  {
    name: "2026112202-users-create",
    async up(qi) {
      await qi.createTable("users", {
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
        isVerified: { type: DataTypes.BOOLEAN, allowNull: true },
        isApproved: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        sessionVersion: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
        createdAt: { type: DataTypes.DATE, allowNull: false },
        updatedAt: { type: DataTypes.DATE, allowNull: false },
      });
      await qi.addIndex("users", ["userType", "status"]);
      await qi.createTable("user_grants", {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        userId: { type: DataTypes.INTEGER, allowNull: false, references: { model: "users", key: "id" }, onDelete: "CASCADE" },
        permission: { type: DataTypes.STRING(60), allowNull: false },
        createdAt: { type: DataTypes.DATE, allowNull: false },
      });
      await qi.addIndex("user_grants", ["userId", "permission"], { unique: true });
    },
    async down(qi) {
      await qi.dropTable("user_grants");
      await qi.dropTable("users");
    },
  },
  {
    name: "2026112220-users-soft-delete",
    async up(qi) {
      await qi.addColumn("users", "deletedAt", { type: DataTypes.DATE, allowNull: true });
      await qi.addColumn("users", "deletedEmail", { type: DataTypes.STRING(190), allowNull: true });
    },
    async down(qi) {
      await qi.removeColumn("users", "deletedEmail");
      await qi.removeColumn("users", "deletedAt");
    },
  },
  {
    // Server-side sessions (issue 13): the cookie carries only a random token (docs/adr/0008).
    name: "2026112310-users-sessions",
    async up(qi) {
      await qi.createTable("sessions", {
        id: { type: DataTypes.STRING(64), primaryKey: true, allowNull: false },
        userId: { type: DataTypes.INTEGER, allowNull: false, references: { model: "users", key: "id" }, onDelete: "CASCADE" },
        version: { type: DataTypes.INTEGER, allowNull: false },
        issuedAt: { type: DataTypes.DATE(3), allowNull: false },
        lastSeenAt: { type: DataTypes.DATE(3), allowNull: false },
        expiresAt: { type: DataTypes.DATE(3), allowNull: false },
        remember: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        userAgent: { type: DataTypes.STRING(255), allowNull: true },
      });
      await qi.addIndex("sessions", ["userId"]);
      await qi.addIndex("sessions", ["expiresAt"]);
    },
    async down(qi) {
      await qi.dropTable("sessions");
    },
  },
  {
    // The word index of the users' search (search-words.server.ts): "%text%" read every user of a tab.
    name: "2026120100-users-search-words",
    async up(qi) {
      await qi.createTable("user_search_words", {
        word: { type: DataTypes.STRING(SEARCH_WORD_MAX), allowNull: false, primaryKey: true },
        userId: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
      });
      await qi.addIndex("user_search_words", ["userId"]);
      await indexAllUserWords(qi);
    },
    async down(qi) {
      await qi.dropTable("user_search_words");
    },
  },
  {
    // The Users tabs at scale (docs/adr/0026-users-tab-index.md): every query of the paranoid
    // User model carries `deletedAt IS NULL`, which (userType, status) did not hold, so a tab's
    // capped count read up to 10,001 user rows. (userType, deletedAt, status) answers a tab's
    // count from the index alone and its pages newest first without a sort (the id ends the index).
    name: "2026120210-users-tab-index",
    async up(qi) {
      await qi.addIndex("users", ["userType", "deletedAt", "status"], { name: "users_type_deleted_status" });
      await qi.removeIndex("users", "users_user_type_status");
    },
    async down(qi) {
      await qi.addIndex("users", ["userType", "status"], { name: "users_user_type_status" });
      await qi.removeIndex("users", "users_type_deleted_status");
    },
  },
  {
    // The agency choices every board list's filter form reads beside its page (ADR 0017): 500
    // agencies by name from this index alone, in its order, instead of 500 row lookups and a sort
    // (1.2 ms of a 2.3 ms billing page at 1M trekkers).
    name: "2026120220-users-agency-choices-index",
    async up(qi) {
      await qi.addIndex("users", ["userType", "deletedAt", "organizationName", "id", "fullName"], { name: "users_type_deleted_org_name" });
    },
    async down(qi) {
      await qi.removeIndex("users", "users_type_deleted_org_name");
    },
  },
];
