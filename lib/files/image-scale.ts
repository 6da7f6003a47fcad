import { sniffKind, type FileKind } from "@lib/files/sniff";

/**
 * Photo scaling in the browser: a phone's 12-megapixel original is cropped and scaled to a small
 * JPEG before it is uploaded, so a slow link carries ~100 KB instead of 3-6 MB. The maths is pure
 * (and unit tested); `scaleSquareToJpeg` and `sniffFile` need a browser.
 */

export interface Square {
  x: number;
  y: number;
  size: number;
}

/** The longest side the browser uploads: enough for the 400 px stored photo and 2x2 in print. */
export const SCALED_PHOTO_SIDE = 600;

/** Tried in turn until the JPEG is under the target size (a noisy photo needs a lower quality). */
export const JPEG_QUALITIES = [0.85, 0.75, 0.6, 0.45] as const;

/** A scaled photo above this is tried again at the next quality: the upload should stay small. */
export const SCALED_PHOTO_TARGET_BYTES = 250 * 1024;

/**
 * The crop box drawn on the shown image, in the original's pixels: scaled by how much smaller the
 * image is shown, rounded, and kept inside the image (a box dragged to an edge never reads
 * outside it).
 */
export function toNaturalSquare(box: Square, displayScale: number, natural: { width: number; height: number }): Square {
  const maxSide = Math.max(1, Math.min(natural.width, natural.height));
  const size = Math.max(1, Math.min(maxSide, Math.round(box.size * displayScale)));
  const clamp = (v: number, limit: number) => Math.max(0, Math.min(limit - size, Math.round(v * displayScale)));
  return { x: clamp(box.x, natural.width), y: clamp(box.y, natural.height), size };
}

/** The scaled square's side: at most `max`, never larger than the crop (no upscaling). */
export function scaledSide(cropSize: number, max = SCALED_PHOTO_SIDE): number {
  return Math.max(1, Math.min(Math.round(max), Math.round(cropSize)));
}

/** "IMG_2024.HEIC.png" -> "IMG_2024.HEIC.jpg": the scaled file keeps the user's name, as JPEG. */
export function jpegName(original: string): string {
  const base = (original.split(/[\\/]/).pop() ?? "").replace(/\.[^.]*$/, "").trim();
  return `${base || "photo"}.jpg`;
}

/** The file's real kind from its first bytes (the same check the server makes). */
export async function sniffFile(file: Blob): Promise<FileKind | null> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return sniffKind(head);
}

function toBlob(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
}

/**
 * Draws `crop` (original pixels) of a loaded image into a square canvas of at most `max` pixels
 * and encodes it as JPEG, lowering the quality until it is under `targetBytes` (or the lowest
 * quality is reached). Transparent PNG areas become white, as they would on a printed card.
 * Null when the browser cannot encode (no canvas, out of memory).
 */
export async function scaleSquareToJpeg(
  image: CanvasImageSource,
  crop: Square,
  { max = SCALED_PHOTO_SIDE, targetBytes = SCALED_PHOTO_TARGET_BYTES }: { max?: number; targetBytes?: number } = {},
): Promise<Blob | null> {
  const side = scaledSide(crop.size, max);
  const canvas = document.createElement("canvas");
  canvas.width = side;
  canvas.height = side;
  const ctx = canvas.getContext("2d");
  if (!ctx) return null;
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, side, side);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(image, crop.x, crop.y, crop.size, crop.size, 0, 0, side, side);
  let blob: Blob | null = null;
  for (const quality of JPEG_QUALITIES) {
    blob = await toBlob(canvas, quality);
    if (!blob || blob.size <= targetBytes) break;
  }
  // Free the bitmap at once: old phones have little memory.
  canvas.width = canvas.height = 0;
  return blob;
}
