/**
 * The scan page's two QR readers, side by side in Chromium: how many signed card codes each misses
 * when the code is a small photo (drawn at 300 px, as tests/e2e/scan-offline.spec.ts chooses it).
 * html5-qrcode is tried as decodePhoto's fallback does (the photo's size, then 0.6, 1.5 and 0.75);
 * jsQR as decodePhoto reads first (the pixels at the photo's size). Needs no database: the codes
 * are signed with a key made for the run.
 *
 *   npx tsx bench/qr-readers.ts [--n 300]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import QRCode from "qrcode";
import { chromium } from "playwright";

const n = process.argv.includes("--n") ? Number(process.argv[process.argv.indexOf("--n") + 1]) : 300;
process.env.DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "tims-qr-bench-"));
const { signCardQr } = await import("../modules/cards/index.server");

const names = ["Walker A", "Hans Peter Müller", "Sophie Martin", "James O'Brien", "Aarav Sharma"];
const images: string[] = [];
for (let i = 0; i < n; i++) {
  const text = signCardQr({
    cardNumber: 100000 + i,
    fullName: names[i % names.length],
    nationality: "Germany",
    route: `Trail ${Date.now()}${i}`,
    validFrom: "2026-11-26",
    validTo: "2026-12-01",
  });
  images.push((await QRCode.toBuffer(text, { width: 300, margin: 4, errorCorrectionLevel: "M" })).toString("base64"));
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium" });
const page = await browser.newPage();
await page.setContent("<html><body></body></html>");
await page.addScriptTag({ path: "node_modules/html5-qrcode/html5-qrcode.min.js" });
await page.addScriptTag({ path: "node_modules/jsqr/dist/jsQR.js" });
// A string, not a function: tsx would add helpers the page does not have.
const counts = (await page.evaluate(`(async (images) => {
  const { Html5Qrcode } = window.__Html5QrcodeLibrary__;
  const holder = document.createElement("div");
  holder.id = "reader";
  holder.hidden = true;
  document.body.append(holder);
  const reader = new Html5Qrcode("reader", { verbose: false });
  const draw = async (file, scale) => {
    const bitmap = await createImageBitmap(file);
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const context = canvas.getContext("2d");
    context.fillStyle = "#fff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return canvas;
  };
  const asFile = (canvas) => new Promise((resolve) => canvas.toBlob((b) => resolve(new File([b], "r.png", { type: "image/png" })), "image/png"));
  const out = { html5AtPhotoSize: 0, html5AtEveryScale: 0, jsQr: 0, both: 0 };
  for (const b64 of images) {
    const file = new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], "q.png", { type: "image/png" });
    let read = false;
    for (const scale of [1, 0.6, 1.5, 0.75]) {
      try {
        await reader.scanFile(scale === 1 ? file : await asFile(await draw(file, scale)), false);
        read = true;
        break;
      } catch {
        if (scale === 1) out.html5AtPhotoSize++;
      }
    }
    if (!read) out.html5AtEveryScale++;
    const canvas = await draw(file, 1);
    const pixels = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
    const js = window.jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: "attemptBoth" });
    if (!js) out.jsQr++;
    if (!read && !js) out.both++;
  }
  return out;
})(${JSON.stringify(images)})`)) as Record<string, number>;
await browser.close();

console.log(`${n} signed card codes at 300 px; misses:`);
console.log(`  html5-qrcode at the photo's size   ${counts.html5AtPhotoSize}`);
console.log(`  html5-qrcode at every scale tried  ${counts.html5AtEveryScale}`);
console.log(`  jsQR at the photo's size           ${counts.jsQr}`);
console.log(`  both readers (decodePhoto)         ${counts.both}`);
