import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT_RULE, IMAGE_RULE, VOUCHER_RULE } from "@lib/files/upload-rules";
import { IMAGE_TOO_LARGE, MAX_IMAGE_PIXELS, checkImageHeader, checkStorableUpload } from "@lib/files/image-safety.server";
import { GPS_MARK, bombPng, gpsJpeg, hasMetadata } from "@lib/files/test-images";

const MB = 1024 * 1024;
let bomb: Buffer;

beforeAll(async () => {
  bomb = await bombPng();
}, 60_000);

const asFile = (bytes: Uint8Array, name: string) => new File([new Uint8Array(bytes)], name);

/** Time and resident-memory growth of `work`. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; grewMb: number }> {
  const before = process.memoryUsage().rss;
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started, grewMb: (process.memoryUsage().rss - before) / MB };
}

describe("decompression bombs", () => {
  it("the bomb is what the attack sent: ~76 KB claiming 8000x8000 pixels", async () => {
    expect(bomb.length).toBeLessThan(100 * 1024);
    const meta = await sharp(bomb).metadata();
    expect(meta.width! * meta.height!).toBe(64_000_000);
    expect(meta.width! * meta.height!).toBeGreaterThan(MAX_IMAGE_PIXELS);
  });

  it("is refused from its header, at once and without decoding (documents, vouchers, route images)", async () => {
    for (const rule of [DOCUMENT_RULE, VOUCHER_RULE, IMAGE_RULE]) {
      const { result, ms, grewMb } = await measured(() => checkStorableUpload(asFile(bomb, "scan.png"), rule));
      expect(result).toEqual({ ok: false, message: IMAGE_TOO_LARGE });
      expect(ms).toBeLessThan(500);
      // Decoding it would take 64-256 MB.
      expect(grewMb).toBeLessThan(32);
    }
  });

  it("an image at the limit passes the header check; one pixel row more does not", async () => {
    const header = (w: number, h: number) =>
      sharp({ create: { width: w, height: h, channels: 3, background: "#888" } })
        .png()
        .toBuffer();
    expect((await checkImageHeader(await header(8000, 5000))).ok).toBe(true);
    expect(await checkImageHeader(await header(8000, 5001))).toEqual({ ok: false, message: IMAGE_TOO_LARGE });
  });
});

describe("stored images are written again without metadata", () => {
  it("a phone JPEG loses its EXIF (GPS position, camera) and stays upright", async () => {
    const photo = await gpsJpeg({ width: 640, height: 480, orientation: 6 });
    const before = await sharp(photo).metadata();
    expect(before.exif?.includes(Buffer.from(GPS_MARK.camera))).toBe(true);
    expect(before.orientation).toBe(6);

    const checked = await checkStorableUpload(asFile(photo, "IMG_0001.jpg"), DOCUMENT_RULE);
    if (!checked.ok) throw new Error(checked.message);
    expect(checked.file.kind).toBe("jpg");
    expect(await hasMetadata(checked.file.bytes)).toBe(false);
    expect(Buffer.from(checked.file.bytes).includes(Buffer.from(GPS_MARK.camera))).toBe(false);
    // Orientation 6 was applied to the pixels: the stored image is portrait, with no tag needed.
    const after = await sharp(checked.file.bytes).metadata();
    expect([after.width, after.height]).toEqual([480, 640]);
    expect(checked.file.size).toBe(checked.file.bytes.length);
  });

  it("a PNG loses its text chunks and whatever was appended after its end", async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#3a6" } })
      .withExif({ IFD0: { Model: GPS_MARK.camera } })
      .png()
      .toBuffer();
    const smuggled = Buffer.concat([png, Buffer.from("<script>alert(1)</script>")]);
    const checked = await checkStorableUpload(asFile(smuggled, "map.png"), IMAGE_RULE);
    if (!checked.ok) throw new Error(checked.message);
    const out = Buffer.from(checked.file.bytes);
    expect(out.includes(Buffer.from("<script>"))).toBe(false);
    expect(out.includes(Buffer.from(GPS_MARK.camera))).toBe(false);
    expect(await hasMetadata(out)).toBe(false);
    const meta = await sharp(out).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 300, 200]);
  });

  it("PDFs pass as uploaded; a broken image is refused with words", async () => {
    const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(2048, 0x20)]);
    const checked = await checkStorableUpload(asFile(pdf, "doc.pdf"), DOCUMENT_RULE);
    expect(checked.ok && Buffer.from(checked.file.bytes).equals(pdf)).toBe(true);
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4096, 7)]);
    expect(await checkStorableUpload(asFile(broken, "x.jpg"), DOCUMENT_RULE)).toEqual({
      ok: false,
      message: "The image could not be read. Please upload a jpg or png image.",
    });
  });
});
