import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportListFile } from "~/utils/list.server";
import { requirePermission } from "~/utils/guards.server";
import { vouchersList } from "@modules/payments/index.ui";
import { voucherListSource } from "@modules/payments/index.server";

/** CSV "Invoice": the voucher list with its filters, streamed from the database. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "requestsVouchers");
  return exportListFile(vouchersList, request, voucherListSource);
}
