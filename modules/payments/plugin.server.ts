import type { TimsModule } from "../contract";
import { paymentMigrations } from "./migrations";
import { paymentsPermissions } from "./permissions";
import { billingMigrations } from "./billing-migrations";
import { invoiceMigrations } from "./invoice-migrations";
import { RECEIPT_JOB, renderAndEmailReceipt } from "./receipt-pdf.server";
import { refundMigrations } from "./refund-migrations";
import { emailRefundNotice } from "./refund-notice.server";
import { REFUND_NOTICE_JOB, type RefundNoticeKind } from "./refunds.server";
import { RECONCILE_JOB, reconcileJob, reconcileSchedule } from "./reconcile.server";

export const paymentsModule: TimsModule = {
  name: "payments",
  migrations: [...paymentMigrations, ...refundMigrations, ...billingMigrations, ...invoiceMigrations],
  permissions: paymentsPermissions,
  sidebar: [
    { label: "Billing", to: "/billing", permission: "billing", order: 90, icon: "billing" },
    { label: "Refunds", to: "/refunds", permission: "refunds", order: 115, icon: "refund" },
  ],
  jobs: {
    [RECONCILE_JOB]: reconcileJob,
    [RECEIPT_JOB]: async ({ billId }: { billId: number }) => {
      await renderAndEmailReceipt(billId);
    },
    [REFUND_NOTICE_JOB]: async ({ refundId, kind }: { refundId: number; kind: RefundNoticeKind }) => {
      await emailRefundNotice(refundId, kind);
    },
  },
  schedules: [reconcileSchedule],
};
