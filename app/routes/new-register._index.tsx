import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button } from "~/components/button";
import { FormErrors } from "~/components/field";
import { requirePermission } from "~/utils/guards.server";
import { BodyTooLargeError, readMultipart } from "~/utils/multipart.server";
import { redirectWithToast } from "~/utils/toast.server";
import { deleteStoredFile } from "@modules/files/storage.server";
import { TrekFields } from "@modules/registration/components/trek-fields";
import { TrekkerFields } from "@modules/registration/components/trekker-fields";
import { WizardSteps } from "@modules/registration/components/wizard-steps";
import { registrationFormOptions } from "@modules/registration/form-options.server";
import { parseCrop, processPhoto } from "@modules/registration/photo.server";
import { firstStepSchema, splitFirstStep } from "@modules/registration/schemas";
import { createRegistration, getRegistration, RegistrationError } from "@modules/registration/service.server";

const MAX_BODY = 4 * 1024 * 1024;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "registerTrek");
  const params = new URL(request.url).searchParams;
  // Revisit from the trekking history lands here with ?regId=.
  const regId = Number(params.get("regId"));
  if (Number.isInteger(regId) && regId > 0) {
    // A failed payment resumes at the payment step; anything else at the review.
    const reg = await getRegistration(regId, user);
    if (!reg) throw new Response("Not Found", { status: 404 });
    throw redirect(reg.status === "Payment Failure" ? `/new-register/${regId}/payment` : `/new-register/${regId}`);
  }
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
    if (error instanceof RegistrationError) {
      return data({ result: submission.reply({ fieldErrors: { [error.field]: [error.message] } }), photoError: null }, { status: 400 });
    }
    throw error;
  }
}

export default function NewRegistration() {
  const { options, routeId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const schema = firstStepSchema({ userType: options.userType });
  const [form, fields] = useForm({
    id: "new-registration",
    lastResult: actionData?.result ?? undefined,
    defaultValue: { routeId: routeId ? String(routeId) : undefined },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <>
      <WizardSteps current={0} />
      <Form method="post" encType="multipart/form-data" className="space-y-6 rounded-lg bg-white p-6 shadow-sm" {...getFormProps(form)}>
        <TrekFields fields={fields} routes={options.routes} />
        <h2 className="text-lg font-semibold text-slate-800">Trekker Details</h2>
        <TrekkerFields fields={fields} options={options} photo={{ required: true, errors: actionData?.photoError ? [actionData.photoError] : undefined }} />
        <FormErrors errors={form.errors} />
        {actionData?.photoError || (actionData?.result && actionData.result.status === "error") ? (
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
