import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/utils/guards.server";
import { exportListFile } from "~/utils/list.server";
import { selfScanTrekkersList } from "@modules/checkins/index.server";
import { selfScanSource } from "@modules/checkins/index.server";

/** CSV "ScannedTrekkersList" of self check-ins, with the list's filters (board: all; TAAN: its members'). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "selfScanTrekkers");
  return exportListFile(selfScanTrekkersList, request, () => selfScanSource(user), { hidden: ["recordedBy"] });
}
