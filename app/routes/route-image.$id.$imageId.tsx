import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/utils/guards.server";
import { storedFileResponse } from "@modules/files/storage.server";
import { findRouteImage } from "@modules/trek-routes/service.server";

/** Route gallery and map images: anyone who may see routes may see them, nobody else. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "routes");
  const routeId = Number(params.id);
  const imageId = Number(params.imageId);
  const image = await findRouteImage(routeId, imageId);
  if (!image) throw new Response("Not Found", { status: 404 });
  return storedFileResponse(image.fileKey, { downloadName: image.fileName, inline: true });
}
