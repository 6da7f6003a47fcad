import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import type { RouteHandle } from "~/root";
import { parseWithZod } from "@lib/zod-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { Button, LinkButton } from "@lib/ui/button";
import { FormErrors, SelectField, TextField } from "@lib/ui/field";
import { SidePanel } from "@lib/ui/side-panel";
import { useHydrated } from "@lib/ui/use-hydrated";
import { requirePermission } from "~/utils/guards.server";
import { redirectWithToast } from "~/utils/toast.server";
import { PROVINCES } from "@modules/lookups";
import { listRouteChoices } from "@modules/trek-routes/index.server";
import { addUser } from "@modules/users/index.server";
import { NewPasswordField } from "@modules/users/index.forms";
import { RouteCheckpointFields } from "@modules/users/index.forms";
import { ADDABLE_USER_TYPES } from "@modules/users";
import { tabOfUserType } from "@modules/users/index.server";
import { addUserSchema } from "@modules/users/index.server";
import { draftSchema, LOAD_CHECKPOINTS_INTENT } from "@modules/users/index.server";
import { withDomainErrors } from "~/utils/domain-error.server";
import { readForm } from "@lib/multipart.server";

import { useLazyValidation } from "@lib/ui/lazy-validation";
export { ModalErrorBoundary as ErrorBoundary } from "~/components/dialog-error-boundaries";

// Served as HTML on a first load, with the small script of such pages (ADR 0034).
export const handle: RouteHandle = { title: "Users", hydrate: "html" };

const HIDDEN = ["password", "confirmPassword"];
const CHECKPOST = "5";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "addUser");
  return { routes: await listRouteChoices() };
}

export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, "addUser");
  const formData = await readForm(request);
  if (formData.get("intent") === LOAD_CHECKPOINTS_INTENT) {
    // No-JS round trip: re-render with the chosen route's checkpoints, keeping what was typed.
    return data({ result: parseWithZod(formData, { schema: draftSchema }).reply() });
  }
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
  const { routes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  const closeTo = `/users${location.search}`;
  const validate = useLazyValidation(() => import("@modules/users/index.schemas").then((m) => m.addUserSchema));
  const [form, fields] = useForm({
    id: "add-user",
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  // Checkpost fields show for a checkpost; without JS they are always there (the server ignores them otherwise).
  const [userType, setUserType] = useState(fields.userType.initialValue == null ? "" : String(fields.userType.initialValue));
  const hydrated = useHydrated();
  const showPlace = !hydrated || userType === CHECKPOST;
  return (
    <SidePanel title="Add User" closeTo={closeTo} width="md">
      <Form method="post" className="space-y-4" {...getFormProps(form)} data-check="users.addUserSchema">
        {/* The first submit button is the one Enter presses: keep it the real one, not "Load checkpoints". Hidden, it still is the form's default button. */}
        <button type="submit" name="intent" value="add" hidden />
        <SelectField
          label="User Type"
          {...getSelectProps(fields.userType)}
          options={ADDABLE_USER_TYPES.map((t) => ({ value: t.id, label: t.name }))}
          onChange={(event) => setUserType(event.currentTarget.value)}
          errors={fields.userType.errors}
        />
        <TextField label="Full Name" {...getInputProps(fields.fullName, { type: "text" })} autoComplete="off" errors={fields.fullName.errors} />
        <TextField label="Email" {...getInputProps(fields.email, { type: "email" })} autoComplete="off" errors={fields.email.errors} />
        <NewPasswordField field={fields.password} label="Password" />
        <TextField label="Confirm Password" {...getInputProps(fields.confirmPassword, { type: "password" })} autoComplete="new-password" errors={fields.confirmPassword.errors} />
        {showPlace ? (
          <fieldset className="space-y-4 rounded-md border border-gray-200 p-4">
            <legend className="px-1 text-sm font-semibold text-gray-700">Checkpost (for checkpost users)</legend>
            <SelectField
              label="Province"
              {...getSelectProps(fields.provinceId)}
              options={PROVINCES.map((p) => ({ value: p.id, label: p.name }))}
              errors={fields.provinceId.errors}
            />
            <TextField label="Local Government Name" {...getInputProps(fields.localGovernmentInfo, { type: "text" })} errors={fields.localGovernmentInfo.errors} />
            <TextField label="Ward No" {...getInputProps(fields.wardNo, { type: "text" })} errors={fields.wardNo.errors} />
            <RouteCheckpointFields routes={routes} route={fields.routeId} checkpoint={fields.checkpointId} />
          </fieldset>
        ) : null}
        <FormErrors errors={form.errors} />
        <div className="flex justify-end gap-2">
          <LinkButton to={closeTo} variant="secondary" preventScrollReset>
            Cancel
          </LinkButton>
          <Button type="submit" name="intent" value="add" disabled={busy}>
            Add User
          </Button>
        </div>
      </Form>
    </SidePanel>
  );
}
