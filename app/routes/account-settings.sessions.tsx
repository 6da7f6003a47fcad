import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useNavigation } from "@remix-run/react";
import { Button } from "@lib/ui/button";
import { ConfirmDialog } from "@lib/ui/modal";
import { currentSessionToken, requirePermission } from "~/utils/guards.server";
import { redirectWithToast } from "~/utils/toast.server";
import { endOtherSessions } from "@modules/users/index.server";
import { useT } from "@lib/i18n/context";
import { requestTranslator } from "~/utils/language.server";

export { ModalErrorBoundary as ErrorBoundary } from "~/components/dialog-error-boundaries";

// "Sign out other sessions" over Account Settings: GET only asks, the POST ends them.
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "settings");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "settings");
  const token = await currentSessionToken(request);
  const ended = token ? await endOtherSessions(user.id, token) : 0;
  // Said here with its count (in the page's digits): the toast's own lookup knows only whole texts.
  const { t } = await requestTranslator(request);
  const message = ended === 1 ? t("Signed out of 1 other session") : t("Signed out of {{count}} other sessions", { count: ended });
  return redirectWithToast("/account-settings", { type: "success", message });
}

export default function SignOutOtherSessions() {
  const busy = useNavigation().state === "submitting";
  const { t } = useT();
  return (
    <ConfirmDialog
      title={t("Sign out other sessions")}
      closeTo="/account-settings"
      message={t("Every other browser or device signed in to this account will be signed out. This device stays signed in.")}
      cancelLabel={t("Cancel")}
    >
      <Form method="post">
        <Button type="submit" variant="danger" disabled={busy}>
          {t("Sign out other sessions")}
        </Button>
      </Form>
    </ConfirmDialog>
  );
}
