import { DataTypes } from "sequelize";
import type { Migration } from "../contract";

/**
 * Billing (issue 16): the receipt PDF each bill gets (rendered and e-mailed by a job), and the
 * indexes the billing list filters on (a payer's own bills, a date range), newest first.
 */
export const billingMigrations: Migration[] = [
  {
    name: "2026112610-payments-billing",
    async up(qi) {
      await qi.addColumn("bills", "receiptFileKey", { type: DataTypes.STRING(80), allowNull: true });
      await qi.addColumn("bills", "receiptEmailedAt", { type: DataTypes.DATE, allowNull: true });
      await qi.addIndex("bills", ["payerUserId", "id"], { name: "bills_payer_id" });
      await qi.addIndex("bills", ["createdAt", "id"], { name: "bills_created_id" });
      await qi.addIndex("bills", ["methodId", "id"], { name: "bills_method_id" });
    },
    async down(qi) {
      await qi.removeIndex("bills", "bills_method_id");
      await qi.removeIndex("bills", "bills_created_id");
      await qi.removeIndex("bills", "bills_payer_id");
      await qi.removeColumn("bills", "receiptEmailedAt");
      await qi.removeColumn("bills", "receiptFileKey");
    },
  },
];
