import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@lib/zod-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button } from "@lib/ui/button";
import { FormErrors } from "@lib/ui/field";
import { useHydrated } from "@lib/ui/use-hydrated";
import { requirePermission, requireUser } from "~/utils/guards.server";
import { BodyTooLargeError, readMultipart } from "@lib/multipart.server";
import { redirectWithToast } from "~/utils/toast.server";
import { deleteStoredFile } from "@lib/files/storage.server";
import { canPay } from "@modules/registration";
import { TrekFields } from "@modules/registration/index.fields";
import { useLazyValidation } from "@lib/ui/lazy-validation";
import { TrekkerFields } from "@modules/registration/index.fields";
import { WizardSteps } from "@modules/registration/index.steps";
import { registrationFormOptions } from "@modules/registration/index.server";
import { parseCrop, processPhoto } from "@modules/registration/index.server";
import { firstStepSchema } from "@modules/registration/index.server";
import { splitFirstStep } from "@modules/registration/index.server";
import { createRegistration, getRegistration } from "@modules/registration/index.server";
import { domainErrorResponse } from "~/utils/domain-error.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

const MAX_BODY = 4 * 1024 * 1024;

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  // Revisit from the trekking history, and Pay or Edit from the trekker list (?regId=&isPayment=1),
  // land here: whoever may open the registration (the board edits without registering treks).
  const regId = Number(params.get("regId"));
  if (Number.isInteger(regId) && regId > 0) {
    const viewer = await requireUser(request);
    const reg = await getRegistration(regId, viewer);
    if (!reg) throw new Response("Not Found", { status: 404 });
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
  let form: FormData;
  try {
    form = await readMultipart(request, MAX_BODY);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return data({ result: null, photoError: "Max File Size 3MB." }, { status: 413 });
    throw error;
  }
  const submission = parseWithZod(form, { schema: firstStepSchema({ userType: user.userType }) });
  if (submission.status !== "success") return data({ result: submission.reply(), photoError: null }, { status: 400 });
  const photo = await processPhoto(form.get("photo"), parseCrop(form));
  if (!photo.ok) return data({ result: submission.reply(), photoError: photo.message }, { status: 400 });
  const { trek, trekker } = splitFirstStep(submission.value);
  try {
    const id = await createRegistration(user, trek, trekker, photo.key);
    return redirectWithToast(`/new-register/${id}`, { type: "success", message: "Trek detail added successfully." });
  } catch (error) {
    await deleteStoredFile(photo.key).catch(() => {});
    return domainErrorResponse(error, { submission, extra: { photoError: null as string | null } });
  }
}

export default function NewRegistration() {
  const { options, routeId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const validate = useLazyValidation(() => import("@modules/registration/index.schemas").then((m) => m.firstStepSchema({ userType: options.userType })));
  const [form, fields] = useForm({
    id: "new-registration",
    lastResult: actionData?.result ?? undefined,
    defaultValue: { routeId: routeId ? String(routeId) : undefined },
    // Each field is checked when it is left, and again as it is corrected; the schema's
    // cross-field rules (exit before entry, child and age, visa dates) run with it.
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  return (
    <>
      <WizardSteps current={0} />
      <Form method="post" encType="multipart/form-data" className="space-y-6 rounded-lg bg-white p-6 shadow-sm" {...getFormProps(form)}>
        <TrekFields fields={fields} routes={options.routes} />
        <h2 className="text-lg font-semibold text-slate-800">Trekker Details</h2>
        <TrekkerFields fields={fields} options={options} photo={{ required: true, errors: actionData?.photoError ? [actionData.photoError] : undefined }} />
        <FormErrors errors={form.errors} />
        {/* With JS the photo input keeps the chosen photo; a browser without JS cannot. */}
        {actionData?.photoError || (!hydrated && actionData?.result && actionData.result.status === "error") ? (
          <p className="text-sm text-amber-700">Please choose the photo again before you submit.</p>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? "Saving…" : "Next"}
          </Button>
        </div>
      </Form>
    </>
  );
}
