import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/utils/guards.server";
import { exportListFile } from "~/utils/list.server";
import { deletedTrekkersList } from "@modules/cards/index.server";
import { deletedTrekkerSource } from "@modules/cards/index.server";

/** CSV "DeletedTrekkers" (board). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "deletedTrekkers");
  return exportListFile(deletedTrekkersList, request, () => deletedTrekkerSource(user));
}
