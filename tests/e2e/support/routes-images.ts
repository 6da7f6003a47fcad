import zlib from "node:zlib";

/** CRC-32 as PNG chunks need it (table-free; speed does not matter for a few bytes). */
function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real, viewable PNG of one colour (8x8), padded past the 1 KB minimum with a tEXt comment,
 * so uploads pass the content check and the browser can still draw it.
 */
export function pngImage(rgb: [number, number, number], padTo = 1500): Buffer {
  const size = 8;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const idat = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  const head = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", idat)]);
  const end = chunk("IEND", Buffer.alloc(0));
  const padding = Math.max(0, padTo - head.length - end.length - 12 - 8);
  const text = chunk("tEXt", Buffer.concat([Buffer.from("Comment\0", "latin1"), Buffer.alloc(padding, 0x2e)]));
  return Buffer.concat([head, text, end]);
}

export const png = (name: string, rgb: [number, number, number]) => ({ name, mimeType: "image/png", buffer: pngImage(rgb) });
