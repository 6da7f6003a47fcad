import jsQR from "jsqr";
import { checkImageHeader, decodeImage } from "./image-safety.server";

/**
 * Reads a QR code from a photo (the scan page without JavaScript, or a phone that has no camera
 * access): the header is checked against the pixel limit first, then the image is decoded once,
 * shrunk to at most 1600 px (a phone photo of a printed card holds the code well at that size,
 * and jsQR's time grows with the pixels), and searched. Null when there is no readable code.
 */
const MAX_SIDE = 1600;

export async function decodeQrFromImage(bytes: Uint8Array): Promise<string | null> {
  const header = await checkImageHeader(bytes);
  if (!header.ok) return null;
  for (const side of [MAX_SIDE, 800]) {
    const { data, info } = await decodeImage(bytes)
      .resize(side, side, { fit: "inside", withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const found = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height, { inversionAttempts: "attemptBoth" });
    if (found?.data) return found.data;
  }
  return null;
}
