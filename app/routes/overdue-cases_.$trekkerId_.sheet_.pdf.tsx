import type { LoaderFunctionArgs } from "@remix-run/node";
import { paramId } from "@lib/param-id";
import { requirePermission } from "~/utils/guards.server";
import { domainErrorResponse } from "~/utils/domain-error.server";
import { contentDisposition } from "@lib/files/content-disposition";
import { rescueSheetPdf } from "@modules/overdue/index.server";

/** The rescue sheet as an A4 PDF (the shared renderer); the same row rules as the sheet's page. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "overdueCases");
  try {
    const { bytes, fileName } = await rescueSheetPdf(user, paramId(params, "trekkerId"));
    return new Response(Buffer.from(bytes), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": contentDisposition("attachment", fileName, "rescue-sheet.pdf"),
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    throw domainErrorResponse(error);
  }
}
