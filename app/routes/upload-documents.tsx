import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect, Form, useActionData, useNavigation } from "@remix-run/react";
import { Button } from "@lib/ui/button";
import { FileField } from "@lib/ui/file-field";
import { FormErrors } from "@lib/ui/field";
import { requirePermission } from "~/utils/guards.server";
import { BodyTooLargeError, readMultipart } from "@lib/multipart.server";
import { DOCUMENT_RULE } from "@lib/files/upload-rules";
import { redirectWithToast } from "~/utils/toast.server";
import { parseWithZod } from "@lib/zod-form.server";
import { DOCUMENT_SLOTS } from "@modules/agencies";
import { uploadDocumentsSchema } from "@modules/agencies/index.server";
import { withDomainErrors } from "~/utils/domain-error.server";
import { submitDocuments } from "@modules/agencies/index.server";
import { agencyOnboardingPath } from "@modules/users/index.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Upload Documents", chrome: false };

// Five files of at most 3 MB plus the form's own overhead.
const MAX_BODY = 16 * 1024 * 1024;

/** Only an agency with nothing under review may upload: new, or rejected and re-submitting. */
function mayUpload(user: { isDocumentUploaded: boolean; isVerified: boolean | null }) {
  return !user.isDocumentUploaded || user.isVerified === false;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "uploadDocuments");
  if (!mayUpload(user)) throw redirect(agencyOnboardingPath(user) ?? "/new-register");
  return { resubmission: user.isVerified === false };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "uploadDocuments");
  if (!mayUpload(user)) throw redirect(agencyOnboardingPath(user) ?? "/new-register");
  let form: FormData;
  try {
    form = await readMultipart(request, MAX_BODY);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return data({ result: null, error: error.message, field: null }, { status: 413 });
    throw error;
  }
  const submission = parseWithZod(form, { schema: uploadDocumentsSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), error: null, field: null }, { status: 400 });
  return withDomainErrors(
    async () => {
      await submitDocuments(user.id, form);
      return redirectWithToast("/upload-documents-status/sent", { type: "success", message: "Documents uploaded" });
    },
    { submission },
  );
}

export default function UploadDocuments() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { "": formErrors, ...errors } = (actionData?.result?.error ?? {}) as Record<string, string[] | null | undefined>;
  const failed = Object.values(errors).some((e) => e?.length);
  const formError = formErrors?.[0] ?? (actionData?.result ? null : actionData?.error);
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-800">Upload Documents</h1>
      <p className="mt-2 text-slate-600">Upload your company documents for verification. Verification takes up to 24 hours or two working days.</p>
      <Form method="post" encType="multipart/form-data" className="mt-6 space-y-5 rounded-lg bg-white p-6 shadow-sm">
        {DOCUMENT_SLOTS.map((slot) => (
          <FileField
            key={slot.field}
            label={slot.label}
            name={slot.field}
            accept=".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf"
            required
            errors={errors[slot.field] ?? undefined}
            rule={DOCUMENT_RULE}
            hint="jpg, jpeg, png or pdf; 1 KB to 3 MB"
          />
        ))}
        {failed ? <p className="text-sm text-amber-700">Nothing was saved. Please choose all five files again.</p> : null}
        <FormErrors errors={formError ? [formError] : []} />
        <Button type="submit" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Uploading…" : "Submit"}
        </Button>
      </Form>
      <Form method="post" action="/logout" className="mt-6 text-center">
        <button type="submit" className="text-sm text-slate-500 hover:underline">
          Logout
        </button>
      </Form>
    </div>
  );
}
