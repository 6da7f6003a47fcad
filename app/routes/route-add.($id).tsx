import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, useActionData, useLoaderData } from "@remix-run/react";
import { requirePermission } from "~/utils/guards.server";
import { redirectWithToast } from "~/utils/toast.server";
import { RouteForm, type RouteFormDefaults } from "~/components/trek-routes/route-form";
import { createRoute, findRouteSummary, getRoute, readRouteForm, routeFormProvinces, routeImageUrl, updateRoute } from "@modules/trek-routes/index.server";
import { paramId, notFound } from "@lib/param-id";
import { pageTexts, requestMessages } from "~/utils/language.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Route" };

/** /route-add (new) and /route-add/:id (edit); only the board (routesAdd) gets past the guard. */
const routeIdParam = (params: Record<string, string | undefined>) => (params.id === undefined ? null : paramId(params, "id"));

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "routesAdd");
  const id = routeIdParam(params);
  const [provinces, texts] = await Promise.all([routeFormProvinces(), pageTexts(request, ["staff", "admin"])]);
  if (id === null) {
    const defaults: RouteFormDefaults = { name: "", provinceId: "", startPoint: "", endPoint: "", description: "", checkpoints: [{ name: "" }] };
    return { mode: "add" as const, routeId: null, provinces, defaults, gallery: [], map: [], texts };
  }
  const route = await getRoute(id);
  if (!route) throw notFound();
  const defaults: RouteFormDefaults = {
    name: route.name,
    provinceId: String(route.provinceId),
    startPoint: route.startPoint,
    endPoint: route.endPoint,
    description: route.description,
    checkpoints: route.checkpoints.map((c) => ({ id: String(c.id), name: c.name })),
  };
  const image = (i: { id: number; fileName: string }) => ({ id: i.id, fileName: i.fileName, src: routeImageUrl(id, i.id) });
  return { mode: "edit" as const, routeId: id, provinces, defaults, gallery: route.gallery.map(image), map: route.map.map(image), texts };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, "routesAdd");
  const id = routeIdParam(params);
  if (id !== null && !(await findRouteSummary(id))) throw notFound();
  const outcome = await readRouteForm(request, id, await requestMessages(request));
  if (!outcome.ok) return data({ result: outcome.result, fileErrors: outcome.fileErrors }, { status: 400 });
  if (id === null) {
    const newId = await createRoute(outcome.input, outcome.newImages);
    return redirectWithToast(`/route/${newId}`, { type: "success", message: "Route Added" });
  }
  const updated = await updateRoute(id, outcome.input, { removeImageIds: outcome.removeImageIds, newImages: outcome.newImages });
  if (!updated) throw notFound();
  return redirectWithToast(`/route/${id}`, { type: "success", message: "Route Updated" });
}

export default function RouteAdd() {
  const { mode, routeId, provinces, defaults, gallery, map } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <RouteForm
      // A different route (or add vs edit) is a different form, not a continuation of this one.
      key={routeId ?? "add"}
      mode={mode}
      provinces={provinces}
      defaults={defaults}
      gallery={gallery}
      map={map}
      result={actionData?.result}
      fileErrors={actionData?.fileErrors}
    />
  );
}
