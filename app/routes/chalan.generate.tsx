import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useT } from "@lib/i18n/context";
import type { RouteHandle } from "~/root";
import { redirect, Form, useLoaderData, useNavigation } from "@remix-run/react";
import { Button } from "@lib/ui/button";
import { ConfirmDialog } from "@lib/ui/modal";
import { displayDate } from "@lib/dates";
import { readForm } from "@lib/multipart.server";
import { parseWithZod } from "@lib/zod-form.server";
import { requirePermission } from "~/utils/guards.server";
import { withDomainErrors } from "~/utils/domain-error.server";
import { generateConfirmSchema, startPush } from "@modules/chalan/index.server";

// A document page (ADR 0043): server-rendered HTML and the document script, no React.
export const handle: RouteHandle = { page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

export { ModalErrorBoundary as ErrorBoundary } from "~/components/dialog-error-boundaries";

/** The dates of the URL, checked as the chalan page checks them; a bad URL goes back to the page. */
function rangeOf(request: Request) {
  const submission = parseWithZod(new URL(request.url).searchParams, { schema: generateConfirmSchema });
  return submission.status === "success" ? submission.value : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "chalan");
  const range = rangeOf(request);
  if (!range) throw redirect("/chalan");
  return range;
}

/** Yes: the push starts (one transaction with its job) and its progress page opens. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "chalan");
  await readForm(request);
  const range = rangeOf(request);
  if (!range) return redirect("/chalan");
  return withDomainErrors(
    async () => {
      const id = await startPush({ startDate: range.startDate, endDate: range.endDate, userId: user.id });
      return redirect(`/chalan/push/${id}`);
    },
    { redirectTo: "/chalan" },
  );
}

/** 'Generate Bill' asks first (spec 2 §5); the question is a route, so it works without JavaScript. */
export default function GenerateBill() {
  const { t, lng } = useT();
  const { startDate, endDate } = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== "idle";
  return (
    <ConfirmDialog
      title={t("Generate Bill")}
      message={t("Are you sure you want to generate the bill for {{start}} to {{end}}?", {
        start: displayDate(startDate, lng),
        end: displayDate(endDate, lng),
      })}
      cancelLabel={t("Cancel")}
      closeTo="/chalan"
    >
      <Form method="post" action={`/chalan/generate?${new URLSearchParams({ startDate, endDate })}`}>
        <Button type="submit" disabled={busy}>
          {t("Yes, generate")}
        </Button>
      </Form>
    </ConfirmDialog>
  );
}
