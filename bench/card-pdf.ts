/**
 * Card PDF benchmark: how long a TIMS card PDF takes with a browser launched per PDF (cold), with
 * the browser kept open and one page reused (warm), and how many PDFs per second a pool of pages
 * renders in parallel. Needs no database: the cards are synthetic, with a real QR code and photo.
 *
 *   npx tsx bench/card-pdf.ts [--n 40] [--cold 5] [--pool 4] [--out card.pdf] [--json]
 *
 * Renders exactly what the "cards.render-pdf" job renders (cardPdfHtml → Chromium → page.pdf),
 * and, last, what the "cards.issued" job does with a payment's cards (printCardsTogether).
 */
import os from "node:os";
import { execFileSync } from "node:child_process";
import fs, { writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { Jimp } from "jimp";
import QRCode from "qrcode";
import { chromiumPath, createPdfRenderer, DEFAULT_PDF_OPTIONS, launchBrowser } from "../jobs/pdf-renderer.server";
import type { CardView } from "@modules/cards";
import { cardPdfHtml, printCardsTogether } from "@modules/cards/index.server";

function arg(name: string, fallback: number): number;
function arg(name: string, fallback: string | null): string | null;
function arg(name: string, fallback: number | string | null) {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const raw = process.argv[i + 1];
  if (typeof fallback === "number") {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} needs a positive integer`);
    return n;
  }
  return raw ?? fallback;
}

const N = arg("n", 40);
const COLD = arg("cold", 5);
const POOL = arg("pool", 4);
const OUT = arg("out", null);
const JSON_ONLY = process.argv.includes("--json");

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

/**
 * A 400×400 JPEG at quality 85 like the ones registration stores (modules/registration/photo.server.ts):
 * a portrait-like picture (shaded background, head and shoulders, light grain) of about 30 KB.
 * Each trekker's differs (its grain), so no render finds another's picture in Chromium's cache.
 */
async function syntheticPhoto(grain: number): Promise<string> {
  const photo = new Jimp({ width: 400, height: 400, color: 0xffffffff });
  let seed = 7 + grain;
  const noise = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 17) - 8;
  for (let y = 0; y < 400; y++) {
    for (let x = 0; x < 400; x++) {
      const head = ((x - 200) / 85) ** 2 + ((y - 160) / 105) ** 2 < 1;
      const body = y > 270 && Math.abs(x - 200) < 150 - (400 - y) * 0.6;
      const base = head ? [224, 182, 150] : body ? [40, 60, 110] : [200 - y / 8, 215 - y / 10, 235];
      const [r, g, b] = base.map((v) => Math.max(0, Math.min(255, Math.round(v + noise()))));
      photo.setPixelColor(((r << 24) | (g << 16) | (b << 8) | 0xff) >>> 0, x, y);
    }
  }
  const jpeg = await photo.getBuffer("image/jpeg", { quality: 85 });
  return `data:image/jpeg;base64,${jpeg.toString("base64")}`;
}

async function syntheticCards(count: number): Promise<CardView[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i): Promise<CardView> => {
      const cardNumber = 100001 + i;
      // Same size and error correction as buildCardView; the payload mimics a signed one.
      const qrText = JSON.stringify({ trekkerId: 5000 + i, registrationId: 900 + i, sig: Buffer.alloc(64, i).toString("base64url") });
      return {
        cardNumber,
        issueDate: "2026/11/22",
        fullName: `Bench Trekker ${i + 1}`,
        photoSrc: await syntheticPhoto(i),
        nationality: "Germany",
        gender: "Female",
        trekkerType: "Normal",
        dob: "1985/01/01",
        passportNumber: `C0${1000000 + i}`,
        visaNumber: `V${700000 + i}`,
        routeName: "Annapurna Circuit",
        entryDate: "2026/11/24",
        exitDate: "2026/12/08",
        entryPoint: "Besisahar",
        exitPoint: "Jomsom",
        nepalContact: "Ram Shrestha, Himalayan Treks Pvt. Ltd., 9801234567, Thamel, Kathmandu",
        homeContact: "Eva Weber, Berlin, +49 30 1234567, Friedrichstraße 1",
        priceText: "NRs. 2,000.00",
        status: "Upcoming",
        cancelled: i % 10 === 9,
        qrDataUrl: await QRCode.toDataURL(qrText, { margin: 1, width: 220, errorCorrectionLevel: "M" }),
      };
    }),
  );
}

async function cold(cards: CardView[]) {
  const toBytes: number[] = [];
  const full: number[] = [];
  for (const card of cards) {
    const t0 = performance.now();
    const browser = await launchBrowser();
    const page = await browser.newPage();
    await page.setJavaScriptEnabled(false);
    await page.setContent(cardPdfHtml(card), { waitUntil: "load" });
    await page.pdf({ ...DEFAULT_PDF_OPTIONS });
    toBytes.push(performance.now() - t0);
    await browser.close();
    full.push(performance.now() - t0);
  }
  return { toBytes, full };
}

async function warm(cards: CardView[]) {
  const renderer = createPdfRenderer({ pages: 1 });
  try {
    for (const card of cards.slice(0, 3)) await renderer.render(cardPdfHtml(card)); // launch + JIT warm-up
    const times: number[] = [];
    let sample: Uint8Array | null = null;
    for (const card of cards) {
      const t0 = performance.now();
      const bytes = await renderer.render(cardPdfHtml(card));
      times.push(performance.now() - t0);
      sample ??= bytes;
    }
    return { times, sample: sample! };
  } finally {
    await renderer.close();
  }
}

/**
 * CPU time (ms) used so far by this process and a process tree (the browser and its renderers),
 * from /proc. Unlike wall time it does not depend on what else the machine is doing.
 */
function cpuMs(rootPid: number | null): number {
  const own = process.cpuUsage();
  let ticks = 0;
  if (rootPid && fs.existsSync("/proc/self/stat")) {
    const parentOf = new Map<number, number>();
    const used = new Map<number, number>();
    for (const name of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
        const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        parentOf.set(Number(name), Number(f[1]));
        used.set(Number(name), Number(f[11]) + Number(f[12])); // utime + stime
      } catch {
        // exited meanwhile
      }
    }
    for (const [pid, t] of used) {
      for (let p: number | undefined = pid; p && p > 1; p = parentOf.get(p)) {
        if (p === rootPid) {
          ticks += t;
          break;
        }
      }
    }
  }
  const tickMs = 1000 / 100; // USER_HZ is 100 on Linux
  return (own.user + own.system) / 1000 + ticks * tickMs;
}

async function pooled(cards: CardView[], pages: number) {
  const renderer = createPdfRenderer({ pages });
  try {
    await Promise.all(cards.slice(0, pages).map((c) => renderer.render(cardPdfHtml(c)))); // opens every page
    const pid = renderer.stats().browserPid;
    const cpu0 = cpuMs(pid);
    const latencies: number[] = [];
    const t0 = performance.now();
    await Promise.all(
      cards.map(async (card) => {
        const s = performance.now();
        await renderer.render(cardPdfHtml(card));
        latencies.push(performance.now() - s);
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const cpuPerPdf = (cpuMs(pid) - cpu0) / cards.length;
    return { perSecond: cards.length / seconds, seconds, latencies, cpuPerPdf };
  } finally {
    await renderer.close();
  }
}

/**
 * As the "cards.issued" job prints a payment's cards (ADR 0056): `perDocument` cards as one
 * Chromium document, split into a PDF each. CPU per card (node, which splits, + chromium).
 */
async function together(cards: CardView[], pages: number, perDocument: number) {
  const renderer = createPdfRenderer({ pages });
  try {
    const groups = Array.from({ length: Math.ceil(cards.length / perDocument) }, (_, i) => cards.slice(i * perDocument, (i + 1) * perDocument));
    await Promise.all(groups.slice(0, pages).map((g) => printCardsTogether(g, renderer))); // opens every page
    const pid = renderer.stats().browserPid;
    const cpu0 = cpuMs(pid);
    const t0 = performance.now();
    await Promise.all(groups.map((g) => printCardsTogether(g, renderer)));
    const seconds = (performance.now() - t0) / 1000;
    return { perSecond: cards.length / seconds, cpuPerPdf: (cpuMs(pid) - cpu0) / cards.length };
  } finally {
    await renderer.close();
  }
}

function chromiumVersion(): string {
  try {
    return execFileSync(chromiumPath(), ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "unknown";
  }
}

const cards = await syntheticCards(Math.max(N, COLD, POOL));
const loadBefore = os.loadavg()[0];

const c = await cold(cards.slice(0, COLD));
const w = await warm(cards.slice(0, N));
const p = await pooled(cards.slice(0, N), POOL);
const t = await together(cards.slice(0, N), POOL, 3);
if (OUT) writeFileSync(OUT, w.sample);

const result = {
  pdfs: N,
  cpus: os.cpus().length,
  loadAverage1m: round(loadBefore, 2),
  chromium: chromiumVersion(),
  pdfBytes: w.sample.length,
  coldMedianMs: round(median(c.toBytes)),
  coldWithCloseMedianMs: round(median(c.full)),
  warmMedianMs: round(median(w.times)),
  warmP90Ms: round(pct(w.times, 90)),
  pool: POOL,
  poolPdfsPerSecond: round(p.perSecond, 2),
  poolMedianLatencyMs: round(median(p.latencies)),
  warmVsColdSpeedup: round(median(c.toBytes) / median(w.times), 1),
  /** CPU (this process + the browser's processes) per PDF in the pool run, and what that allows on idle CPUs. */
  cpuMsPerPdf: round(p.cpuPerPdf),
  idleCpuPdfsPerSecond: round((os.cpus().length * 1000) / p.cpuPerPdf, 1),
  /** The same cards printed three to a document and split, as a payment's cards are. */
  togetherPdfsPerSecond: round(t.perSecond, 2),
  togetherCpuMsPerPdf: round(t.cpuPerPdf),
};

if (JSON_ONLY) {
  console.log(`  three to a document, split (a payment's cards): ${result.togetherPdfsPerSecond} PDFs/s; CPU per PDF ${result.togetherCpuMsPerPdf} ms`);
  console.log(JSON.stringify(result));
} else {
  console.log(`Card PDFs on ${result.cpus} CPUs (load ${result.loadAverage1m}), ${result.chromium}; ${N} PDFs of ${Math.round(result.pdfBytes / 1024)} KB`);
  console.log(
    `  cold, browser launched per PDF (median of ${COLD}):   ${result.coldMedianMs} ms to the PDF, ${result.coldWithCloseMedianMs} ms with closing it`,
  );
  console.log(`  warm, browser kept open, one page (median):    ${result.warmMedianMs} ms (p90 ${result.warmP90Ms} ms)`);
  console.log(`  pool of ${POOL} pages in parallel:                   ${result.poolPdfsPerSecond} PDFs/s (median latency ${result.poolMedianLatencyMs} ms)`);
  console.log(`  warm vs cold:                                  ${result.warmVsColdSpeedup}× faster per PDF`);
  console.log(
    `  CPU per PDF (node + chromium, pool run):       ${result.cpuMsPerPdf} ms → at most ${result.idleCpuPdfsPerSecond} PDFs/s on ${result.cpus} idle CPUs`,
  );
  console.log(`  three to a document, split (a payment's cards): ${result.togetherPdfsPerSecond} PDFs/s; CPU per PDF ${result.togetherCpuMsPerPdf} ms`);
  console.log(JSON.stringify(result));
}
