import type { LoaderFunctionArgs } from "@remix-run/node";
import { paramId } from "@lib/param-id";
import { requirePermission } from "~/utils/guards.server";
import { domainErrorResponse } from "~/utils/domain-error.server";
import { contentDisposition } from "@lib/files/content-disposition";
import { rescueSheetPdf } from "@modules/overdue/index.server";
import { recordTrekkerView } from "@modules/privacy/index.server";
import { messageLanguage } from "~/utils/language.server";

/** The rescue sheet as an A4 PDF (the shared renderer) in the page's language; the same row rules as the sheet's page. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "overdueCases");
  try {
    const trekkerId = paramId(params, "trekkerId");
    const { bytes, fileName, ownerId } = await rescueSheetPdf(user, trekkerId, await messageLanguage(request));
    await recordTrekkerView(user, "rescue-sheet", [{ trekkerId, registeredBy: ownerId }]);
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
