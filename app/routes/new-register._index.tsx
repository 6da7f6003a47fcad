import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect, Form, useActionData, useLoaderData } from "@remix-run/react";
import { Button } from "@lib/ui/button";
import { FormErrors } from "@lib/ui/field";
import { requirePermission, requireUser } from "~/utils/guards.server";
import { redirectWithToast } from "~/utils/toast.server";
import { canPay } from "@modules/registration";
import { TrekFields } from "~/components/registration/trek-fields";
import { ChoosePhotoAgain } from "~/components/registration/photo-input";
import { TrekkerFields } from "~/components/registration/trekker-fields";
import { WizardSteps } from "@modules/registration/index.ui";
import { registrationFormOptions } from "@modules/registration/index.server";
import { getRegistration } from "@modules/registration/index.server";
import { FIRST_STEP_DONE, submitFirstStep } from "~/utils/first-step.server";
import { domainErrorResponse } from "~/utils/domain-error.server";
import { notFound } from "@lib/param-id";
import { useT } from "@lib/i18n/context";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

// A document page (ADR 0043): the form is server-rendered as it works without JavaScript; the
// document script adds what its markup declares (dependent fields, the photo's cropper, checks as
// fields are left, the submit with its upload progress).
export const handle = { page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  // Revisit from the trekking history, and Pay or Edit from the trekker list (?regId=&isPayment=1),
  // land here: whoever may open the registration (the board edits without registering treks).
  const regId = Number(params.get("regId"));
  if (Number.isInteger(regId) && regId > 0) {
    const viewer = await requireUser(request);
    const reg = await getRegistration(regId, viewer);
    if (!reg) throw notFound();
    // Paying resumes at the payment step (as a failed payment does); anything else at the review.
    const pay = canPay(viewer, reg) && (reg.status === "Payment Failure" || params.get("isPayment") === "1");
    throw redirect(pay ? `/new-register/${regId}/payment` : `/new-register/${regId}`);
  }
  const user = await requirePermission(request, "registerTrek");
  const options = await registrationFormOptions(user.userType);
  const routeId = Number(params.get("routeId"));
  return { options, routeId: options.routes.some((r) => r.id === routeId) ? routeId : null };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "registerTrek");
  const outcome = await submitFirstStep(request, user);
  if (outcome.kind === "created") return redirectWithToast(`/new-register/${outcome.id}`, { type: "success", message: FIRST_STEP_DONE });
  if (outcome.kind === "failed") return domainErrorResponse(outcome.error, { submission: outcome.submission, extra: { photoError: null as string | null } });
  return data({ result: outcome.result, photoError: outcome.photoError }, { status: outcome.status });
}

export default function NewRegistration() {
  const { options, routeId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT();
  const [form, fields] = useForm<Record<string, string>>({
    id: "new-registration",
    lastResult: actionData?.result ?? undefined,
    defaultValue: { routeId: routeId ? String(routeId) : undefined },
  });
  return (
    <>
      <WizardSteps current={0} />
      <Form
        method="post"
        encType="multipart/form-data"
        className="space-y-6 rounded-lg bg-white p-6 shadow-sm"
        {...getFormProps(form)}
        data-script-action="/new-register/first-step"
        data-check="/registration-check"
      >
        <TrekFields fields={fields} routes={options.routes} />
        <h2 className="text-lg font-semibold text-slate-800">{t("Trekker Details")}</h2>
        <TrekkerFields
          fields={fields}
          options={options}
          photo={{ required: true, errors: actionData?.photoError ? [actionData.photoError] : undefined }}
          follower
        />
        <FormErrors errors={form.errors} />
        <ChoosePhotoAgain shown={Boolean(actionData?.photoError || actionData?.result?.status === "error")} />
        <div className="flex justify-end">
          <Button type="submit">{t("Next")}</Button>
        </div>
      </Form>
    </>
  );
}
