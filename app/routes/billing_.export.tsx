import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportListFile } from "~/utils/list.server";
import { requirePermission } from "~/utils/guards.server";
import { billingList } from "@modules/payments/index.ui";
import { billListHidden, billListSource } from "@modules/payments/index.server";

/** CSV "Billings": the viewer's bills with the list's filters, streamed from the database. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "billing");
  return exportListFile(billingList, request, () => billListSource(user), { hidden: billListHidden(user) });
}
