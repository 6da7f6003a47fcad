import { sniffKind, type FileKind } from "@lib/files/sniff";

const KB = 1024;
const MB = 1024 * KB;

export interface UploadRule {
  kinds: readonly FileKind[];
  maxBytes: number;
  minBytes: number;
  /** The voucher rule: the minimum applies to images only. */
  minAppliesToImagesOnly?: boolean;
  messages: { required: string; tooLarge: string; tooSmall: string; badType: string };
}

const TYPE_MESSAGE = "Only .jpg, .png and pdf extensions allowed";

/** Spec 1 §5 / spec 2 §5: documents and route images (3 MB, 1 KB, jpg/png/pdf). */
export const DOCUMENT_RULE: UploadRule = {
  kinds: ["jpg", "png", "pdf"],
  maxBytes: 3 * MB,
  minBytes: KB,
  messages: {
    required: "Upload field is required",
    tooLarge: "The file size should not be more than 3MB.",
    tooSmall: "The file size should be at least 1Kb.",
    badType: TYPE_MESSAGE,
  },
};

/** Route gallery and map, profile photos: images only. */
export const IMAGE_RULE: UploadRule = {
  ...DOCUMENT_RULE,
  kinds: ["jpg", "png"],
  messages: { ...DOCUMENT_RULE.messages, badType: "Only .jpg and .png extensions allowed" },
};

/** Trekker photo (spec 1 §5). */
export const PHOTO_RULE: UploadRule = {
  kinds: ["jpg", "png"],
  maxBytes: 3 * MB,
  minBytes: KB,
  messages: { required: "Upload field is required", tooLarge: "Max File Size 3MB.", tooSmall: "Min File Size 1Kb.", badType: TYPE_MESSAGE },
};

/** Bank voucher (spec 1 §5): 2 MB, the 1 KB minimum for images only. */
export const VOUCHER_RULE: UploadRule = {
  kinds: ["jpg", "png", "pdf"],
  maxBytes: 2 * MB,
  minBytes: KB,
  minAppliesToImagesOnly: true,
  messages: {
    required: "Upload field is required",
    tooLarge: "The file size should not be more than 2MB.",
    tooSmall: "The image file size should be at least 1Kb.",
    badType: TYPE_MESSAGE,
  },
};

export interface CheckedUpload {
  bytes: Uint8Array;
  kind: FileKind;
  name: string;
  size: number;
}

export type UploadCheck = { ok: true; file: CheckedUpload } | { ok: false; message: string };

export function isFile(value: unknown): value is File {
  return typeof value === "object" && value !== null && typeof (value as File).arrayBuffer === "function" && "size" in value;
}

/** An empty file input posts a nameless, zero-byte file: that is "no file". */
export function isMissingFile(value: unknown): boolean {
  return !isFile(value) || (value.size === 0 && !value.name);
}

/** Checks size and real content type; the name's extension is never trusted. */
export async function checkUpload(value: FormDataEntryValue | null | undefined, rule: UploadRule): Promise<UploadCheck> {
  if (isMissingFile(value)) return { ok: false, message: rule.messages.required };
  const file = value as File;
  if (file.size > rule.maxBytes) return { ok: false, message: rule.messages.tooLarge };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffKind(bytes);
  if (!kind || !rule.kinds.includes(kind)) return { ok: false, message: rule.messages.badType };
  const minApplies = !rule.minAppliesToImagesOnly || kind !== "pdf";
  if (minApplies && bytes.length < rule.minBytes) return { ok: false, message: rule.messages.tooSmall };
  return { ok: true, file: { bytes, kind, name: cleanFileName(file.name, kind), size: bytes.length } };
}

/** The user's file name, kept only for display: no paths, no control characters. */
export function cleanFileName(name: string, kind: FileKind): string {
  const base = (name.split(/[\\/]/).pop() ?? "")
    .replace(/[\u0000-\u001f\u007f"]/g, "")
    .trim()
    .slice(0, 150);
  return base || `file.${kind}`;
}
