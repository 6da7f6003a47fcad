import { useEffect, useRef, useState } from "react";
import { SCANNER_DELAY_MS } from "@modules/checkins";
import { loadQrReader, readCanvas } from "@modules/checkins/index.ui";
import { useT } from "@lib/i18n/context";

// The scan page's camera and photo reading; the QR reader itself is the check-ins module's (qr-reader.ts).

/**
 * The camera: 'Scan QR' starts it, 'Cancel Scan QR' stops it (spec 2 §2). One frame a second is
 * read (the spec's scanner delay), at most 800 px a side; the first code read stops the camera
 * and is handed on.
 */
export function CameraScanner({ onText, disabled }: { onText: (text: string) => void; disabled?: boolean }) {
  const [on, setOn] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { t } = useT();
  const video = useRef<HTMLVideoElement>(null);
  const handler = useRef(onText);
  handler.current = onText;

  useEffect(() => {
    if (!on) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const canvas = document.createElement("canvas");
    setProblem(null);
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
      if (video.current) video.current.srcObject = null;
    };
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error("this browser gives no camera to the page");
      const [read, media] = await Promise.all([loadQrReader(), navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false })]);
      stream = media;
      // Cancelled while the camera was starting: it stops at once.
      if (stopped || !video.current) return stop();
      video.current.srcObject = media;
      await video.current.play();
      const frame = () => {
        if (stopped || !video.current) return;
        const { videoWidth: w, videoHeight: h } = video.current;
        if (w && h) {
          const scale = Math.min(1, 800 / Math.max(w, h));
          canvas.width = Math.round(w * scale);
          canvas.height = Math.round(h * scale);
          canvas.getContext("2d", { willReadFrequently: true })?.drawImage(video.current, 0, 0, canvas.width, canvas.height);
          const text = readCanvas(read, canvas);
          if (text) {
            stop();
            setOn(false);
            return handler.current(text);
          }
        }
        timer = setTimeout(frame, SCANNER_DELAY_MS);
      };
      frame();
    })().catch((error: unknown) => {
      stop();
      // The browser's reason, put into the page's words when shown.
      setProblem(error instanceof Error ? error.message : String(error));
      setOn(false);
    });
    return stop;
  }, [on]);

  return (
    <div className="space-y-3">
      <button
        type="button"
        disabled={disabled}
        onClick={() => setOn((v) => !v)}
        aria-pressed={on}
        className="rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
      >
        {on ? t("Cancel Scan QR") : t("Scan QR")}
      </button>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {t("The camera could not be started ({{reason}}). Use a photo of the code or type the card number instead.", { reason: problem })}
        </p>
      ) : null}
      <div className={on ? "mx-auto w-full max-w-sm overflow-hidden rounded-md border border-slate-300" : "hidden"} data-testid="camera">
        {on ? <video ref={video} muted playsInline aria-label={t("Camera")} className="block w-full" /> : null}
      </div>
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

/**
 * The reader misses some codes whose modules fall unevenly on the pixels (a dense code in a
 * small photo); the same photo smoothed to another size reads (issue 18: tried on 150 signed
 * cards at 300 px, every miss was read at one of these scales).
 */
const RETRY_SCALES = [0.6, 1.5, 0.75];

/**
 * Reads a QR code from a chosen photo in the browser; null when none is found: the pixels at most
 * 1600 px a side (as on the server), then the photo redrawn at RETRY_SCALES.
 */
export async function decodePhoto(file: File): Promise<string | null> {
  const read = await loadQrReader().catch(() => null);
  if (!read) return null;
  for (const size of [{ maxSide: 1600 }, ...RETRY_SCALES.map((scale) => ({ scale }))]) {
    const canvas = await drawn(file, size);
    if (!canvas) return null;
    const text = readCanvas(read, canvas);
    if (text) return text;
  }
  return null;
}
