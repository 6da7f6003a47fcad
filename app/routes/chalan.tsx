import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { RouteHandle } from "~/root";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect, Form, Link, Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { Button } from "@lib/ui/button";
import { FormErrors, TextField } from "@lib/ui/field";
import { PageHeader } from "@lib/ui/page-header";
import { kathmanduDate } from "@lib/dates";
import { readForm } from "@lib/multipart.server";
import { parseWithZod } from "@lib/zod-form.server";
import { requirePermission } from "~/utils/guards.server";
import { CHALAN_MESSAGES } from "@modules/chalan";
import { useT } from "@lib/i18n/context";
import { activePush, customerChalanSchema, erpConfig, hasNewRows, pushChalanSchema, timsChalanSchema } from "@modules/chalan/index.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

// A document page (ADR 0043): server-rendered HTML and the document script, no React.
export const handle: RouteHandle = { title: "Chalan", page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

type Block = "push" | "tims" | "customer";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "chalan");
  return { today: kathmanduDate(), erpConfigured: erpConfig().configured, active: await activePush() };
}

const query = (startDate?: string, endDate?: string) => (startDate && endDate ? `?${new URLSearchParams({ startDate, endDate })}` : "");

/**
 * The three blocks post here (`intent`): the dates are checked with the block's schema, then a
 * download goes to its file (a resource route), and Generate Bill to its confirmation step.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, "chalan");
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const block: Block = intent === "tims" ? "tims" : intent === "customer" ? "customer" : "push";
  const schema = block === "tims" ? timsChalanSchema : block === "customer" ? customerChalanSchema : pushChalanSchema;
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success") return data({ block, result: submission.reply() }, { status: 400 });
  const v = submission.value;
  if (v.intent === "customer") return redirect(`/chalan/download/customer${query(v.startDate, v.endDate)}`);
  if (v.intent === "tims") return redirect(`/chalan/download/tims-chalan${query(v.startDate, v.endDate)}`);
  if (v.intent === "verify") {
    if (!(await hasNewRows({ start: v.startDate, end: v.endDate }))) {
      return data({ block, result: submission.reply({ formErrors: [CHALAN_MESSAGES.nothingToVerify] }) }, { status: 409 });
    }
    return redirect(`/chalan/download/chalan${query(v.startDate, v.endDate)}`);
  }
  if (!erpConfig().configured) return data({ block, result: submission.reply({ formErrors: [CHALAN_MESSAGES.notConfigured] }) }, { status: 409 });
  return redirect(`/chalan/generate${query(v.startDate, v.endDate)}`);
}

function Block({ title, children }: { title: string; children: React.ReactNode }) {
  const { t } = useT();
  const id = `block-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="mb-4 text-base font-semibold text-gray-900">
        {t(title)}
      </h2>
      {children}
    </section>
  );
}

export default function ChalanPage() {
  const { t } = useT();
  const { today, erpConfigured, active } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const resultOf = (b: Block) => (actionData?.block === b ? actionData.result : undefined);
  const [pushForm, pushFields] = useForm({ id: "chalan-push", lastResult: resultOf("push"), defaultValue: { startDate: today, endDate: today } });
  const [timsForm, timsFields] = useForm({ id: "chalan-tims", lastResult: resultOf("tims"), defaultValue: { startDate: today, endDate: today } });
  const [customerForm, customerFields] = useForm({ id: "chalan-customer", lastResult: resultOf("customer") });

  return (
    <div>
      <PageHeader title="Chalan" breadcrumbs={[{ label: "Chalan" }]} />
      {active && (
        <p className="mb-4 rounded-md bg-blue-50 px-4 py-3 text-sm text-blue-900" role="status">
          {t(active.status === "running" ? "A push of {{from}} to {{to}} is running." : "A push of {{from}} to {{to}} is queued.", {
            from: active.startDate,
            to: active.endDate,
          })}{" "}
          <Link to={`/chalan/push/${active.id}`} className="font-medium underline">
            {t("See its progress")}
          </Link>
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-3">
        <Block title="Push Chalan To ERP">
          {/* A plain POST: the answer is a file download or the confirmation step (works without JS alike). */}
          <Form method="post" reloadDocument {...getFormProps(pushForm)} data-check="chalan.pushChalanSchema" className="space-y-4">
            <TextField label="Start Date" required {...getInputProps(pushFields.startDate, { type: "date" })} errors={pushFields.startDate.errors} />
            <TextField label="End Date" required {...getInputProps(pushFields.endDate, { type: "date" })} errors={pushFields.endDate.errors} />
            {!erpConfigured && <p className="text-sm text-amber-800">{t(CHALAN_MESSAGES.notConfigured)}</p>}
            <FormErrors errors={pushForm.errors} />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" name="intent" value="verify" variant="secondary">
                {t("Download Chalan To Verify")}
              </Button>
              {erpConfigured && (
                <Button type="submit" name="intent" value="generate">
                  {t("Generate Bill")}
                </Button>
              )}
            </div>
          </Form>
        </Block>
        <Block title="TIMS Chalan">
          <Form method="post" reloadDocument {...getFormProps(timsForm)} data-check="chalan.timsChalanSchema" className="space-y-4">
            <TextField label="Start Date" required {...getInputProps(timsFields.startDate, { type: "date" })} errors={timsFields.startDate.errors} />
            <TextField label="End Date" required {...getInputProps(timsFields.endDate, { type: "date" })} errors={timsFields.endDate.errors} />
            <FormErrors errors={timsForm.errors} />
            <Button type="submit" name="intent" value="tims">
              {t("Download")}
            </Button>
          </Form>
        </Block>
        <Block title="Customer">
          <Form method="post" reloadDocument {...getFormProps(customerForm)} data-check="chalan.customerChalanSchema" className="space-y-4">
            <TextField label="Start Date" {...getInputProps(customerFields.startDate, { type: "date" })} errors={customerFields.startDate.errors} />
            <TextField label="End Date" {...getInputProps(customerFields.endDate, { type: "date" })} errors={customerFields.endDate.errors} />
            <FormErrors errors={customerForm.errors} />
            <Button type="submit" name="intent" value="customer">
              {t("Download")}
            </Button>
          </Form>
        </Block>
      </div>
      <Outlet />
    </div>
  );
}
