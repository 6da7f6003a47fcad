import sharp from "sharp";
import { checkUpload, type UploadCheck, type UploadRule } from "@lib/files/upload-rules";
import type { FileKind } from "@lib/files/sniff";

/**
 * Every image we store is decoded and written again by us, never kept as uploaded:
 * - the size in pixels is read from the file's header first, and an image above MAX_IMAGE_PIXELS
 *   is refused before anything is decoded (a 76 KB PNG can claim 8000x8000 pixels, 256 MB once
 *   decoded: a decompression bomb);
 * - writing it again drops every metadata block the upload carried (EXIF with a phone's GPS
 *   position, XMP, comments) and anything hidden after the image data. EXIF orientation is
 *   applied to the pixels first, so a portrait photo stays upright without its tag.
 * sharp (libvips) reads headers without decoding and decodes in a streaming way, with its own
 * pixel limit set to ours as a second guard.
 */

/** 40 megapixels: more than any phone's default photo (12-24 MP), far below a bomb. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export const IMAGE_TOO_LARGE = "The image is too large: it may have at most 40 megapixels (for example 7000 x 5700 pixels). Please upload a smaller image.";
export const IMAGE_UNREADABLE = "The image could not be read. Please upload a jpg or png image.";

// Decoded images are not worth caching between uploads; each is seen once.
sharp.cache(false);

export interface ImageHeader {
  /** As shown, after the EXIF orientation is applied. */
  width: number;
  height: number;
}

export type HeaderCheck = { ok: true; header: ImageHeader } | { ok: false; message: string };

/** Reads only the header: the size in pixels, refused above the limit. Decodes nothing. */
export async function checkImageHeader(bytes: Uint8Array): Promise<HeaderCheck> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    return { ok: false, message: IMAGE_UNREADABLE };
  }
  if (!meta.width || !meta.height || (meta.format !== "jpeg" && meta.format !== "png")) return { ok: false, message: IMAGE_UNREADABLE };
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) return { ok: false, message: IMAGE_TOO_LARGE };
  const oriented = meta.autoOrient ?? { width: meta.width, height: meta.height };
  return { ok: true, header: { width: oriented.width, height: oriented.height } };
}

/** A pipeline over an image whose header passed: upright, decoded within the limit. */
export function decodeImage(bytes: Uint8Array): sharp.Sharp {
  return sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, sequentialRead: true, autoOrient: true, failOn: "error" });
}

/** Writes the image again in its own format, with no metadata. */
export async function reencodeImage(
  bytes: Uint8Array,
  kind: Extract<FileKind, "jpg" | "png">,
): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; message: string }> {
  const header = await checkImageHeader(bytes);
  if (!header.ok) return header;
  try {
    const image = decodeImage(bytes);
    const out = kind === "jpg" ? await image.jpeg({ quality: 90 }).toBuffer() : await image.png({ compressionLevel: 9 }).toBuffer();
    return { ok: true, bytes: new Uint8Array(out) };
  } catch {
    return { ok: false, message: IMAGE_UNREADABLE };
  }
}

/**
 * `checkUpload` (size, type by content) and then, for images, the pixel limit and the re-encode:
 * what it returns is what may be stored. PDFs pass as uploaded.
 */
export async function checkStorableUpload(value: FormDataEntryValue | null | undefined, rule: UploadRule): Promise<UploadCheck> {
  const checked = await checkUpload(value, rule);
  if (!checked.ok || checked.file.kind === "pdf") return checked;
  const clean = await reencodeImage(checked.file.bytes, checked.file.kind);
  if (!clean.ok) return clean;
  return { ok: true, file: { ...checked.file, bytes: clean.bytes, size: clean.bytes.length } };
}
