import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import type { RouteHandle } from "~/root";
import { parseWithZod } from "@lib/zod-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData } from "@remix-run/react";
import { FormErrors, SelectField, TextField } from "@lib/ui/field";
import { Modal } from "@lib/ui/modal";
import { redirectWithToast } from "~/utils/toast.server";
import { PROVINCES } from "@modules/lookups";
import { listRouteChoices } from "@modules/trek-routes/index.server";
import { updateCheckpostInfo } from "@modules/users/index.server";
import { ModalActions } from "@modules/users/index.ui";
import { RouteCheckpointFields } from "~/components/users/route-checkpoint-fields";
import { notFound, requireOtherUserTarget } from "../utils/user-target.server";
import { checkpostInfoSchema } from "@modules/users/index.server";
import { withDomainErrors } from "~/utils/domain-error.server";
import { readForm } from "@lib/multipart.server";
import { useT } from "@lib/i18n/context";

// A document page (ADR 0043): server-rendered HTML and the document script, no React.
export const handle: RouteHandle = { page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";
export { ModalErrorBoundary as ErrorBoundary } from "~/components/dialog-error-boundaries";

async function requireCheckpost(request: Request, params: LoaderFunctionArgs["params"]) {
  const found = await requireOtherUserTarget(request, params, "accountChangeButtons");
  if (found.target.kind !== "checkpost") throw notFound();
  return found;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { target, base } = await requireCheckpost(request, params);
  const current = {
    fullName: target.fullName,
    provinceId: target.provinceId ?? undefined,
    localGovernmentInfo: target.localGovernmentInfo ?? "",
    wardNo: target.wardNo ?? "",
    routeId: target.routeId ?? undefined,
    checkpointId: target.checkpointId ?? undefined,
  };
  return { base, current, routes: await listRouteChoices() };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { viewer, target, base } = await requireCheckpost(request, params);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: checkpostInfoSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  return withDomainErrors(
    async () => {
      await updateCheckpostInfo(viewer.id, target.id, submission.value);
      return redirectWithToast(base, { type: "success", message: "Checkpost successfully updated" });
    },
    { submission },
  );
}

export default function UpdateCheckpostInformation() {
  const { t } = useT();
  const { base, current, routes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "checkpost-info",
    lastResult: actionData?.result,
    defaultValue: current,
  });
  return (
    <Modal title={t("Update Checkpost Information")} closeTo={base} size="lg">
      <Form method="post" className="space-y-4" {...getFormProps(form)} data-check="users.checkpostInfoSchema">
        <TextField label="Full Name" {...getInputProps(fields.fullName, { type: "text" })} errors={fields.fullName.errors} />
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField
            label="Province"
            {...getSelectProps(fields.provinceId)}
            options={PROVINCES.map((p) => ({ value: p.id, label: p.name }))}
            errors={fields.provinceId.errors}
          />
          <TextField
            label="Local Government Name"
            {...getInputProps(fields.localGovernmentInfo, { type: "text" })}
            errors={fields.localGovernmentInfo.errors}
          />
          <TextField label="Ward No" {...getInputProps(fields.wardNo, { type: "text" })} errors={fields.wardNo.errors} />
        </div>
        <RouteCheckpointFields routes={routes} route={fields.routeId} checkpoint={fields.checkpointId} />
        <FormErrors errors={form.errors} />
        <ModalActions closeTo={base} submitLabel="Update" />
      </Form>
    </Modal>
  );
}
