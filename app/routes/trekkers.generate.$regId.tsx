import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { RouteHandle } from "~/root";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Button, LinkButton } from "@lib/ui/button";
import { FormErrors } from "@lib/ui/field";
import { DEFAULT_CONFIRM_MESSAGE, Modal } from "@lib/ui/modal";
import { PastTrekNotice } from "@modules/registration/index.ui";
import { generateAndReturn, registrationForGeneration } from "~/utils/generate-cards.server";
import { useT } from "@lib/i18n/context";

// A document page (ADR 0043): server-rendered HTML and the document script, no React.
export const handle: RouteHandle = { page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

export { ModalErrorBoundary as ErrorBoundary } from "~/components/dialog-error-boundaries";

/** Generate Card from a trekker row: the grant's holders only, after this confirmation over the list. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return registrationForGeneration(request, params);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return generateAndReturn(request, params, context, () => `/trekkers${new URL(request.url).search}`);
}

export default function GenerateFromList() {
  const reg = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const { search } = useLocation();
  const back = `/trekkers${search}`;
  const { t } = useT();
  return (
    <Modal title={t("Generate Card")} closeTo={back} size="sm">
      <p className="text-sm text-slate-700">
        {t("Registration #{{id}} · {{route}} · {{count}} trekker(s) · {{status}}", {
          // The registration number as staff quote it; the count in the page's language.
          id: String(reg.id),
          route: reg.routeName,
          count: reg.trekkers,
          status: t(reg.status),
        })}
      </p>
      {reg.pastTrek ? (
        <PastTrekNotice message={reg.pastTrek} editHref={reg.editDatesHref} className="mt-3" />
      ) : (
        <p className="mt-2 text-sm text-slate-600">{t(DEFAULT_CONFIRM_MESSAGE)}</p>
      )}
      <FormErrors errors={refusal && "error" in refusal && refusal.error !== reg.pastTrek ? [refusal.error] : []} className="mt-3" />
      <Form method="post" className="mt-5 flex flex-wrap justify-end gap-2">
        <LinkButton to={back} variant="secondary" preventScrollReset>
          {t("Back")}
        </LinkButton>
        {reg.pastTrek ? null : <Button type="submit">{t("Generate Card")}</Button>}
      </Form>
    </Modal>
  );
}
