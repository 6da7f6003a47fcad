import { Jimp } from "jimp";
import { checkUpload, PHOTO_RULE } from "../files/upload-rules";
import { storeFile } from "../files/storage.server";

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

export type PhotoResult = { ok: true; key: string } | { ok: false; message: string };

/**
 * Checks the upload by content, crops it square (the user's crop box, or the centre without
 * JS), scales it and stores it as JPEG. The original file is never kept.
 */
export async function processPhoto(value: FormDataEntryValue | null, crop: CropBox | null): Promise<PhotoResult> {
  const checked = await checkUpload(value, PHOTO_RULE);
  if (!checked.ok) return checked;
  let image;
  try {
    image = await Jimp.read(Buffer.from(checked.file.bytes));
  } catch {
    return { ok: false, message: "The photo could not be read. Please upload a jpg or png image." };
  }
  const { width, height } = image.bitmap;
  const side = Math.min(width, height, crop ? Math.floor(crop.size) : Infinity);
  const x = crop ? Math.min(Math.floor(crop.x), width - side) : Math.floor((width - side) / 2);
  const y = crop ? Math.min(Math.floor(crop.y), height - side) : Math.floor((height - side) / 2);
  image.crop({ x: Math.max(0, x), y: Math.max(0, y), w: side, h: side });
  image.resize({ w: PHOTO_SIZE, h: PHOTO_SIZE });
  const jpeg = await image.getBuffer("image/jpeg", { quality: 85 });
  return { ok: true, key: await storeFile("trekker-photos", new Uint8Array(jpeg), "jpg") };
}
