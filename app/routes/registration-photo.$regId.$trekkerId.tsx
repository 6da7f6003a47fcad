import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/utils/guards.server";
import { storedFileResponse } from "@lib/files/storage.server";
import { trekkerPhoto } from "@modules/registration/index.server";
import { idParam, parseParams } from "@lib/params";
import { z } from "zod";

const paramsSchema = z.object({ regId: idParam, trekkerId: idParam });

/** A trekker's photo, only for those who may open the registration. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { regId, trekkerId } = parseParams(params, paramsSchema);
  const key = await trekkerPhoto(regId, trekkerId, user);
  if (!key) throw new Response("Not Found", { status: 404 });
  return storedFileResponse(key, { downloadName: "photo.jpg" });
}
