import { checkUpload, PHOTO_RULE } from "@lib/files/upload-rules";
import { IMAGE_UNREADABLE as UNREADABLE_IMAGE, checkImageHeader, decodeImage } from "@lib/files/image-safety.server";
import { storeFile } from "@lib/files/storage.server";
import { PHOTO_UNREADABLE } from "@lib/files/photo-texts";

/** The card photo is square (2x2 inch); stored at this size, enough for print at 200 dpi. */
const PHOTO_SIZE = 400;

export interface CropBox {
  x: number;
  y: number;
  size: number;
}

/** Crop coordinates posted by the JS crop box; anything malformed falls back to the centre crop. */
export function parseCrop(form: FormData, prefix = "crop"): CropBox | null {
  const n = (k: string) => Number(form.get(`${prefix}${k}`));
  const box = { x: n("X"), y: n("Y"), size: n("Size") };
  return [box.x, box.y, box.size].every((v) => Number.isFinite(v) && v >= 0) && box.size > 0 ? box : null;
}

const UNREADABLE_PHOTO = PHOTO_UNREADABLE;

export type PhotoResult = { ok: true; key: string } | { ok: false; message: string };

/**
 * Checks the upload by content and its size in pixels (from the header, before decoding: a
 * decompression bomb is refused unread), crops it square (the user's crop box, or the centre
 * without JS), scales it and stores it as a new JPEG: the original file, with its EXIF and GPS
 * position, is never kept.
 */
export async function processPhoto(value: FormDataEntryValue | null, crop: CropBox | null): Promise<PhotoResult> {
  const checked = await checkUpload(value, PHOTO_RULE);
  if (!checked.ok) return checked;
  const header = await checkImageHeader(checked.file.bytes);
  if (!header.ok) return { ok: false, message: header.message === UNREADABLE_IMAGE ? UNREADABLE_PHOTO : header.message };
  const { width, height } = header.header;
  const side = Math.max(1, Math.min(width, height, crop ? Math.floor(crop.size) : Infinity));
  const x = crop ? Math.min(Math.floor(crop.x), width - side) : Math.floor((width - side) / 2);
  const y = crop ? Math.min(Math.floor(crop.y), height - side) : Math.floor((height - side) / 2);
  let jpeg: Buffer;
  try {
    jpeg = await decodeImage(checked.file.bytes)
      .extract({ left: Math.max(0, x), top: Math.max(0, y), width: side, height: side })
      .resize(PHOTO_SIZE, PHOTO_SIZE)
      // Transparent PNG areas print white, as the browser's scaling makes them.
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    return { ok: false, message: UNREADABLE_PHOTO };
  }
  return { ok: true, key: await storeFile("trekker-photos", new Uint8Array(jpeg), "jpg") };
}
