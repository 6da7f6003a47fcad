import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { PageHeader } from "@lib/ui/page-header";
import { readForm } from "@lib/multipart.server";
import { parseWithZod } from "@lib/zod-form.server";
import { requirePermission } from "~/utils/guards.server";
import { withDomainErrors } from "~/utils/domain-error.server";
import { checkpostChoices, issueDevice, issueDeviceSchema, listDevices } from "@modules/api/index.server";
import { DeviceTable, IssueDeviceForm, IssuedToken } from "@modules/api/index.ui";
import { useT } from "@lib/i18n/context";
import { richText } from "@lib/i18n/rich";
import { pageTexts } from "~/utils/language.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "API Devices" };

/**
 * The board's devices for /api/v1 (issue 18 item 3): issue a token for a checkpost account
 * (shown once, on the answer to the POST), see when each was last used, revoke one.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "apiDevices");
  const [devices, checkposts] = await Promise.all([listDevices(user), checkpostChoices(user)]);
  return { devices, checkposts, texts: await pageTexts(request, ["staff", "admin"]) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "apiDevices");
  const submission = parseWithZod(await readForm(request), { schema: issueDeviceSchema });
  if (submission.status !== "success") {
    const e = submission.error ?? {};
    return data({ issued: null, errors: { name: e.name ?? undefined, userId: e.userId ?? undefined, form: undefined } }, { status: 400 });
  }
  return withDomainErrors(
    async () => {
      const { token } = await issueDevice(user, submission.value);
      // The one answer that holds the token: never stored by a cache.
      return data({ issued: { name: submission.value.name, token }, errors: null }, { headers: { "Cache-Control": "no-store" } });
    },
    { extra: { issued: null, errors: null } },
  );
}

export default function ApiDevices() {
  const translator = useT();
  const { t } = translator;
  const { devices, checkposts } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refusal = answer && "error" in answer ? answer : null;
  const errors = refusal ? (refusal.field === "userId" ? { userId: [refusal.error] } : { form: [refusal.error] }) : (answer?.errors ?? null);
  return (
    <section className="space-y-4">
      <PageHeader title="API Devices" />
      <p className="text-sm text-slate-700">
        {richText(translator, "Checkpost apps call {{path}} with a device token (see {{document}}). A device acts as its checkpost account.", {
          path: <code>/api/v1</code>,
          document: (
            <a className="text-blue-700 underline" href="/api/v1/openapi.json">
              {t("the OpenAPI document")}
            </a>
          ),
        })}
      </p>
      {answer?.issued ? <IssuedToken name={answer.issued.name} token={answer.issued.token} /> : null}
      <IssueDeviceForm checkposts={checkposts} errors={errors} />
      <DeviceTable devices={devices} />
      <Outlet />
    </section>
  );
}
