import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/utils/guards.server";
import { auditedExportListFile } from "~/utils/audited-export.server";
import { trekkersList, viewerTrekkers } from "~/utils/trekker-lists.server";

/** CSV "TrekkersList": the viewer's trekkers with the list's filters (an agency's own only). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "trekkers");
  const { source, hidden } = viewerTrekkers(user);
  return auditedExportListFile(user, trekkersList, request, source, { hidden });
}
