import { sniffKind, type FileKind } from "@lib/files/sniff";
import type { UploadRule } from "@lib/files/upload-rules";

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

/**
 * The browser's first look at a chosen photo, before anything is scaled or sent: its real kind
 * from its first bytes and the minimum size (the server checks both again). Null when it may go on.
 */
export async function photoProblem(file: Blob, rule: UploadRule): Promise<string | null> {
  const kind = await sniffFile(file).catch(() => null);
  if (!kind || !rule.kinds.includes(kind)) return rule.messages.badType;
  return file.size < rule.minBytes ? rule.messages.tooSmall : null;
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

/** What scaling a crop came to: the JPEG to upload, or the original when the browser could not encode. */
export interface ScaleOutcome {
  file: File;
  scaled: boolean;
}

/**
 * The photo inputs' scaling, without a framework (the React PhotoInput and the wizard's page
 * script both drive it): scales a crop of the chosen image, drops the answer of a crop the user
 * has since moved or a file since replaced, waits for a pause while the box is dragged or sized,
 * and lets a submit wait until the file in the input matches the box.
 */
export class PhotoScaler {
  private run = 0;
  private pending: Promise<void> | null = null;
  private debounce: { timer: ReturnType<typeof setTimeout>; done: () => void } | null = null;

  constructor(private readonly onScaled: (outcome: ScaleOutcome) => void) {}

  /** A new file or none: whatever is being scaled for the old one is dropped. */
  reset() {
    this.run++;
    this.cancelDebounce();
    this.pending = null;
  }

  /** Scales at once (the image has just loaded). */
  scaleNow(image: HTMLImageElement, file: File, crop: Square, displayScale: number) {
    this.track(this.scale(image, file, crop, displayScale));
  }

  /** Scales once the user pauses; the file in the input is stale from now on. */
  scaleSoon(image: HTMLImageElement, file: File, crop: Square, displayScale: number) {
    this.cancelDebounce();
    this.track(
      new Promise<void>((resolve) => {
        const entry = {
          done: resolve,
          timer: setTimeout(() => {
            if (this.debounce === entry) this.debounce = null;
            void this.scale(image, file, crop, displayScale).then(resolve);
          }, 200),
        };
        this.debounce = entry;
      }),
    );
  }

  /** True while the file in the input does not match the crop box yet. */
  get busy(): boolean {
    return this.pending !== null;
  }

  async ready(): Promise<void> {
    while (this.pending) await this.pending;
  }

  private scale(image: HTMLImageElement, file: File, crop: Square, displayScale: number): Promise<void> {
    if (!image.naturalWidth) return Promise.resolve();
    const id = ++this.run;
    const square = toNaturalSquare(crop, displayScale, { width: image.naturalWidth, height: image.naturalHeight });
    return scaleSquareToJpeg(image, square)
      .catch(() => null)
      .then((blob) => {
        if (id !== this.run) return;
        this.onScaled(
          blob ? { file: new File([blob], jpegName(file.name), { type: "image/jpeg", lastModified: Date.now() }), scaled: true } : { file, scaled: false },
        );
      });
  }

  private track(work: Promise<void>) {
    const tracked: Promise<void> = work.finally(() => {
      if (this.pending === tracked) this.pending = null;
    });
    this.pending = tracked;
  }

  private cancelDebounce() {
    if (!this.debounce) return;
    clearTimeout(this.debounce.timer);
    this.debounce.done();
    this.debounce = null;
  }
}
