import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/utils/guards.server";
import { exportListFile } from "~/utils/list.server";
import { trekkingHistoryList } from "@modules/cards/index.server";
import { trekkingHistorySource } from "@modules/cards/index.server";

/** CSV "TrekkingHistory": one's own treks. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "trekkingHistory");
  return exportListFile(trekkingHistoryList, request, () => trekkingHistorySource(user));
}
