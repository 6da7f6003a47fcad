import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/utils/guards.server";
import { storedFileResponse } from "@modules/files/storage.server";
import { voucherFile } from "@modules/payments/vouchers.server";

/** A bank voucher image or PDF: private, for the board's review only. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "requestsVouchers");
  const file = await voucherFile(Number(params.id));
  if (!file) throw new Response("Not Found", { status: 404 });
  return storedFileResponse(file.fileKey, { downloadName: file.fileName });
}
