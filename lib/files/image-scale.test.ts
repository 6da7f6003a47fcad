import { describe, expect, it } from "vitest";
import { jpegName, photoProblem, scaledSide, sniffFile, toNaturalSquare } from "@lib/files/image-scale";
import { PHOTO_RULE } from "@lib/files/upload-rules";

describe("toNaturalSquare", () => {
  it("scales the shown crop box to the original's pixels", () => {
    // A 4000x3000 photo shown 400 px wide: scale 10.
    expect(toNaturalSquare({ x: 100, y: 50, size: 200 }, 10, { width: 4000, height: 3000 })).toEqual({ x: 1000, y: 500, size: 2000 });
  });
  it("keeps the square inside the image after rounding", () => {
    expect(toNaturalSquare({ x: 200.4, y: 100.6, size: 199.9 }, 10, { width: 4000, height: 3000 })).toEqual({ x: 2001, y: 1001, size: 1999 });
    expect(toNaturalSquare({ x: 201, y: 101, size: 200 }, 10, { width: 4000, height: 3000 })).toEqual({ x: 2000, y: 1000, size: 2000 });
  });
  it("never asks for more than the short side", () => {
    expect(toNaturalSquare({ x: 0, y: 0, size: 500 }, 10, { width: 4000, height: 3000 })).toEqual({ x: 0, y: 0, size: 3000 });
  });
  it("handles a tiny image and a zero box", () => {
    expect(toNaturalSquare({ x: 0, y: 0, size: 0 }, 1, { width: 20, height: 10 })).toEqual({ x: 0, y: 0, size: 1 });
  });
});

describe("scaledSide", () => {
  it("caps at 600 and never upscales", () => {
    expect(scaledSide(3000)).toBe(600);
    expect(scaledSide(600)).toBe(600);
    expect(scaledSide(420.4)).toBe(420);
    expect(scaledSide(0)).toBe(1);
    expect(scaledSide(3000, 300)).toBe(300);
  });
});

describe("jpegName", () => {
  it("keeps the user's name with a .jpg extension", () => {
    expect(jpegName("IMG_2024.png")).toBe("IMG_2024.jpg");
    expect(jpegName("C:\\photos\\me.jpeg")).toBe("me.jpg");
    expect(jpegName("")).toBe("photo.jpg");
    expect(jpegName(".png")).toBe("photo.jpg");
  });
});

describe("sniffFile", () => {
  it("reads the first bytes of a Blob", async () => {
    expect(await sniffFile(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0])]))).toBe("jpg");
    expect(await sniffFile(new Blob(["GIF89a..."]))).toBeNull();
  });
});

describe("photoProblem", () => {
  const png = (bytes: number) => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), new Uint8Array(bytes - 8)]);
  it("refuses what is not a jpg or png by its first bytes, whatever it is called", async () => {
    expect(await photoProblem(new Blob(["GIF89a not really a jpeg ".repeat(100)]), PHOTO_RULE)).toBe(PHOTO_RULE.messages.badType);
    expect(await photoProblem(new Blob(["%PDF-1.7 ".repeat(200)]), PHOTO_RULE)).toBe(PHOTO_RULE.messages.badType);
  });
  it("refuses a photo under the minimum size and lets a real one go on", async () => {
    expect(await photoProblem(png(500), PHOTO_RULE)).toBe(PHOTO_RULE.messages.tooSmall);
    expect(await photoProblem(png(5000), PHOTO_RULE)).toBeNull();
  });
});
