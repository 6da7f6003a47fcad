import type { Browser, Page, PDFOptions } from "puppeteer";

/**
 * HTML → PDF with headless Chromium (Debian's chromium; Puppeteer downloads no browser here, see
 * .puppeteerrc.cjs). One browser per process is launched on first use and kept open; a small pool
 * of pages is reused, which also caps how many renders run at once. Launching costs several
 * times a warm render (figures: bench/card-pdf.ts), so nothing here launches per PDF.
 */

/** Flags tried on these machines (../shared/TOOLCHAIN.md): no sandbox (containers), no GPU, no background traffic. */
export const CHROMIUM_ARGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export function chromiumPath(): string {
  return process.env.PUPPETEER_EXECUTABLE_PATH || "/usr/bin/chromium";
}

/** A fresh browser. Callers own it and must close it; most code wants `getPdfRenderer()` instead. */
export async function launchBrowser(): Promise<Browser> {
  // Loaded on first use: web processes that only enqueue (Bull) never load Puppeteer.
  const { default: puppeteer } = await import("puppeteer");
  return puppeteer.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [...CHROMIUM_ARGS],
    // With a pipe instead of a WebSocket, Chromium exits by itself when this process dies,
    // even by SIGKILL, so a crashed worker leaves no browser behind.
    pipe: true,
    // The worker handles its own signals (finish running jobs, then exit); Puppeteer's handler
    // would call process.exit on SIGINT. The exit hook that kills the browser stays on.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    waitForInitialPage: false,
    timeout: 30_000,
    protocolTimeout: 60_000,
  });
}

/** Closes a browser, or kills it if it does not close within a few seconds (a hung browser). */
async function shut(b: Browser): Promise<void> {
  const closed = b.close().then(
    () => true,
    () => false,
  );
  const timer = new Promise<boolean>((resolve) => setTimeout(resolve, 5_000, false).unref());
  if (!(await Promise.race([closed, timer]))) b.process()?.kill("SIGKILL");
}

export interface PdfRendererOptions {
  /** Pages kept open, and so renders at once. Default PDF_PAGES or 4. */
  pages?: number;
  /** A page is closed and replaced after this many renders, so a long-lived worker cannot bloat. */
  rendersPerPage?: number;
  /** Per render (load and print). */
  timeoutMs?: number;
}

export interface PdfRenderer {
  /**
   * Renders a self-contained HTML document (inline styles, data: images) to PDF bytes. A page only
   * ever prints one paper size: a page that had printed an A4 receipt kept state that changed how
   * the next card printed on it (its QR no longer decoded; card-phone.spec.ts), and closing the
   * page after each A4 print instead cost more than the print (bench/card-pdf.ts).
   */
  render(html: string, pdf?: PDFOptions): Promise<Uint8Array>;
  /** Renders already asked for finish; later ones are refused. Then closes the browser. */
  close(): Promise<void>;
  stats(): { pagesOpen: number; pagesMade: number; busy: number; waiting: number; renders: number; launches: number; browserPid: number | null };
}

/**
 * A5 landscape unless the document's @page says otherwise. The documents use system fonts only,
 * so there is no web font to wait for (saves a round trip per PDF).
 */
export const DEFAULT_PDF_OPTIONS: Readonly<PDFOptions> = { printBackground: true, preferCSSPageSize: true, format: "A5", landscape: true, waitForFonts: false };

interface PooledPage {
  page: Page;
  uses: number;
  /** The paper it prints (paperOf): a page is reused only for the same paper. */
  paper: string;
}

function paperOf(pdf: PDFOptions | undefined): string {
  const { format, landscape, width, height } = { ...DEFAULT_PDF_OPTIONS, ...pdf };
  return JSON.stringify([format, landscape, width, height]);
}

export function createPdfRenderer(options: PdfRendererOptions = {}): PdfRenderer {
  const size = Math.max(1, Math.floor(options.pages ?? (Number(process.env.PDF_PAGES) || 4)));
  const rendersPerPage = options.rendersPerPage ?? 500;
  const timeoutMs = options.timeoutMs ?? 20_000;

  let browser: Promise<Browser> | null = null;
  let browserInstance: Browser | null = null; // what `browser` resolved to, once it has
  const idle: PooledPage[] = [];
  const waiters: (() => void)[] = [];
  let open = 0; // pages created or being created (idle + busy)
  let busy = 0;
  let renders = 0;
  let launches = 0;
  let pagesMade = 0;
  let closing: Promise<void> | null = null;
  const running = new Set<Promise<unknown>>();

  function getBrowser(): Promise<Browser> {
    if (browser) return browser;
    launches++;
    const launched = launchBrowser().then((b) => {
      if (browser === launched) browserInstance = b;
      // A crashed or killed browser is forgotten: the next render launches a new one.
      b.once("disconnected", () => forget(b));
      return b;
    });
    launched.catch(() => {
      if (browser === launched) browser = null;
    });
    browser = launched;
    return launched;
  }

  /** Drops a browser: its idle pages go; busy ones fail their render and are dropped on release. */
  function forget(b: Browser) {
    if (browserInstance === b) {
      browser = null;
      browserInstance = null;
    }
    for (let i = idle.length - 1; i >= 0; i--) {
      if (idle[i].page.browser() === b) {
        idle.splice(i, 1);
        open--;
      }
    }
  }

  /** A browser that fails twice in a row (hung, out of memory) is killed; the next render starts afresh. */
  async function recycle() {
    const b = browserInstance;
    if (!b) return;
    forget(b);
    await shut(b);
  }

  async function newPooledPage(paper: string): Promise<PooledPage> {
    const page = await (await getBrowser()).newPage();
    pagesMade++;
    // The card is static markup: no script runs, and the CSP in the document blocks any fetch.
    await page.setJavaScriptEnabled(false);
    page.setDefaultTimeout(timeoutMs);
    return { page, uses: 0, paper };
  }

  async function acquire(paper: string): Promise<PooledPage> {
    let same = idle.length - 1;
    while (same >= 0 && idle[same].paper !== paper) same--;
    if (same >= 0) {
      busy++;
      return idle.splice(same, 1)[0];
    }
    // The pool is full of pages for another paper: one idle page makes way for a new one.
    if (open >= size && idle.length) {
      open--;
      idle
        .shift()!
        .page.close()
        .catch(() => {});
    }
    if (open < size) {
      open++;
      busy++;
      try {
        return await newPooledPage(paper);
      } catch (error) {
        open--;
        busy--;
        handOver(); // a waiter may now create its own page
        throw error;
      }
    }
    await new Promise<void>((resolve) => waiters.push(resolve));
    return acquire(paper);
  }

  /** A page came free or was dropped: the first waiter tries again. */
  function handOver() {
    waiters.shift()?.();
  }

  function release(slot: PooledPage, healthy: boolean) {
    busy--;
    if (healthy && slot.uses < rendersPerPage && !slot.page.isClosed() && slot.page.browser() === browserInstance) {
      idle.push(slot);
    } else {
      open--;
      slot.page.close().catch(() => {});
    }
    handOver();
  }

  async function renderOnce(html: string, pdf?: PDFOptions): Promise<Uint8Array> {
    const slot = await acquire(paperOf(pdf));
    let healthy = false;
    try {
      slot.uses++;
      await slot.page.setContent(html, { waitUntil: "load", timeout: timeoutMs });
      const bytes = await slot.page.pdf({ ...DEFAULT_PDF_OPTIONS, ...pdf, timeout: timeoutMs });
      healthy = true;
      return bytes;
    } finally {
      release(slot, healthy);
    }
  }

  async function render(html: string, pdf?: PDFOptions): Promise<Uint8Array> {
    if (closing) throw new Error("PDF renderer is closed");
    const job = (async () => {
      try {
        return await renderOnce(html, pdf);
      } catch (error) {
        if (closing) throw error;
        // Once more on a fresh page (and a fresh browser if this one died), then give up.
        if (browserInstance && !browserInstance.connected) forget(browserInstance);
        try {
          return await renderOnce(html, pdf);
        } catch (again) {
          if (!closing) await recycle();
          throw again;
        }
      }
    })();
    running.add(job);
    try {
      const bytes = await job;
      renders++;
      return bytes;
    } finally {
      running.delete(job);
    }
  }

  function close(): Promise<void> {
    closing ??= (async () => {
      while (running.size) await Promise.allSettled([...running]);
      idle.length = 0;
      open = 0;
      const b = browser;
      browser = null;
      browserInstance = null;
      if (b) await b.then(shut, () => undefined);
    })();
    return closing;
  }

  return {
    render,
    close,
    stats: () => ({ pagesOpen: open, pagesMade, busy, waiting: waiters.length, renders, launches, browserPid: browserInstance?.process()?.pid ?? null }),
  };
}

// One renderer per process, kept on globalThis so `remix dev` rebuilds reuse the browser.
const holder = globalThis as typeof globalThis & { __timsPdfRenderer?: PdfRenderer };

/** The process's renderer (created lazily; the browser launches on the first render). */
export function getPdfRenderer(): PdfRenderer {
  holder.__timsPdfRenderer ??= createPdfRenderer();
  return holder.__timsPdfRenderer;
}

/** Closes the process's renderer after its running renders; the next render starts a new one. */
export async function closePdfRenderer(): Promise<void> {
  const renderer = holder.__timsPdfRenderer;
  holder.__timsPdfRenderer = undefined;
  if (renderer) await renderer.close();
}
