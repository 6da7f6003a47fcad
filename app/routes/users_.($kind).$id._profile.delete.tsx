import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { Button } from "@lib/ui/button";
import { ConfirmDialog, DEFAULT_CONFIRM_MESSAGE } from "@lib/ui/modal";
import { redirectWithToast } from "~/utils/toast.server";
import { deleteUser } from "@modules/users/index.server";
import { canDeleteUser, tabOfUserType } from "@modules/users/index.server";
import { forbidden } from "~/utils/guards.server";
import { requireOtherUserTarget } from "../utils/user-target.server";
import { useT } from "@lib/i18n/context";

export { ModalErrorBoundary as ErrorBoundary } from "~/components/dialog-error-boundaries";

// requireOtherUserTarget refuses one's own account with 403, even for a hand-made POST.
// The users module's rule also keeps checkposts from being deleted (spec 2 §2 hides the row).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { viewer, target, base } = await requireOtherUserTarget(request, params, "manageUsers");
  if (!canDeleteUser(viewer, target)) throw forbidden();
  return { base, fullName: target.fullName };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { viewer, target } = await requireOtherUserTarget(request, params, "manageUsers");
  if (!canDeleteUser(viewer, target)) throw forbidden();
  await deleteUser(viewer.id, target.id);
  return redirectWithToast(`/users?tab=${tabOfUserType(target.userType)?.id ?? "ntb"}`, { type: "success", message: "User Deleted Successfully" });
}

export default function DeleteUser() {
  const { t } = useT();
  const { base, fullName } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  return (
    <ConfirmDialog
      title={t("Delete User")}
      closeTo={base}
      cancelLabel={t("Cancel")}
      message={
        <>
          {t("Delete {{name}}?", { name: fullName })} {t(DEFAULT_CONFIRM_MESSAGE)}
        </>
      }
    >
      <Form method="post">
        <Button type="submit" variant="danger" disabled={busy}>
          {t("Delete")}
        </Button>
      </Form>
    </ConfirmDialog>
  );
}
