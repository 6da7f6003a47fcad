import { parseWithZod } from "@lib/zod-form.server";
import type { SubmissionResult } from "@conform-to/react";
import { IMAGE_RULE, isMissingFile } from "@lib/files/upload-rules";
import { checkStorableUpload } from "@lib/files/image-safety.server";
import { listLookup } from "@modules/lookups/index.server";
import { MAX_IMAGES_PER_KIND, routeFormSchema } from "./schemas";
import { sanitizeDescription } from "./sanitize.server";
import { routeNameTaken, type NewRouteImage, type RouteImageKind, type RouteInput } from "./service.server";
import { readForm } from "@lib/multipart.server";

/** Two kinds of up to ten 3 MB images, plus the fields: reading stops past this (413). */
const MAX_BODY_BYTES = 2 * MAX_IMAGES_PER_KIND * 3 * 1024 * 1024 + 1024 * 1024;

export const IMAGE_FIELDS: Record<RouteImageKind, string> = { gallery: "galleryFiles", map: "mapFiles" };

/** The province choices of the form, which a save must name one of. */
export const routeFormProvinces = () => listLookup("provinces");

export type FileErrors = Partial<Record<RouteImageKind, string[]>>;

export type RouteFormOutcome =
  | { ok: false; result: SubmissionResult<string[]>; fileErrors: FileErrors }
  | { ok: true; input: RouteInput; removeImageIds: number[]; newImages: NewRouteImage[] };

/**
 * Reads the add/edit form: sanitises the description before anything else sees it (so even a
 * failed submission never echoes a script back into the editor), validates the fields with the
 * shared schema, then checks every file by content. Nothing is stored here. `say` gives a file's
 * refusal in the page's language (the file's name is put before it as it is).
 */
export async function readRouteForm(request: Request, routeId: number | null, say: (message: string) => string = (m) => m): Promise<RouteFormOutcome> {
  const formData = await readForm(request, MAX_BODY_BYTES);
  formData.set("description", sanitizeDescription(String(formData.get("description") ?? "")));
  const submission = parseWithZod(formData, { schema: routeFormSchema });
  // List intents (add, remove, move a checkpoint without JS) also end here: not a save.
  if (submission.status !== "success") return { ok: false, result: submission.reply(), fileErrors: {} };

  const value = submission.value;
  const fieldErrors: Record<string, string[]> = {};
  const provinces = await routeFormProvinces();
  if (!provinces.some((p) => Number(p.id) === value.provinceId)) fieldErrors.provinceId = ["Please choose a province from the list"];
  if (await routeNameTaken(value.name, routeId)) fieldErrors.name = ["A route with this name already exists"];

  const fileErrors: FileErrors = {};
  const newImages: NewRouteImage[] = [];
  for (const [kind, field] of Object.entries(IMAGE_FIELDS) as [RouteImageKind, string][]) {
    const files = formData.getAll(field).filter((f) => !isMissingFile(f));
    if (files.length > MAX_IMAGES_PER_KIND) {
      fileErrors[kind] = [say(`At most ${MAX_IMAGES_PER_KIND} images at a time`)];
      continue;
    }
    for (const file of files) {
      const check = await checkStorableUpload(file, IMAGE_RULE);
      if (check.ok) newImages.push({ kind, file: check.file });
      else (fileErrors[kind] ??= []).push(`${(file as File).name}: ${say(check.message)}`);
    }
  }

  if (Object.keys(fieldErrors).length || Object.keys(fileErrors).length) {
    return { ok: false, result: submission.reply({ fieldErrors }), fileErrors };
  }
  return {
    ok: true,
    input: {
      name: value.name,
      provinceId: value.provinceId,
      startPoint: value.startPoint,
      endPoint: value.endPoint,
      description: value.description,
      checkpoints: value.checkpoints,
    },
    removeImageIds: value.removeImageIds,
    newImages,
  };
}
