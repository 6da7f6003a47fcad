import { DataTypes } from "sequelize";
import type { Migration } from "../contract";
import { NAME_TOKEN_MAX } from "./name-tokens";
import { indexAllTrekkerNames } from "./name-index";

const text = (n: number) => ({ type: DataTypes.STRING(n), allowNull: true });

export const registrationMigrations: Migration[] = [
  {
    name: "2026112240-registration-create",
    async up(qi) {
      await qi.createTable("registrations", {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        userId: { type: DataTypes.INTEGER, allowNull: false, references: { model: "users", key: "id" } },
        userType: { type: DataTypes.INTEGER, allowNull: false },
        routeId: { type: DataTypes.INTEGER, allowNull: false },
        routeName: { type: DataTypes.STRING(150), allowNull: false },
        entryDate: { type: DataTypes.DATEONLY, allowNull: false },
        exitDate: { type: DataTypes.DATEONLY, allowNull: false },
        entryPoint: { type: DataTypes.STRING(150), allowNull: false },
        exitPoint: { type: DataTypes.STRING(150), allowNull: false },
        status: { type: DataTypes.STRING(30), allowNull: false, defaultValue: "Payment Pending" },
        totalPaisa: { type: DataTypes.INTEGER, allowNull: true },
        priceLockedAt: { type: DataTypes.DATE, allowNull: true },
        createdAt: { type: DataTypes.DATE, allowNull: false },
        updatedAt: { type: DataTypes.DATE, allowNull: false },
      });
      await qi.addIndex("registrations", ["userId", "createdAt"]);
      await qi.addIndex("registrations", ["routeId"]);
      await qi.createTable("trekkers", {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        registrationId: { type: DataTypes.INTEGER, allowNull: false, references: { model: "registrations", key: "id" }, onDelete: "CASCADE" },
        photoKey: { type: DataTypes.STRING(120), allowNull: false },
        fullName: { type: DataTypes.STRING(150), allowNull: false },
        trekkerType: { type: DataTypes.INTEGER, allowNull: false },
        nationality: { type: DataTypes.INTEGER, allowNull: false },
        city: { type: DataTypes.STRING(100), allowNull: false },
        gender: { type: DataTypes.INTEGER, allowNull: false },
        dob: { type: DataTypes.DATEONLY, allowNull: false },
        email: { type: DataTypes.STRING(190), allowNull: false },
        passportNumber: { type: DataTypes.STRING(50), allowNull: false },
        visaNumber: text(50),
        visaIssueDate: { type: DataTypes.DATEONLY, allowNull: true },
        visaExpiryDate: { type: DataTypes.DATEONLY, allowNull: true },
        nepalContactPerson: text(150),
        nepalOrganization: text(150),
        nepalMobile: text(20),
        nepalAddress: text(255),
        homeContactPerson: text(150),
        homeCity: text(100),
        homeMobile: text(30),
        homeAddress: text(255),
        insuranceCompany: text(150),
        policyNumber: text(80),
        policyType: { type: DataTypes.STRING(80), allowNull: false },
        guideName: text(150),
        guideLicense: text(50),
        guideContact: text(20),
        otherSupportStaff: text(500),
        status: { type: DataTypes.STRING(30), allowNull: false, defaultValue: "Payment Pending" },
        cardNumber: { type: DataTypes.INTEGER, allowNull: true, unique: true },
        amountPaisa: { type: DataTypes.INTEGER, allowNull: true },
        createdAt: { type: DataTypes.DATE, allowNull: false },
        updatedAt: { type: DataTypes.DATE, allowNull: false },
      });
      await qi.addIndex("trekkers", ["registrationId"]);
      await qi.createTable("fee_rules", {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        userType: { type: DataTypes.INTEGER, allowNull: true },
        regionId: { type: DataTypes.INTEGER, allowNull: true },
        amountPaisa: { type: DataTypes.INTEGER, allowNull: false },
      });
    },
    async down(qi) {
      await qi.dropTable("fee_rules");
      await qi.dropTable("trekkers");
      await qi.dropTable("registrations");
    },
  },
  {
    // The trekker lists (issue 14) at a million rows: every list reads trekkers newest first (the
    // primary key) through an index on what it filters by, never the whole table.
    name: "2026112410-registration-trekker-lists",
    async up(qi, sequelize) {
      await qi.addColumn("trekkers", "registeredBy", { type: DataTypes.INTEGER, allowNull: true });
      await sequelize.query("UPDATE trekkers SET registeredBy = (SELECT r.userId FROM registrations r WHERE r.id = trekkers.registrationId)");
      // An agency's or a checkpost's own trekkers (InnoDB and SQLite append the id to every index).
      await qi.addIndex("trekkers", ["registeredBy", "deletedAt"], { name: "trekkers_registered_by" });
      await qi.addIndex("trekkers", ["createdAt"], { name: "trekkers_created_at" });
      await qi.addIndex("trekkers", ["nationality"], { name: "trekkers_nationality" });
      await qi.addIndex("trekkers", ["deletedAt"], { name: "trekkers_deleted_at" });
      // Search: a name's beginning, a passport number.
      await qi.addIndex("trekkers", ["fullName"], { name: "trekkers_full_name" });
      await qi.addIndex("trekkers", ["passportNumber"], { name: "trekkers_passport" });
    },
    async down(qi) {
      for (const name of [
        "trekkers_passport",
        "trekkers_full_name",
        "trekkers_deleted_at",
        "trekkers_nationality",
        "trekkers_created_at",
        "trekkers_registered_by",
      ]) {
        await qi.removeIndex("trekkers", name);
      }
      await qi.removeColumn("trekkers", "registeredBy");
    },
  },
  {
    // Speed at a million trekkers (issue 14, docs/adr/0015-list-indexes.md). The daily sweep reads
    // live Upcoming/Active cards through (status, deletedAt) and needs their registration without
    // the row, and registrations by status and date; the trekker lists filter by country or
    // status within live rows, newest first (the id, appended to every index).
    name: "2026112440-registration-scale-indexes",
    async up(qi) {
      await qi.addIndex("trekkers", ["status", "deletedAt", "registrationId"], { name: "trekkers_status_live_registration" });
      await qi.removeIndex("trekkers", "trekkers_status_deleted");
      await qi.addIndex("trekkers", ["nationality", "status", "deletedAt"], { name: "trekkers_nationality_live" });
      await qi.removeIndex("trekkers", "trekkers_nationality");
      await qi.addIndex("registrations", ["status", "entryDate"], { name: "registrations_status_entry" });
      await qi.addIndex("registrations", ["status", "exitDate"], { name: "registrations_status_exit" });
    },
    async down(qi) {
      await qi.removeIndex("registrations", "registrations_status_exit");
      await qi.removeIndex("registrations", "registrations_status_entry");
      await qi.addIndex("trekkers", ["nationality"], { name: "trekkers_nationality" });
      await qi.removeIndex("trekkers", "trekkers_nationality_live");
      await qi.addIndex("trekkers", ["status", "deletedAt"], { name: "trekkers_status_deleted" });
      await qi.removeIndex("trekkers", "trekkers_status_live_registration");
    },
  },
  {
    // Search by any part of a name (issue 28 item 2, docs/adr/0046-name-search-tokens.md): one row
    // per token of a trekker's name, keyed (token, trekkerId) so a word's prefix is one index range;
    // (trekkerId, token) for the newest-first walk that checks each trekker and for replacing a
    // trekker's tokens. Binary collation: tokens are folded before they are stored, and code point
    // order is what prefixRange() bounds. Existing trekkers are filled in batches.
    name: "2026122700-registration-name-tokens",
    async up(qi) {
      await qi.createTable("trekker_name_tokens", {
        token: { type: DataTypes.STRING(NAME_TOKEN_MAX).BINARY, allowNull: false, primaryKey: true },
        trekkerId: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true, references: { model: "trekkers", key: "id" }, onDelete: "CASCADE" },
      });
      await qi.addIndex("trekker_name_tokens", ["trekkerId", "token"], { name: "trekker_name_tokens_trekker" });
      await indexAllTrekkerNames(qi);
    },
    async down(qi) {
      await qi.dropTable("trekker_name_tokens");
    },
  },
  {
    // Family who follow a trek (issue 29 item 3): one row per follower a trekker named; revoking
    // or naming another keeps the row (revokedAt) so an old link is refused rather than unknown.
    // (trekkerId, revokedAt): a trekker's live follower, read on every check-out and escalation.
    name: "2026122910-registration-trek-followers",
    async up(qi) {
      await qi.createTable("trek_followers", {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        trekkerId: { type: DataTypes.INTEGER, allowNull: false, references: { model: "trekkers", key: "id" }, onDelete: "CASCADE" },
        email: { type: DataTypes.STRING(190), allowNull: false },
        // Random, signed into the link: a new follower's link never opens an old follower's row.
        nonce: { type: DataTypes.STRING(32), allowNull: false },
        createdBy: { type: DataTypes.INTEGER, allowNull: true },
        createdAt: { type: DataTypes.DATE, allowNull: false },
        revokedAt: { type: DataTypes.DATE, allowNull: true },
        revokedBy: { type: DataTypes.INTEGER, allowNull: true },
      });
      await qi.addIndex("trek_followers", ["trekkerId", "revokedAt"], { name: "trek_followers_trekker" });
    },
    async down(qi) {
      await qi.dropTable("trek_followers");
    },
  },
  {
    // Personal data kept only as long as needed (issue 31 item 5): the trekker row stays for the
    // card, the bills and the statistics; this says when its personal fields were erased.
    // (registrationId) is already indexed; the job walks registrations by exit date.
    name: "2027010100-registration-personal-data-erased",
    async up(qi) {
      await qi.addColumn("trekkers", "personalDataErasedAt", { type: DataTypes.DATE, allowNull: true });
    },
    async down(qi) {
      await qi.removeColumn("trekkers", "personalDataErasedAt");
    },
  },
];
