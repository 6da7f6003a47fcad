import type { LoaderFunctionArgs } from "@remix-run/node";
import { forbidden, requirePermission } from "~/utils/guards.server";
import { exportListFile } from "~/utils/list.server";
import { USERS_TAB_HIDDEN, usersList } from "@modules/users/index.ui";
import { resolveTab, userListSource } from "@modules/users/index.server";

/** CSV "Users": the tab's users with the list's filters. */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await requirePermission(request, "users");
  const tab = resolveTab(viewer, new URL(request.url).searchParams.get("tab"));
  if (tab === "forbidden") throw forbidden();
  return exportListFile(usersList, request, () => userListSource(tab), { hidden: USERS_TAB_HIDDEN[tab.id] });
}
