import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/utils/guards.server";
import { storedFileResponse } from "@modules/files/storage.server";
import { trekkerPhoto } from "@modules/registration/service.server";

/** A trekker's photo, only for those who may open the registration. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const key = await trekkerPhoto(Number(params.regId), Number(params.trekkerId), user);
  if (!key) throw new Response("Not Found", { status: 404 });
  return storedFileResponse(key, { downloadName: "photo.jpg" });
}
