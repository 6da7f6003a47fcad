import { PHOTO_RULE } from "./upload-rules";

/** The photo field's script says this when the browser can not read the chosen file. */
export const PHOTO_UNREADABLE = "The photo could not be read. Please upload a jpg or png image.";

/**
 * The words the photo field's script (lib/ui/browser/photo-field.ts) puts on a document page,
 * which has no translator in the browser: PhotoInput hands them over translated in the input's
 * `data-photo-texts`, English being the keys (ADR 0047).
 */
export const PHOTO_FIELD_TEXTS = [
  "Photo to upload",
  "Photo to crop",
  "Crop size",
  "{{file}} · {{size}} KB, ready to upload",
  PHOTO_UNREADABLE,
  PHOTO_RULE.messages.tooLarge,
  PHOTO_RULE.messages.tooSmall,
  PHOTO_RULE.messages.badType,
] as const;
