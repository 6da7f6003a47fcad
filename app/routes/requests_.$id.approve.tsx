import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useSearchParams } from "@remix-run/react";
import { Button } from "~/components/button";
import { TextArea } from "~/components/field";
import { ConfirmDialog } from "~/components/modal";
import { decisionResponse, parseAgencyId } from "~/utils/agency-decision.server";
import { requirePermission } from "~/utils/guards.server";
import { publicOrigin } from "~/utils/origin.server";
import { approveSchema } from "@modules/agencies/schemas";
import { decideAgency } from "@modules/agencies/service.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "requests");
  return null;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "requests");
  const id = parseAgencyId(params.id);
  const parsed = approveSchema.safeParse(Object.fromEntries(await request.formData()));
  const remarks = parsed.success ? parsed.data.remarks : "";
  const result = await decideAgency({ agencyId: id, approve: true, remarks, actor: user, origin: publicOrigin(request) });
  return decisionResponse(id, result, "Document Approved Successfully");
}

export default function ApproveAgency() {
  const [params] = useSearchParams();
  return (
    <ConfirmDialog title="Approve Application" closeTo={`..?tab=${params.get("tab") ?? "background"}`}>
      <Form method="post" className="space-y-4">
        <TextArea label="Remarks (optional)" name="remarks" rows={3} />
        <Button type="submit">Approve</Button>
      </Form>
    </ConfirmDialog>
  );
}
