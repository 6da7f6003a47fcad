import type { LoaderFunctionArgs } from "@remix-run/node";
import type { RouteHandle } from "~/root";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { Button } from "@lib/ui/button";
import { ConfirmDialog } from "@lib/ui/modal";
import { paramChoice, paramId, notFound } from "@lib/param-id";
import { requirePermission } from "~/utils/guards.server";
import { findRouteSummary } from "@modules/trek-routes/index.server";
import { useT } from "@lib/i18n/context";

import { ModalErrorBoundary } from "~/components/dialog-error-boundaries";

// A document page (ADR 0043): server-rendered HTML and the document script, no React.
export const handle: RouteHandle = { page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

const TEXTS = {
  delete: { title: "Delete Route", message: `Delete the route "{{name}}"? You won't be able to revert this.`, button: "Delete" },
  disable: { title: "Disable Route", message: `Disable the route "{{name}}"? It will no longer be offered for new registrations.`, button: "Disable" },
} as const;

/**
 * Delete or Disable, confirmed over the Routes list (/route/:routeId/delete|disable): a nested
 * route like every modal, so the dialog's code loads only with it (ADR 0029). The confirming form
 * posts to the list's action, with the list's filters.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "routesAdd");
  const kind = paramChoice(params, "kind", ["delete", "disable"] as const);
  const route = await findRouteSummary(paramId(params, "routeId"));
  if (!route) throw notFound();
  return { kind, id: route.id, name: route.name };
}

export default function ConfirmRouteChange() {
  const { t } = useT();
  const { kind, id, name } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const list = `/route${search}`;
  const text = TEXTS[kind];
  return (
    <ConfirmDialog title={t(text.title)} message={t(text.message, { name })} cancelLabel={t("Cancel")} closeTo={list}>
      <Form method="post" action={list} preventScrollReset>
        <input type="hidden" name="intent" value={kind} />
        <input type="hidden" name="routeId" value={id} />
        <Button type="submit" variant="danger">
          {t(text.button)}
        </Button>
      </Form>
    </ConfirmDialog>
  );
}

/** An error (a route deleted meanwhile) shows in the modal over the list, which it closes back to. */
export function ErrorBoundary() {
  return <ModalErrorBoundary closeTo={`/route${useLocation().search}`} />;
}
