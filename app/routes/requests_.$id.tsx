import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { useT } from "@lib/i18n/context";
import type { RouteHandle } from "~/root";
import { parseWithZod } from "@lib/zod-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, Form, Outlet, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { Button, LinkButton } from "@lib/ui/button";
import { TextArea } from "@lib/ui/field";
import { PageHeader } from "@lib/ui/page-header";
import { Tabs } from "@lib/ui/tabs";
import { displayDate, displayDateTime } from "@lib/dates";
import { paramId, notFound } from "@lib/param-id";
import { withDomainErrors } from "~/utils/domain-error.server";
import { requirePermission } from "~/utils/guards.server";
import { redirectWithToast } from "~/utils/toast.server";
import { DocumentGroups } from "@modules/agencies/index.ui";
import { remarkSchema } from "@modules/agencies/index.server";
import { addRemark, getAgencyRequest } from "@modules/agencies/index.server";
import { AGENCY_REQUEST_STATUSES } from "@modules/users";
import { readForm } from "@lib/multipart.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

// A document page (ADR 0043): server-rendered HTML and the document script, no React.
export const handle: RouteHandle = { title: "Requests", page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

const TABS = ["background", "documents", "remarks"] as const;
type Tab = (typeof TABS)[number];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "requests");
  const detail = await getAgencyRequest(paramId(params, "id"));
  if (!detail) throw notFound();
  return detail;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "requests");
  const id = paramId(params, "id");
  const submission = parseWithZod(await readForm(request), { schema: remarkSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  return withDomainErrors(
    async () => {
      await addRemark(id, submission.value.note, user);
      return redirectWithToast(`/requests/${id}?tab=remarks`, { type: "success", message: "Remark added successfully" });
    },
    { submission },
  );
}

const TAB_LABELS: Record<Tab, string> = { background: "Background", documents: "Documents", remarks: "Remarks" };

export default function RequestDetail() {
  const { t } = useT();
  const detail = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const tab: Tab = TABS.includes(params.get("tab") as Tab) ? (params.get("tab") as Tab) : "background";
  const { agency } = detail;
  const name = agency.organizationName ?? agency.fullName;
  const status = AGENCY_REQUEST_STATUSES.find((s) => s.value === agency.requestStatus)?.label;
  return (
    <section>
      <PageHeader
        title={name}
        breadcrumbs={[{ label: "Requests", to: "/requests" }, { label: name }]}
        actions={
          detail.canDecide ? (
            <div className="flex gap-2">
              <LinkButton to={`reject?tab=${tab}`} variant="danger">
                {t("Reject")}
              </LinkButton>
              <LinkButton to={`approve?tab=${tab}`}>{t("Approve")}</LinkButton>
            </div>
          ) : (
            <span className="rounded bg-slate-100 px-3 py-1 text-sm text-slate-700" data-testid="request-status">
              {status ? t(status) : null}
            </span>
          )
        }
      />
      <Tabs label="Request sections" tabs={TABS.map((id) => ({ label: TAB_LABELS[id], to: `?tab=${id}`, active: id === tab }))} />
      <div className="mt-4 rounded-lg bg-white p-6 shadow-sm">
        {tab === "background" ? <Background detail={detail} /> : null}
        {tab === "documents" ? <DocumentGroups agencyId={agency.id} groups={detail.documentsByDate} /> : null}
        {tab === "remarks" ? <Remarks detail={detail} /> : null}
      </div>
      <Outlet />
    </section>
  );
}

type Detail = ReturnType<typeof useLoaderData<typeof loader>>;

function Background({ detail }: { detail: Detail }) {
  const { t, lng } = useT();
  const a = detail.agency;
  const rows = [
    ["Organization Name", a.organizationName ?? a.fullName],
    ["PAN Number", a.panNumber ?? ""],
    ["Phone", a.contactNo ?? ""],
    ["Email", a.email],
    ["Address", a.contactAddress ?? ""],
    ["Registration Date", displayDate(a.createdAt, lng)],
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs font-medium uppercase text-slate-500">{t(label)}</dt>
          <dd className="mt-1 text-slate-800">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Remarks({ detail }: { detail: Detail }) {
  const { t, lng } = useT();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "add-remark",
    lastResult: actionData?.result,
  });
  return (
    <div className="space-y-6">
      <Form method="post" className="space-y-3" {...getFormProps(form)} data-check="agencies.remarkSchema">
        <input type="hidden" name="intent" value="remark" />
        <TextArea label="Add Remark" {...getTextareaProps(fields.note)} errors={fields.note.errors} rows={3} />
        <Button type="submit" size="sm">
          {t("Add Remark")}
        </Button>
      </Form>
      {detail.notes.length ? (
        <ol className="space-y-3" data-testid="remarks">
          {detail.notes.map((n) => (
            <li key={n.id} className={`rounded border p-3 ${n.isRejectionNote ? "border-red-200 bg-red-50" : "border-slate-200"}`}>
              {/* A log line is the app's words (Documents approved); a remark is the staff's own and stays as written. */}
              <p className="text-sm text-slate-800">{n.note ? (n.type === "Logs" ? t(n.note) : n.note) : t("Approved")}</p>
              <p className="mt-1 text-xs text-slate-500">
                {t(n.type)} · {n.createdByName ?? t("System")} · {displayDateTime(n.createdAt, lng)}
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-slate-500">{t("No Data Found")}</p>
      )}
    </div>
  );
}
