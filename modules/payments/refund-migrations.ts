import { DataTypes } from "sequelize";
import type { Migration } from "../contract";

/**
 * Money captured that bought nothing (issue 13, item 11): one row per such payment, pointing at
 * its gateway attempt or bank voucher, until the board records the refund.
 */
export const refundMigrations: Migration[] = [
  {
    name: "2026112430-payments-refunds",
    async up(qi) {
      await qi.createTable("payment_refunds", {
        id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true },
        registrationId: { type: DataTypes.INTEGER, allowNull: false, references: { model: "registrations", key: "id" } },
        payerUserId: { type: DataTypes.INTEGER, allowNull: false },
        amountPaisa: { type: DataTypes.INTEGER, allowNull: false },
        gateway: { type: DataTypes.STRING(20), allowNull: false },
        attemptId: { type: DataTypes.INTEGER, allowNull: true, unique: true, references: { model: "payment_attempts", key: "id" } },
        voucherId: { type: DataTypes.INTEGER, allowNull: true, unique: true, references: { model: "vouchers", key: "id" } },
        reason: { type: DataTypes.STRING(30), allowNull: false },
        status: { type: DataTypes.STRING(10), allowNull: false, defaultValue: "due" },
        reference: { type: DataTypes.STRING(60), allowNull: true },
        refundedBy: { type: DataTypes.INTEGER, allowNull: true },
        refundedAt: { type: DataTypes.DATE, allowNull: true },
        createdAt: { type: DataTypes.DATE, allowNull: false },
        updatedAt: { type: DataTypes.DATE, allowNull: false },
      });
      await qi.addIndex("payment_refunds", ["status", "createdAt"], { name: "payment_refunds_status_created" });
      await qi.addIndex("payment_refunds", ["registrationId"], { name: "payment_refunds_registration" });
    },
    async down(qi) {
      await qi.dropTable("payment_refunds");
    },
  },
  {
    // The voucher list at scale (issue 14, docs/adr/0015-list-indexes.md): its status filter
    // (Pending is isVerified IS NULL) and its payer search, newest first (the id ends each index).
    name: "2026112450-payments-voucher-list-indexes",
    async up(qi) {
      await qi.addIndex("vouchers", ["isVerified"], { name: "vouchers_is_verified" });
      await qi.addIndex("vouchers", ["userId"], { name: "vouchers_user" });
    },
    async down(qi) {
      await qi.removeIndex("vouchers", "vouchers_user");
      await qi.removeIndex("vouchers", "vouchers_is_verified");
    },
  },
  {
    // The voucher list's route filter at scale (docs/adr/0025-voucher-route-copy.md): the route id
    // kept on the voucher (set when it is created, moved with its registration in the same
    // transaction), so "Pending on this route" is one index range and its count index-only,
    // instead of a semi-join over registrations for every match.
    name: "2026120200-payments-voucher-route",
    async up(qi) {
      await qi.addColumn("vouchers", "routeId", { type: DataTypes.INTEGER, allowNull: true });
      await qi.sequelize.query("UPDATE vouchers SET routeId = (SELECT r.routeId FROM registrations r WHERE r.id = vouchers.registrationId)");
      await qi.addIndex("vouchers", ["routeId", "isVerified"], { name: "vouchers_route_verified" });
    },
    async down(qi) {
      await qi.removeIndex("vouchers", "vouchers_route_verified");
      await qi.removeColumn("vouchers", "routeId");
    },
  },
];
