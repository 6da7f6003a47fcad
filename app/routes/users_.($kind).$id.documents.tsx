import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { forbidden } from "~/utils/guards.server";
import { DocumentGroups } from "@modules/agencies/index.ui";
import { canSeeAgencyDocuments } from "@modules/agencies/index.server";
import { getAgencyRequest } from "@modules/agencies/index.server";
import { notFound, requireUserTarget } from "../utils/user-target.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/layout/error-page";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { viewer, target } = await requireUserTarget(request, params);
  if (target.kind !== "agency") throw notFound();
  // Agency documents are private (board, TAAN, the agency itself), whoever else may open the view.
  if (!canSeeAgencyDocuments(viewer, target.id)) throw forbidden();
  const detail = await getAgencyRequest(target.id);
  if (!detail) throw notFound();
  return { agencyId: target.id, documentsByDate: detail.documentsByDate };
}

/** An agency's uploaded documents, grouped by upload date (spec 2 §2 "agency detail"). */
export default function UserDocuments() {
  const { agencyId, documentsByDate } = useLoaderData<typeof loader>();
  return <DocumentGroups agencyId={agencyId} groups={documentsByDate} />;
}
