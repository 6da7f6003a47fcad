import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LinkButton } from "@lib/ui/button";
import { PageHeader } from "@lib/ui/page-header";
import { EMPTY_TEXTS } from "@lib/ui/table";
import { Tabs } from "@lib/ui/tabs";
import { requirePermission } from "~/utils/guards.server";
import { listLookup } from "@modules/lookups/index.server";
import { DescriptionHtml } from "@modules/trek-routes/index.ui";
import { sanitizeDescription } from "@modules/trek-routes/index.server";
import { getRoute } from "@modules/trek-routes/index.server";
import { registerTrekUrl, routeEditUrl } from "@modules/trek-routes";
import { routeImageUrl } from "@modules/trek-routes/index.server";
import { can } from "@modules/users/index.server";

import { paramId, notFound } from "@lib/param-id";
import { useT } from "@lib/i18n/context";
import { pageTexts } from "~/utils/language.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export const handle = { title: "Route" };

const TABS = ["overview", "gallery", "map"] as const;
type Tab = (typeof TABS)[number];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "routes");
  const id = paramId(params, "id");
  const route = await getRoute(id);
  if (!route) throw notFound();
  const tabParam = new URL(request.url).searchParams.get("tab");
  const tab: Tab = (TABS as readonly string[]).includes(tabParam ?? "") ? (tabParam as Tab) : "overview";
  const province = (await listLookup("provinces")).find((p) => Number(p.id) === route.provinceId)?.name ?? "";
  const images = (list: { id: number; fileName: string }[]) => list.map((i) => ({ src: routeImageUrl(id, i.id), fileName: i.fileName }));
  return {
    tab,
    route: {
      id: route.id,
      name: route.name,
      province,
      startPoint: route.startPoint,
      endPoint: route.endPoint,
      status: route.status,
      checkpoints: route.checkpoints.map((c) => c.name),
      // Stored sanitised; cleaned again here so an old or hand-edited row can never inject script.
      description: sanitizeDescription(route.description),
      gallery: images(route.gallery),
      map: images(route.map),
    },
    canEdit: can(user, "routesAdd"),
    canRegister: can(user, "registerTrek") && route.status === "Active",
    texts: await pageTexts(request, ["staff", "admin"]),
  };
}

export default function RouteDetail() {
  const { t } = useT();
  const { tab, route, canEdit, canRegister } = useLoaderData<typeof loader>();
  const path = [route.startPoint, ...route.checkpoints, route.endPoint];
  return (
    <section>
      <PageHeader
        title={route.name}
        breadcrumbs={[{ label: "Routes", to: "/route" }, { label: route.name }]}
        actions={
          canEdit ? (
            <LinkButton to={routeEditUrl(route.id)}>{t("Update Route")}</LinkButton>
          ) : canRegister ? (
            <LinkButton to={registerTrekUrl(route.id)}>{t("Register this Trek")}</LinkButton>
          ) : null
        }
      />
      <div className="rounded-lg border border-gray-200 bg-white p-4 sm:p-6">
        <Tabs
          label="Route sections"
          className="mb-6"
          tabs={[
            { label: "Overview", to: "?tab=overview", active: tab === "overview" },
            { label: "Gallery", to: "?tab=gallery", active: tab === "gallery" },
            { label: "Map", to: "?tab=map", active: tab === "map" },
          ]}
        />
        {tab === "overview" && (
          <div className="space-y-6">
            {route.status !== "Active" && (
              <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
                {t("This route is disabled and is not offered for new registrations.")}
              </p>
            )}
            <dl className="grid gap-4 sm:grid-cols-3">
              <Item label="Route Name" value={route.name} />
              <Item label="Province" value={route.province} />
              <Item label="Start Point" value={route.startPoint} />
              <Item label="End Point" value={route.endPoint} />
            </dl>
            <div>
              <h2 className="mb-2 text-sm font-semibold text-gray-900">{t("Route")}</h2>
              <ol aria-label={t("Route path")} data-testid="route-path" className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-gray-800">
                {path.map((stop, index) => (
                  <li key={index} className="flex items-center gap-2">
                    {index > 0 && <span aria-hidden="true">→</span>}
                    <span className={index === 0 || index === path.length - 1 ? "font-semibold" : undefined}>{stop}</span>
                  </li>
                ))}
              </ol>
            </div>
            <div>
              <h2 className="mb-2 text-sm font-semibold text-gray-900">{t("Description")}</h2>
              <DescriptionHtml html={route.description} />
            </div>
          </div>
        )}
        {tab !== "overview" && <ImageGrid images={tab === "gallery" ? route.gallery : route.map} label={tab === "gallery" ? "Gallery images" : "Map images"} />}
      </div>
    </section>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  const { t } = useT();
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-gray-500 uppercase">{t(label)}</dt>
      <dd className="mt-1 text-sm text-gray-900">{value}</dd>
    </div>
  );
}

function ImageGrid({ images, label }: { images: { src: string; fileName: string }[]; label: string }) {
  const { t } = useT();
  if (!images.length) return <p className="py-8 text-center text-sm text-gray-500">{t(EMPTY_TEXTS.list)}</p>;
  return (
    <ul aria-label={t(label)} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {images.map((image) => (
        <li key={image.src}>
          <a href={image.src} target="_blank" rel="noreferrer">
            <img src={image.src} alt={image.fileName} loading="lazy" className="h-56 w-full rounded-md border border-gray-200 object-cover" />
          </a>
        </li>
      ))}
    </ul>
  );
}
