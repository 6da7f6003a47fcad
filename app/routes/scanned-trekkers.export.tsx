import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/utils/guards.server";
import { exportListFile } from "~/utils/list.server";
import { scannedTrekkersList } from "@modules/checkins/index.server";
import { viewerScans } from "~/utils/trekker-lists.server";

/** CSV "ScannedTrekkersList": the check-ins this checkpost recorded, with the list's filters. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "scan");
  const { source, hidden } = viewerScans(user);
  return exportListFile(scannedTrekkersList, request, source, { hidden });
}
