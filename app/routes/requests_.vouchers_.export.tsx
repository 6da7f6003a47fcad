import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvResponse, paged } from "~/utils/csv.server";
import { displayDate } from "~/utils/dates";
import { requirePermission } from "~/utils/guards.server";
import { listVouchers, type VoucherRow } from "@modules/payments/vouchers.server";
import { voucherQuery } from "./requests_.vouchers";

/** CSV "Invoice": the voucher list with its filters. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "requestsVouchers");
  const filters = voucherQuery(new URL(request.url).searchParams);
  return csvResponse<VoucherRow>(
    "Invoice",
    [
      { header: "Invoice ID", value: (r) => r.invoiceId },
      { header: "Status", value: (r) => r.status },
      { header: "Agency", value: (r) => r.payer },
      { header: "Trekking Route", value: (r) => r.routeName },
      { header: "Amount", value: (r) => (r.amountPaisa / 100).toFixed(2) },
      { header: "Payment Date", value: (r) => displayDate(r.paymentDate) },
    ],
    paged(async (offset, limit) => (await listVouchers({ ...filters, offset, limit })).rows),
  );
}
