import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { IMAGE_TOO_LARGE } from "@lib/files/image-safety.server";
import { GPS_MARK, bombPng, gpsJpeg, hasMetadata } from "../../tests/factories/images";
import { processPhoto } from "./photo.server";

const MB = 1024 * 1024;
const stored = (key: string) => fs.readFile(path.join(process.env.FILES_DIR!, key));
let bomb: Buffer;

beforeAll(async () => {
  bomb = await bombPng();
}, 60_000);

describe("trekker photo", () => {
  it("refuses the 76 KB 8000x8000 PNG from its header: quickly, with the reason, without decoding it", async () => {
    const before = process.memoryUsage().rss;
    const started = performance.now();
    const result = await processPhoto(new File([new Uint8Array(bomb)], "me.png"), null);
    const ms = performance.now() - started;
    const grewMb = (process.memoryUsage().rss - before) / MB;
    expect(result).toEqual({ ok: false, message: IMAGE_TOO_LARGE });
    // The attack took 3.5 s and 385 MB when the photo was decoded first.
    expect(ms).toBeLessThan(500);
    expect(grewMb).toBeLessThan(32);
  });

  it("stores a phone photo as a new 400x400 JPEG without its EXIF or GPS position", async () => {
    const photo = await gpsJpeg({ width: 1200, height: 900 });
    expect(await hasMetadata(photo)).toBe(true);
    const result = await processPhoto(new File([new Uint8Array(photo)], "IMG_1234.jpg"), null);
    if (!result.ok) throw new Error(result.message);
    const bytes = await stored(result.key);
    expect(await hasMetadata(bytes)).toBe(false);
    expect(bytes.includes(Buffer.from(GPS_MARK.camera))).toBe(false);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 400, 400]);
  });

  it("crops the user's box in the photo as shown (after its EXIF orientation)", async () => {
    // 300x200 stored sideways (orientation 6): shown 200x300, left half black, right half white.
    const shown = await sharp({ create: { width: 200, height: 300, channels: 3, background: "#000" } })
      .composite([{ input: { create: { width: 100, height: 300, channels: 3, background: "#fff" } }, left: 100, top: 0 }])
      .png()
      .toBuffer();
    // Turn the shown picture 90° anticlockwise to store it; orientation 6 turns it back.
    const sideways = await sharp(shown).rotate(-90).withMetadata({ orientation: 6 }).jpeg({ quality: 95 }).toBuffer();
    expect((await sharp(sideways).metadata()).width).toBe(300);
    const right = await processPhoto(new File([new Uint8Array(sideways)], "side.jpg"), { x: 100, y: 100, size: 100 });
    const left = await processPhoto(new File([new Uint8Array(sideways)], "side.jpg"), { x: 0, y: 100, size: 100 });
    if (!right.ok || !left.ok) throw new Error("not stored");
    const mean = async (key: string) => (await sharp(await stored(key)).stats()).channels[0].mean;
    expect(await mean(right.key)).toBeGreaterThan(200);
    expect(await mean(left.key)).toBeLessThan(50);
  });
});
