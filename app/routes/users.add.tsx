import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import type { RouteHandle } from "~/root";
import { parseWithZod } from "@lib/zod-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { Button, LinkButton } from "@lib/ui/button";
import { FormErrors, SelectField, TextField } from "@lib/ui/field";
import { SidePanel } from "@lib/ui/side-panel";
import { requirePermission } from "~/utils/guards.server";
import { redirectWithToast } from "~/utils/toast.server";
import { PROVINCES } from "@modules/lookups";
import { listRouteChoices } from "@modules/trek-routes/index.server";
import { addUser } from "@modules/users/index.server";
import { NewPasswordField } from "~/components/users/password-checklist";
import { RouteCheckpointFields } from "~/components/users/route-checkpoint-fields";
import { ADDABLE_USER_TYPES } from "@modules/users";
import { tabOfUserType } from "@modules/users/index.server";
import { addUserSchema } from "@modules/users/index.server";
import { withDomainErrors } from "~/utils/domain-error.server";
import { readForm } from "@lib/multipart.server";
import type { z } from "zod";
import { useT } from "@lib/i18n/context";

export { ModalErrorBoundary as ErrorBoundary } from "~/components/dialog-error-boundaries";

// A document page (ADR 0043): server-rendered HTML and the document script, no React.
export const handle: RouteHandle = { title: "Users", page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

const HIDDEN = ["password", "confirmPassword"];
const CHECKPOST = "5";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "addUser");
  return { routes: await listRouteChoices() };
}

export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, "addUser");
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: addUserSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: HIDDEN }) }, { status: 400 });
  return withDomainErrors(
    async () => {
      await addUser(submission.value);
      const tab = tabOfUserType(submission.value.userType)?.id ?? "ntb";
      return redirectWithToast(`/users?tab=${tab}`, { type: "success", message: "User Added Successfully" });
    },
    { submission, hideFields: HIDDEN },
  );
}

export default function AddUser() {
  const { t } = useT();
  const { routes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  const closeTo = `/users${location.search}`;
  const [form, fields] = useForm<z.input<typeof addUserSchema>>({ id: "add-user", lastResult: actionData?.result });
  return (
    <SidePanel title={t("Add User")} closeTo={closeTo} width="md">
      <Form method="post" className="space-y-4" {...getFormProps(form)} data-check="users.addUserSchema">
        <SelectField
          label="User Type"
          {...getSelectProps(fields.userType)}
          options={ADDABLE_USER_TYPES.map((type) => ({ value: type.id, label: t(type.name) }))}
          errors={fields.userType.errors}
        />
        <TextField label="Full Name" {...getInputProps(fields.fullName, { type: "text" })} autoComplete="off" errors={fields.fullName.errors} />
        <TextField label="Email" {...getInputProps(fields.email, { type: "email" })} autoComplete="off" errors={fields.email.errors} />
        <NewPasswordField field={fields.password} label="Password" />
        <TextField
          label="Confirm Password"
          {...getInputProps(fields.confirmPassword, { type: "password" })}
          autoComplete="new-password"
          errors={fields.confirmPassword.errors}
        />
        {/* Without JavaScript always there (the server ignores them for other types). */}
        <fieldset className="space-y-4 rounded-md border border-gray-200 p-4" data-show-when={`userType:${CHECKPOST}`}>
          <legend className="px-1 text-sm font-semibold text-gray-700">{t("Checkpost (for checkpost users)")}</legend>
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
          <RouteCheckpointFields routes={routes} route={fields.routeId} checkpoint={fields.checkpointId} />
        </fieldset>
        <FormErrors errors={form.errors} />
        <div className="flex justify-end gap-2">
          <LinkButton to={closeTo} variant="secondary" preventScrollReset>
            {t("Cancel")}
          </LinkButton>
          <Button type="submit" name="intent" value="add" disabled={busy}>
            {t("Add User")}
          </Button>
        </div>
      </Form>
    </SidePanel>
  );
}
