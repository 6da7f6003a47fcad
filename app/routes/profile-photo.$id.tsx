import type { LoaderFunctionArgs } from "@remix-run/node";
import { storedFileResponse } from "@lib/files/storage.server";
import { getOptionalUser } from "~/utils/guards.server";
import { profilePhotoKey } from "@modules/users/index.server";
import { canViewUser } from "@modules/users/index.server";
import { notFound, paramId } from "@lib/param-id";

/**
 * A profile photo, to its owner and to whoever may open that account's view. The lighter
 * guard (no onboarding redirect) keeps the header picture of an onboarding agency working.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await getOptionalUser(request);
  if (!viewer) throw notFound();
  const id = paramId(params, "id");
  const photo = await profilePhotoKey(id);
  if (!photo || (id !== viewer.id && !canViewUser(viewer, photo))) throw notFound();
  return storedFileResponse(photo.key, { inline: true });
}
