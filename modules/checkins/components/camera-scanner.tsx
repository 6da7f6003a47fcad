import { useEffect, useId, useRef, useState } from "react";
import { SCANNER_DELAY_MS } from "../rules";

type Html5QrcodeModule = typeof import("html5-qrcode");

// html5-qrcode (about 100 KB) is loaded only on the scan page, and only when it is needed.
let loading: Promise<Html5QrcodeModule> | null = null;
const loadLibrary = () => (loading ??= import("html5-qrcode"));

// jsQR (the server's reader, 13 KB gzip) reads a chosen photo's pixels first (decodePhoto).
let loadingJsQr: Promise<typeof import("jsqr")> | null = null;
const loadJsQr = () => (loadingJsQr ??= import("jsqr"));

/** Loads the readers ahead of need, so that the offline scan page has them cached (its service worker). */
export const preloadScanner = (): Promise<unknown> => Promise.all([loadLibrary(), loadJsQr()]);

/**
 * The camera: 'Scan QR' starts it, 'Cancel Scan QR' stops it (spec 2 §2). One frame a second is
 * read (the spec's scanner delay); the first code read stops the camera and is handed on.
 */
export function CameraScanner({ onText, disabled }: { onText: (text: string) => void; disabled?: boolean }) {
  const id = `camera-${useId().replace(/:/g, "")}`;
  const [on, setOn] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const scanner = useRef<InstanceType<Html5QrcodeModule["Html5Qrcode"]> | null>(null);
  const handler = useRef(onText);
  handler.current = onText;

  useEffect(() => {
    if (!on) return;
    let stopped = false;
    // The camera's start, so a Cancel pressed while it is still starting stops it once started.
    let starting: Promise<unknown> | null = null;
    setProblem(null);
    loadLibrary()
      .then(async ({ Html5Qrcode }) => {
        if (stopped) return;
        // A camera cancelled while it was starting may have left its (stopped) video here.
        document.getElementById(id)?.replaceChildren();
        const camera = new Html5Qrcode(id, { verbose: false });
        scanner.current = camera;
        starting = camera.start(
          { facingMode: "environment" },
          { fps: 1000 / SCANNER_DELAY_MS, qrbox: (w, h) => ({ width: Math.floor(Math.min(w, h) * 0.8), height: Math.floor(Math.min(w, h) * 0.8) }) },
          (text) => {
            if (stopped) return;
            stopped = true;
            camera
              .stop()
              .catch(() => {})
              .finally(() => {
                setOn(false);
                handler.current(text);
              });
          },
          () => {},
        );
        await starting;
      })
      .catch((error: unknown) => {
        setProblem(`The camera could not be started (${error instanceof Error ? error.message : String(error)}). Use a photo of the code or type the card number instead.`);
        setOn(false);
      });
    return () => {
      stopped = true;
      const camera = scanner.current;
      scanner.current = null;
      if (!camera) return;
      // Stop the stream, after the start finished if it was still starting.
      Promise.resolve(starting)
        .catch(() => {})
        .then(() => (camera.isScanning ? camera.stop() : undefined))
        .catch(() => {});
    };
  }, [on, id]);

  return (
    <div className="space-y-3">
      <button
        type="button"
        disabled={disabled}
        onClick={() => setOn((v) => !v)}
        aria-pressed={on}
        className="rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
      >
        {on ? "Cancel Scan QR" : "Scan QR"}
      </button>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <div id={id} className={on ? "mx-auto w-full max-w-sm overflow-hidden rounded-md border border-slate-300" : "hidden"} data-testid="camera" />
    </div>
  );
}

/** The photo drawn on a white canvas at `scale` (or fitted into `maxSide`), smoothed. */
async function drawn(file: File, size: { scale: number } | { maxSide: number }): Promise<HTMLCanvasElement | null> {
  const bitmap = await createImageBitmap(file).catch(() => null);
  if (!bitmap) return null;
  const scale = "scale" in size ? size.scale : Math.min(1, size.maxSide / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext("2d");
  if (!context) return null;
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas;
}

/** The photo redrawn at `scale` with smoothing, as a PNG file; null if the browser cannot. */
async function rescaled(file: File, scale: number): Promise<File | null> {
  const canvas = await drawn(file, { scale });
  if (!canvas) return null;
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
  return blob ? new File([blob], "rescaled.png", { type: "image/png" }) : null;
}

/**
 * The reader misses some codes whose modules fall unevenly on the pixels (a dense code in a
 * small photo); the same photo smoothed to another size reads (issue 18: tried on 150 signed
 * cards at 300 px, every miss was read at one of these scales).
 */
const RETRY_SCALES = [0.6, 1.5, 0.75];

/**
 * jsQR over the photo's pixels (at most 1600 px a side, as on the server). Read first: over 300
 * signed card codes drawn at 300 px (bench/qr-readers.ts) it missed none, while html5-qrcode
 * missed 29 at the photo's size and 2 at every size tried; html5-qrcode (ZXing) stays the
 * fallback for the photos jsQR cannot read.
 */
async function readPixels(file: File): Promise<string | null> {
  try {
    const [{ default: jsQR }, canvas] = await Promise.all([loadJsQr(), drawn(file, { maxSide: 1600 })]);
    const pixels = canvas?.getContext("2d")?.getImageData(0, 0, canvas.width, canvas.height);
    if (!pixels) return null;
    return jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: "attemptBoth" })?.data || null;
  } catch {
    // Its chunk did not load (offline before the page kept it): the other reader still tries.
    loadingJsQr = null;
    return null;
  }
}

/** Reads a QR code from a chosen photo in the browser; null when none is found. */
export async function decodePhoto(file: File): Promise<string | null> {
  return (await readPixels(file)) ?? (await readAtScales(file));
}

/** html5-qrcode at the photo's size, then at RETRY_SCALES. */
async function readAtScales(file: File): Promise<string | null> {
  const { Html5Qrcode } = await loadLibrary();
  const holder = document.createElement("div");
  holder.id = `photo-${Math.random().toString(36).slice(2)}`;
  holder.hidden = true;
  document.body.append(holder);
  const reader = new Html5Qrcode(holder.id, { verbose: false });
  try {
    for (const attempt of [1, ...RETRY_SCALES]) {
      const image = attempt === 1 ? file : await rescaled(file, attempt);
      if (!image) continue;
      try {
        return await reader.scanFile(image, false);
      } catch {
        // Not read at this size; the next one may be.
      }
    }
    return null;
  } finally {
    reader.clear();
    holder.remove();
  }
}
