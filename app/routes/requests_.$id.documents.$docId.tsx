import type { LoaderFunctionArgs } from "@remix-run/node";
import type { RouteHandle } from "~/root";
import { forbidden, requireUser } from "~/utils/guards.server";
import { canSeeAgencyDocuments } from "@modules/agencies/index.server";
import { findDocument } from "@modules/agencies/index.server";
import { storedFileResponse } from "@lib/files/storage.server";
import { idParam, parseParams } from "@lib/params";
import { z } from "zod";
import { notFound } from "@lib/param-id";

// A document page (ADR 0043): server-rendered HTML and the document script, no React.
export const handle: RouteHandle = { page: "document" };
export { documentClientLoader as clientLoader } from "~/utils/document-page";

const paramsSchema = z.object({ id: idParam, docId: idParam });

/** A private agency document: only reviewers and the agency itself, never by guessing a URL. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { id: agencyId, docId } = parseParams(params, paramsSchema);
  if (!canSeeAgencyDocuments(user, agencyId)) throw forbidden();
  const doc = await findDocument(agencyId, docId);
  if (!doc) throw notFound();
  return storedFileResponse(doc.fileKey, { downloadName: doc.fileName });
}
