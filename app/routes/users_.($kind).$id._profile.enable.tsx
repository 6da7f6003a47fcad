import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/react";
import { redirectWithToast } from "~/utils/toast.server";
import { enableUser } from "@modules/users/index.server";
import { requireOtherUserTarget } from "../utils/user-target.server";

/** Nothing to show: enabling is one POST from the Profile tab. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { base } = await requireOtherUserTarget(request, params, "manageUsers");
  return redirect(base);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { viewer, target, base } = await requireOtherUserTarget(request, params, "manageUsers");
  await enableUser(viewer.id, target.id);
  return redirectWithToast(base, { type: "success", message: "User Enabled Successfully" });
}
