import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useSearchParams } from "@remix-run/react";
import { Button } from "~/components/button";
import { TextArea } from "~/components/field";
import { Modal } from "~/components/modal";
import { requirePermission } from "~/utils/guards.server";
import { decisionResponse, parseAgencyId } from "~/utils/agency-decision.server";
import { rejectSchema } from "@modules/agencies/schemas";
import { decideAgency } from "@modules/agencies/service.server";
import { publicOrigin } from "~/utils/origin.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "requests");
  return null;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "requests");
  const id = parseAgencyId(params.id);
  const submission = parseWithZod(await request.formData(), { schema: rejectSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const result = await decideAgency({ agencyId: id, approve: false, remarks: submission.value.remarks, actor: user, origin: publicOrigin(request) });
  return decisionResponse(id, result, "Document Rejected Successfully");
}

export default function RejectAgency() {
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const closeTo = `..?tab=${params.get("tab") ?? "background"}`;
  const [form, fields] = useForm({
    id: "reject-agency",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: rejectSchema }),
  });
  return (
    <Modal title="Application Rejection" closeTo={closeTo}>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <TextArea label="Remarks" {...getTextareaProps(fields.remarks)} errors={fields.remarks.errors} rows={4} required />
        <Button type="submit" variant="danger">
          Reject
        </Button>
      </Form>
    </Modal>
  );
}
