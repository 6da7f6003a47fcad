import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportListFile } from "~/utils/list.server";
import { requirePermission } from "~/utils/guards.server";
import { agencyRequestsList } from "@modules/agencies/index.ui";
import { agencyRequestSource } from "@modules/users/index.server";

/** CSV "Requests": the agency list with its filters, streamed from the database. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "requests");
  return exportListFile(agencyRequestsList, request, agencyRequestSource);
}
