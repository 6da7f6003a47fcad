import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/utils/guards.server";
import { auditedExportListFile } from "~/utils/audited-export.server";
import { timsCardsList } from "@modules/cards/index.server";
import { timsCardSource } from "@modules/cards/index.server";

/** CSV "TimsCards": one's own cards with the list's filters. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "timsCards");
  return auditedExportListFile(user, timsCardsList, request, () => timsCardSource(user));
}
