/** File kinds the spec allows anywhere (jpg, jpeg, png, pdf). */
export type FileKind = "jpg" | "png" | "pdf";

export const CONTENT_TYPES: Record<FileKind, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  pdf: "application/pdf",
};

/**
 * The file's real kind from its first bytes (magic numbers), whatever its name or the browser's
 * claimed type say: a .png that is really text is refused.
 */
export function sniffKind(bytes: Uint8Array): FileKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpg";
  if (
    bytes.length >= 8 &&
    bytes[0] === 0x89 &&
    bytes[1] === 0x50 &&
    bytes[2] === 0x4e &&
    bytes[3] === 0x47 &&
    bytes[4] === 0x0d &&
    bytes[5] === 0x0a &&
    bytes[6] === 0x1a &&
    bytes[7] === 0x0a
  )
    return "png";
  if (bytes.length >= 5 && String.fromCharCode(...bytes.subarray(0, 5)) === "%PDF-") return "pdf";
  return null;
}

export const isImageKind = (kind: FileKind) => kind === "jpg" || kind === "png";
