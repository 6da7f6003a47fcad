import { describe, expect, it } from "vitest";
import { sniffKind } from "@lib/files/sniff";
import { checkUpload, DOCUMENT_RULE, PHOTO_RULE, VOUCHER_RULE } from "@lib/files/upload-rules";

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const bytes = (head: number[] | string, size: number) => {
  const b = new Uint8Array(size);
  const h = typeof head === "string" ? Array.from(Buffer.from(head)) : head;
  b.set(h.slice(0, size));
  return b;
};
const file = (head: number[] | string, size: number, name = "x.bin") => new File([bytes(head, size)], name);

describe("sniffKind", () => {
  it("tells jpg, png and pdf by content", () => {
    expect(sniffKind(bytes([0xff, 0xd8, 0xff, 0xe0], 10))).toBe("jpg");
    expect(sniffKind(bytes(PNG_HEAD, 10))).toBe("png");
    expect(sniffKind(bytes("%PDF-1.7", 10))).toBe("pdf");
    expect(sniffKind(bytes("hello world", 11))).toBeNull();
    expect(sniffKind(new Uint8Array())).toBeNull();
  });
});

describe("checkUpload", () => {
  it("accepts a real png named anything and reports its kind", async () => {
    const r = await checkUpload(file(PNG_HEAD, 2048, "../../etc/passwd"), DOCUMENT_RULE);
    expect(r.ok && r.file.kind).toBe("png");
    expect(r.ok && r.file.name).toBe("passwd");
  });
  it("refuses a .png that is really text", async () => {
    expect(await checkUpload(file("just some text", 2048, "photo.png"), DOCUMENT_RULE)).toEqual({
      ok: false,
      message: "Only .jpg, .png and pdf extensions allowed",
    });
  });
  it("refuses too large and too small files with the spec's texts", async () => {
    expect(await checkUpload(file(PNG_HEAD, 3 * 1024 * 1024 + 1), DOCUMENT_RULE)).toEqual({ ok: false, message: "The file size should not be more than 3MB." });
    expect(await checkUpload(file(PNG_HEAD, 500), DOCUMENT_RULE)).toEqual({ ok: false, message: "The file size should be at least 1Kb." });
    expect(await checkUpload(file(PNG_HEAD, 500), PHOTO_RULE)).toEqual({ ok: false, message: "Min File Size 1Kb." });
  });
  it("treats an empty file input as missing", async () => {
    expect(await checkUpload(new File([], ""), DOCUMENT_RULE)).toEqual({ ok: false, message: "Upload field is required" });
    expect(await checkUpload(null, DOCUMENT_RULE)).toEqual({ ok: false, message: "Upload field is required" });
    expect(await checkUpload("text", DOCUMENT_RULE)).toEqual({ ok: false, message: "Upload field is required" });
  });
  it("photos refuse pdf; vouchers allow small pdfs but not small images, and cap at 2 MB", async () => {
    expect((await checkUpload(file("%PDF-1.4", 2048), PHOTO_RULE)).ok).toBe(false);
    expect((await checkUpload(file("%PDF-1.4", 600), VOUCHER_RULE)).ok).toBe(true);
    expect(await checkUpload(file(PNG_HEAD, 600), VOUCHER_RULE)).toEqual({ ok: false, message: "The image file size should be at least 1Kb." });
    expect(await checkUpload(file(PNG_HEAD, 2 * 1024 * 1024 + 1), VOUCHER_RULE)).toEqual({ ok: false, message: "The file size should not be more than 2MB." });
  });
});
