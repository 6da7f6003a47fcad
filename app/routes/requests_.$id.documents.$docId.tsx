import type { LoaderFunctionArgs } from "@remix-run/node";
import { forbidden, requireUser } from "~/utils/guards.server";
import { canSeeAgencyDocuments } from "@modules/agencies/policy";
import { findDocument } from "@modules/agencies/service.server";
import { storedFileResponse } from "@modules/files/storage.server";

/** A private agency document: only reviewers and the agency itself, never by guessing a URL. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const agencyId = Number(params.id);
  if (!Number.isInteger(agencyId) || !canSeeAgencyDocuments(user, agencyId)) throw forbidden();
  const doc = await findDocument(agencyId, Number(params.docId));
  if (!doc) throw new Response("Not Found", { status: 404 });
  return storedFileResponse(doc.fileKey, { downloadName: doc.fileName });
}
