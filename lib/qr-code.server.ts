import QRCode from "qrcode";
import segments from "qrcode/lib/core/segments.js";

/**
 * QR codes whose text may be beyond ASCII (a card's name in Devanagari, Chinese or Hebrew), as a
 * data URL. Such a text goes in byte mode as UTF-8 behind an ECI 26 ("UTF-8") marker: without it
 * a reader has to guess the bytes' encoding, and readers guess differently (zbar takes UTF-8
 * "ü" for Shift-JIS), which would break a signature over the bytes. ASCII text needs no marker
 * and is encoded as before. The qrcode package cannot write an ECI segment itself; this adds one
 * (a mode indicator 0111 and the 8-bit designator 26) through its segment list (ADR 0021).
 */
type Segment = {
  mode: { id: string; bit: number; ccBits: number[] };
  getLength(): number;
  getBitsLength(): number;
  write(buffer: { put(num: number, length: number): void }): void;
};

const UTF8_ECI: Segment = {
  mode: { id: "ECI", bit: 0b0111, ccBits: [0, 0, 0] },
  getLength: () => 0,
  getBitsLength: () => 8,
  write: (buffer) => buffer.put(26, 8),
};

// The package builds its segments from plain { data, mode } objects; a ready segment passes as is.
const fromArray = segments.fromArray as (array: unknown[]) => Segment[];
segments.fromArray = (array: unknown[]) => array.flatMap((s) => (s === UTF8_ECI ? [UTF8_ECI] : fromArray([s])));

export interface QrImageOptions {
  width: number;
  margin?: number;
  errorCorrectionLevel?: "L" | "M" | "Q" | "H";
}

/** Whether `text` needs the UTF-8 marker (anything beyond ASCII). */
export const needsUtf8Marker = (text: string) => /[^\x00-\x7f]/.test(text);

const dataOf = (text: string) => (needsUtf8Marker(text) ? ([UTF8_ECI, { data: text, mode: "byte" }] as unknown as QRCode.QRCodeSegment[]) : text);

// A card's QR text is the same on each view (its signature is deterministic), and drawing it
// (segments, masks, PNG filters) was a twentieth of a web process's CPU at the peak hour: the
// data URLs of the last few hundred texts are kept (about 6 KB each).
const DRAWN_MAX = 500;
const drawn = new Map<string, Promise<string>>();

/** The QR of `text` as a PNG data URL; UTF-8 with its ECI marker when the text is beyond ASCII. */
export function qrDataUrl(text: string, options: QrImageOptions): Promise<string> {
  const key = `${options.width}|${options.margin ?? 1}|${options.errorCorrectionLevel ?? "M"}|${text}`;
  const known = drawn.get(key);
  if (known) {
    // Most recently used last: the first key is the one to forget.
    drawn.delete(key);
    drawn.set(key, known);
    return known;
  }
  const url = QRCode.toDataURL(dataOf(text), { margin: 1, errorCorrectionLevel: "M", ...options });
  drawn.set(key, url);
  url.catch(() => drawn.delete(key));
  if (drawn.size > DRAWN_MAX) drawn.delete(drawn.keys().next().value!);
  return url;
}

/** The same QR as PNG bytes. */
export function qrPng(text: string, options: QrImageOptions): Promise<Buffer> {
  return QRCode.toBuffer(dataOf(text), { margin: 1, errorCorrectionLevel: "M", ...options });
}

/** The QR version `text` takes at the level (the card's must stay at 10 or lower). */
export function qrVersion(text: string, errorCorrectionLevel: QrImageOptions["errorCorrectionLevel"] = "M"): number {
  return QRCode.create(dataOf(text), { errorCorrectionLevel }).version;
}
