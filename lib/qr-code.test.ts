import QRCode from "qrcode";
import { afterEach, describe, expect, it, vi } from "vitest";
import { qrDataUrl } from "./qr-code.server";

afterEach(() => vi.restoreAllMocks());

describe("qrDataUrl keeps what it drew", () => {
  it("draws a text once per size; the image is the encoder's own", async () => {
    const draw = vi.spyOn(QRCode, "toDataURL");
    const text = `TIMS2|kept-${Date.now()}`;
    const first = await qrDataUrl(text, { width: 220 });
    const again = await qrDataUrl(text, { width: 220 });
    expect(again).toBe(first);
    expect(draw).toHaveBeenCalledTimes(1);
    expect(first).toBe(await QRCode.toDataURL(text, { margin: 1, errorCorrectionLevel: "M", width: 220 }));
    // Another size, margin or level is another image.
    expect(await qrDataUrl(text, { width: 300 })).not.toBe(first);
    expect(await qrDataUrl(text, { width: 220, errorCorrectionLevel: "H" })).not.toBe(first);
    expect(draw.mock.calls.filter(([data]) => data === text)).toHaveLength(4); // the 3 kept ones and the direct call
  });

  it("forgets the least recently used beyond 500 texts", async () => {
    const draw = vi.spyOn(QRCode, "toDataURL");
    const texts = Array.from({ length: 501 }, (_, i) => `lru-${Date.now()}-${i}`);
    await qrDataUrl(texts[0], { width: 100 });
    for (const t of texts.slice(1, 500)) await qrDataUrl(t, { width: 100 });
    await qrDataUrl(texts[0], { width: 100 }); // used again: now the most recent
    await qrDataUrl(texts[500], { width: 100 }); // the 501st: texts[1] is forgotten
    expect(draw).toHaveBeenCalledTimes(501);
    await qrDataUrl(texts[0], { width: 100 });
    expect(draw).toHaveBeenCalledTimes(501);
    await qrDataUrl(texts[1], { width: 100 });
    expect(draw).toHaveBeenCalledTimes(502);
  });
});
