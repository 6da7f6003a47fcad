import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/utils/guards.server";
import { exportListFile } from "~/utils/list.server";
import { pushedChalanList } from "@modules/chalan/index.ui";
import { pushedChalanSource } from "@modules/chalan/index.server";

/** The Pushed Chalan Log as CSV (PushedChalan.csv), with the list's dates and sort. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "chalan");
  return exportListFile(pushedChalanList, request, pushedChalanSource);
}
