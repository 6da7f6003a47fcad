import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { Button } from "~/components/button";
import { ConfirmDialog, DEFAULT_CONFIRM_MESSAGE } from "~/components/modal";
import { redirectWithToast } from "~/utils/toast.server";
import { deleteUser } from "@modules/users/admin.server";
import { tabOfUserType } from "@modules/users/kinds";
import { requireOtherUserTarget } from "@modules/users/route-guards.server";

// requireOtherUserTarget refuses one's own account with 403, even for a hand-made POST.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { target, base } = await requireOtherUserTarget(request, params, "manageUsers");
  return { base, fullName: target.fullName };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { viewer, target } = await requireOtherUserTarget(request, params, "manageUsers");
  await deleteUser(viewer.id, target.id);
  return redirectWithToast(`/users?tab=${tabOfUserType(target.userType)?.id ?? "ntb"}`, { type: "success", message: "User Deleted Successfully" });
}

export default function DeleteUser() {
  const { base, fullName } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  return (
    <ConfirmDialog title="Delete User" closeTo={base} message={<>{`Delete ${fullName}?`} {DEFAULT_CONFIRM_MESSAGE}</>}>
      <Form method="post">
        <Button type="submit" variant="danger" disabled={busy}>
          Delete
        </Button>
      </Form>
    </ConfirmDialog>
  );
}
