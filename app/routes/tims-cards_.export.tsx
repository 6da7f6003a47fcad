import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/utils/guards.server";
import { exportListFile } from "~/utils/list.server";
import { timsCardsList } from "@modules/cards/index.ui";
import { timsCardSource } from "@modules/cards/index.server";

/** CSV "TimsCards": one's own cards with the list's filters. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "timsCards");
  return exportListFile(timsCardsList, request, () => timsCardSource(user));
}
