// Images for upload tests (never imported by the app): real small PNGs, a decompression bomb and
// a phone photo with GPS. In lib so lib's own tests may use them; tests/factories/images.ts
// passes them on to the other tests.
import crypto from "node:crypto";
import zlib from "node:zlib";
import sharp from "sharp";

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngFile(width: number, height: number, colourType: number, idat: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, colourType, 0, 0, 0], 8);
  return Buffer.concat([PNG_SIGNATURE, pngChunk("IHDR", header), pngChunk("IDAT", idat), pngChunk("IEND", Buffer.alloc(0))]);
}

/** A real PNG of random pixels (so it does not compress below the 1 KB minimum). */
export function makePng(width = 32, height = 32): Buffer {
  const rows = Buffer.concat(Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), crypto.randomBytes(width * 3)])));
  return pngFile(width, height, 2, zlib.deflateSync(rows));
}

/**
 * A decompression bomb: an 8000x8000 grey PNG of one colour, about 60 KB on disk and 64 MB of
 * pixels (256 MB once decoded to RGBA). Deflated row by row, so making it costs no memory.
 */
export async function bombPng(side = 8000): Promise<Buffer> {
  const deflate = zlib.createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on("data", (d: Buffer) => parts.push(d));
  const done = new Promise((resolve) => deflate.on("end", resolve));
  const row = Buffer.alloc(side + 1, 0x80);
  row[0] = 0; // filter: none
  for (let y = 0; y < side; y++) {
    if (!deflate.write(row)) await new Promise((resolve) => deflate.once("drain", resolve));
  }
  deflate.end();
  await done;
  return pngFile(side, side, 0, Buffer.concat(parts)); // 8-bit greyscale
}

/** Where the phone was: the position written into gpsJpeg's EXIF (Namche Bazaar). */
export const GPS_MARK = { latitude: "27/1 48/1 2430/100", longitude: "86/1 42/1 5190/100", camera: "TrailPhone 12" };

/**
 * A phone photo as phones write them: a noisy JPEG of `width` x `height` with EXIF that holds the
 * camera model and a GPS position, and an orientation tag (6: the pixels are stored turned, to be
 * shown rotated 90° clockwise) unless `orientation` says otherwise.
 */
export async function gpsJpeg(opts: { width?: number; height?: number; orientation?: number } = {}): Promise<Buffer> {
  const width = opts.width ?? 640;
  const height = opts.height ?? 480;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .withExif({
      IFD0: { Make: "Trail", Model: GPS_MARK.camera },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: GPS_MARK.latitude, GPSLongitudeRef: "E", GPSLongitude: GPS_MARK.longitude },
    })
    .withMetadata({ orientation: opts.orientation ?? 6 })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** True when the file carries EXIF, XMP or any other metadata block sharp can see. */
export async function hasMetadata(bytes: Uint8Array): Promise<boolean> {
  const meta = await sharp(bytes).metadata();
  return Boolean(meta.exif || meta.xmp || meta.iptc || meta.icc || meta.comments?.length || meta.orientation);
}
