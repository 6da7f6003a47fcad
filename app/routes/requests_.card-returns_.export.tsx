import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/utils/guards.server";
import { exportListFile } from "~/utils/list.server";
import { cardReturnsList } from "@modules/cards/index.server";
import { cardReturnSource } from "@modules/cards/index.server";

/** CSV "CardReturns": the TIMS Card Return tab with its filters. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "requestsCardReturns");
  return exportListFile(cardReturnsList, request, () => cardReturnSource(user));
}
