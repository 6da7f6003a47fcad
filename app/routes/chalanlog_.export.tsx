import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/utils/guards.server";
import { exportListFile } from "~/utils/list.server";
import { chalanErrorList } from "@modules/chalan/index.ui";
import { chalanErrorSource } from "@modules/chalan/index.server";

/** The Chalan Error Log as CSV (PushedChalanErrors.csv, named after the Pushed Chalan Log's PushedChalan.csv), with the list's dates and sort. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "chalan");
  return exportListFile(chalanErrorList, request, chalanErrorSource);
}
