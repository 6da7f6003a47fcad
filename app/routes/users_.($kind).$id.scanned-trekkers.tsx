import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ListView } from "@lib/ui/list";
import { loadListPage } from "~/utils/list.server";
import { checkinListView } from "@modules/checkins/index.ui";
import { scannedTrekkersList } from "@modules/checkins/index.server";
import { scannedTrekkerSource } from "@modules/checkins/index.server";
import { notFound, requireUserTarget } from "../utils/user-target.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

/** The checkpost account view's Scanned Trekkers tab (spec 2 §2): the check-ins that checkpost recorded. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { viewer, target } = await requireUserTarget(request, params);
  if (target.kind !== "checkpost") throw notFound();
  return { list: await loadListPage(scannedTrekkersList, request, () => scannedTrekkerSource(viewer, { account: target.id }), { hidden: ["recordedBy"] }) };
}

export default function AccountScannedTrekkers() {
  const { list } = useLoaderData<typeof loader>();
  return <ListView definition={checkinListView} data={list} rowKey={(r) => r.id} caption="Scanned trekkers" />;
}
