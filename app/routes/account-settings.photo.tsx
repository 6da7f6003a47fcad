import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, Form, useActionData, useNavigation } from "@remix-run/react";
import { Button, LinkButton } from "@lib/ui/button";
import { FileField } from "@lib/ui/file-field";
import { Modal } from "@lib/ui/modal";
import { requirePermission } from "~/utils/guards.server";
import { BodyTooLargeError, readMultipart } from "@lib/multipart.server";
import { redirectWithToast } from "~/utils/toast.server";
import { IMAGE_RULE } from "@lib/files/upload-rules";
import { checkStorableUpload } from "@lib/files/image-safety.server";
import { setProfilePhoto } from "@modules/users/index.server";
import { useT } from "@lib/i18n/context";

export { ModalErrorBoundary as ErrorBoundary } from "~/components/dialog-error-boundaries";

// One photo of at most 3 MB plus the form's own bytes.
const MAX_BODY = IMAGE_RULE.maxBytes + 64 * 1024;

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "settings");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "settings");
  let form: FormData;
  try {
    form = await readMultipart(request, MAX_BODY);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return data({ error: IMAGE_RULE.messages.tooLarge }, { status: 413 });
    throw error;
  }
  const check = await checkStorableUpload(form.get("photo"), IMAGE_RULE);
  if (!check.ok) return data({ error: check.message }, { status: 400 });
  await setProfilePhoto(user.id, check.file);
  return redirectWithToast("/account-settings", { type: "success", message: "Profile photo successfully updated" });
}

export default function ChangePhoto() {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const { t } = useT();
  return (
    <Modal title={t("Change Profile Photo")} closeTo="/account-settings">
      <Form method="post" encType="multipart/form-data" className="space-y-4">
        <FileField
          label="Profile Photo"
          name="photo"
          accept="image/jpeg,image/png"
          required
          hint="JPG or PNG, from 1 KB up to 3 MB."
          errors={actionData?.error ? [actionData.error] : undefined}
        />
        <div className="flex justify-end gap-2">
          <LinkButton to="/account-settings" variant="secondary" preventScrollReset>
            {t("Cancel")}
          </LinkButton>
          <Button type="submit" disabled={busy}>
            {t("Upload")}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
