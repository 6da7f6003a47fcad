import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/utils/guards.server";
import { storedFileResponse } from "@lib/files/storage.server";
import { trekkerPhoto } from "@modules/registration/index.server";
import { trekkerCardData } from "@modules/cards/index.server";
import { hasScanned } from "@modules/checkins/index.server";
import { idParam, parseParams } from "@lib/params";
import { z } from "zod";
import { notFound } from "@lib/param-id";

const paramsSchema = z.object({ regId: idParam, trekkerId: idParam });

/**
 * A trekker's photo: for those who may open the registration, and for a checkpost that checked
 * the trekker in (the scanned trekker page shows whom the card belongs to).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { regId, trekkerId } = parseParams(params, paramsSchema);
  let key = await trekkerPhoto(regId, trekkerId, user);
  if (!key && (await hasScanned(user.id, trekkerId))) {
    const card = await trekkerCardData(trekkerId, "system");
    key = card && card.registrationId === regId ? card.photoKey : null;
  }
  if (!key) throw notFound();
  return storedFileResponse(key, { downloadName: "photo.jpg" });
}
