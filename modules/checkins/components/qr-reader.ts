/**
 * One QR reader on the scan page, jsQR (the server's reader too; ADR 0043 and issue 27: the scan
 * page with its camera within 200 KB of JavaScript in all), loaded only when one is to be read.
 * The camera (app/components/checkins/camera-scanner.tsx) and the offline scan both use it.
 */
type JsQr = typeof import("jsqr").default;
let loading: Promise<JsQr> | null = null;
export const loadQrReader = () =>
  (loading ??= import("jsqr").then(
    (m) => m.default,
    (error: unknown) => {
      // Its chunk did not load (offline before the page kept it): the next try loads it again.
      loading = null;
      throw error;
    },
  ));

/** Loads the reader ahead of need, so that the offline scan page has it cached (its service worker). */
export const preloadScanner = (): Promise<unknown> => loadQrReader();

/** The code in a canvas's pixels, or null. */
export function readCanvas(read: JsQr, canvas: HTMLCanvasElement): string | null {
  const pixels = canvas.getContext("2d", { willReadFrequently: true })?.getImageData(0, 0, canvas.width, canvas.height);
  if (!pixels) return null;
  return read(pixels.data, pixels.width, pixels.height, { inversionAttempts: "attemptBoth" })?.data || null;
}
