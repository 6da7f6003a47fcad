import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/utils/guards.server";
import { storedFileResponse } from "@lib/files/storage.server";
import { voucherFile } from "@modules/payments/index.server";
import { paramId, notFound } from "@lib/param-id";

/** A bank voucher image or PDF: private, for the board's review only. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "requestsVouchers");
  const file = await voucherFile(paramId(params, "id"));
  if (!file) throw notFound();
  return storedFileResponse(file.fileKey, { downloadName: file.fileName });
}
