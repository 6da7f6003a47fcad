import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Button, LinkButton } from "@lib/ui/button";
import { FormErrors } from "@lib/ui/field";
import { Modal } from "@lib/ui/modal";
import { paramId } from "@lib/param-id";
import { Form } from "@remix-run/react";
import { requirePermission } from "~/utils/guards.server";
import { domainErrorResponse, withDomainErrors } from "~/utils/domain-error.server";
import { redirectWithToast } from "~/utils/toast.server";
import { deviceForRevoke, revokeDevice } from "@modules/api/index.server";
import { useT } from "@lib/i18n/context";
import { requestTranslator } from "~/utils/language.server";

export { ModalErrorBoundary as ErrorBoundary } from "~/components/dialog-error-boundaries";

/** Revoke a device's token: a confirmation over the devices page. */
async function guard(request: Request, params: Record<string, string | undefined>) {
  const user = await requirePermission(request, "apiDevices");
  const id = paramId(params, "id");
  try {
    return { user, device: await deviceForRevoke(user, id) };
  } catch (error) {
    throw domainErrorResponse(error);
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  return (await guard(request, params)).device;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, device } = await guard(request, params);
  const { t } = await requestTranslator(request);
  return withDomainErrors(async () => {
    await revokeDevice(user, device.id);
    // A name inside: said here, in the page's language (the toast shows a text it has no key for as it is).
    return redirectWithToast("/api-devices", { type: "success", message: t("The token of {{name}} is revoked", { name: device.name }) });
  });
}

export default function RevokeDevice() {
  const { t } = useT();
  const device = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return (
    <Modal title={t("Revoke Device")} closeTo="/api-devices">
      <p className="text-slate-700">
        {device.name} · {device.userName} · <code>{device.tokenPrefix}…</code>
      </p>
      <p className="mt-2 text-sm text-slate-600">{t("Its token is refused from now on. A new token can be issued at any time.")}</p>
      <Form method="post" className="mt-4 space-y-3">
        <FormErrors errors={refusal && "error" in refusal ? [t(refusal.error)] : []} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="danger">
            {t("Revoke")}
          </Button>
          <LinkButton to="/api-devices" variant="secondary" preventScrollReset>
            {t("Back")}
          </LinkButton>
        </div>
      </Form>
    </Modal>
  );
}
