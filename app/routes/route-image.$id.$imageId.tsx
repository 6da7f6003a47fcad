import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/utils/guards.server";
import { storedFileResponse } from "@lib/files/storage.server";
import { findRouteImage } from "@modules/trek-routes/index.server";
import { idParam, parseParams } from "@lib/params";
import { z } from "zod";
import { notFound } from "@lib/param-id";

const paramsSchema = z.object({ id: idParam, imageId: idParam });

/** Route gallery and map images: anyone who may see routes may see them, nobody else. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "routes");
  const { id: routeId, imageId } = parseParams(params, paramsSchema);
  const image = await findRouteImage(routeId, imageId);
  if (!image) throw notFound();
  return storedFileResponse(image.fileKey, { downloadName: image.fileName, inline: true });
}
