import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/utils/guards.server";
import { exportListFile } from "~/utils/list.server";
import { trekkersList } from "@modules/cards/index.trekkers-list";
import { trekkerListHidden, trekkerListSource } from "@modules/cards/index.server";
import { overdueListHook } from "@modules/overdue/index.server";

/** CSV "TrekkersList": the viewer's trekkers with the list's filters (an agency's own only). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "trekkers");
  return exportListFile(trekkersList, request, () => trekkerListSource(user, { overdue: overdueListHook(user) }), { hidden: trekkerListHidden(user) });
}
