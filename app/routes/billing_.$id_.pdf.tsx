import type { LoaderFunctionArgs } from "@remix-run/node";
import { paramId, notFound } from "@lib/param-id";
import { requirePermission } from "~/utils/guards.server";
import { receiptPdfResponse } from "@modules/payments/index.server";

/** The receipt as a PDF named Receipt-{invoice}-{timestamp}.pdf (spec 2 §9); another payer's bill is 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "billing");
  const response = await receiptPdfResponse(paramId(params, "id"), user);
  if (!response) throw notFound();
  return response;
}
