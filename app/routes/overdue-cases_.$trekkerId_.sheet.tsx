import type { RouteHandle } from "~/root";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { paramId } from "@lib/param-id";
import { requirePermission } from "~/utils/guards.server";
import { domainErrorResponse } from "~/utils/domain-error.server";
import { PrintButton } from "@modules/cards/index.card";
import { rescueSheet } from "@modules/overdue/index.server";
import { RescueSheet } from "@modules/overdue/index.ui";
import { recordTrekkerView } from "@modules/privacy/index.server";
import { useT } from "@lib/i18n/context";
import { kathmanduDate } from "@lib/dates";
import { requestLanguage } from "~/utils/language.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

// A document page (ADR 0043): server-rendered HTML and the document script, no React; a rescue
// coordinator may open it on a phone in the field, and everything on it works as plain forms and links.
export const handle: RouteHandle = { title: "Rescue Sheet", page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

/** The rescue sheet of an overdue trekker's case (issue 29 item 2), printable; its PDF one link away. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "overdueCases");
  try {
    const sheet = await rescueSheet(user, paramId(params, "trekkerId"), kathmanduDate(), await requestLanguage(request));
    await recordTrekkerView(user, "rescue-sheet", [{ trekkerId: sheet.case.trekkerId, registeredBy: sheet.ownerId }]);
    return sheet;
  } catch (error) {
    throw domainErrorResponse(error);
  }
}

export default function RescueSheetPage() {
  const sheet = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <section className="space-y-3">
      <p className="flex flex-wrap gap-4 text-sm print:hidden">
        <Link to={`/overdue-cases/${sheet.case.trekkerId}`} className="text-blue-700 hover:underline">
          {t("Back to the case")}
        </Link>
        <a href={`/overdue-cases/${sheet.case.trekkerId}/sheet/pdf`} className="font-semibold text-blue-700 hover:underline" download>
          {t("Download PDF")}
        </a>
        <PrintButton />
      </p>
      <div className="overflow-x-auto rounded-lg bg-white p-4 shadow-sm [&_td]:border [&_td]:p-1 [&_th]:border [&_th]:p-1 [&_th]:text-left">
        <RescueSheet sheet={sheet} />
      </div>
    </section>
  );
}
