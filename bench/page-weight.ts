/**
 * Page weight on slow links: per page, the HTML and JavaScript a browser downloads (gzip bytes),
 * the number of requests, and how long the page takes to become usable on emulated slow 3G
 * (400 kbps, 400 ms round trip) with JavaScript off (the HTML has loaded) and on (the HTML has
 * loaded and the app has hydrated). Both are measured side by side in one run. Each also prints
 * its first contentful paint: the HTML laid out with its stylesheet, when its links and forms work
 * as plain HTML (before hydration, with JavaScript on: the issue's "the HTML works before the
 * scripts arrive").
 *
 *   npx tsx bench/page-weight.ts [--base http://127.0.0.1:3000] [--port 3910] [--json]
 *
 * Without --base it builds the app into build-bench/, starts it on a fresh embedded database with
 * the demo data (scripts/e2e-server.mjs) on port 3910 (or --port, when another run holds it), and
 * stops it at the end.
 */
import { execSync, spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import zlib from "node:zlib";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";

const argBase = process.argv.includes("--base") ? process.argv[process.argv.indexOf("--base") + 1] : null;
const asJson = process.argv.includes("--json");
const PORT = process.argv.includes("--port") ? Number(process.argv[process.argv.indexOf("--port") + 1]) : 3910;
const base = argBase ?? `http://127.0.0.1:${PORT}`;
const DEMO_PASSWORD = "Trek@2026";
const SLOW_3G = { offline: false, latency: 400, downloadThroughput: (400 * 1024) / 8, uploadThroughput: (400 * 1024) / 8 };

/** Pages people open most, each as the role that opens it. */
const PAGES: { path: string; as: string | null }[] = [
  { path: "/login", as: null },
  { path: "/register", as: null },
  { path: "/forgot-password", as: null },
  { path: "/new-register", as: "fit@tims.test" },
  { path: "/trekking-history", as: "fit@tims.test" },
  { path: "/account-settings", as: "fit@tims.test" },
  { path: "/tims-cards", as: "agency@tims.test" },
  { path: "/trekkers", as: "agency@tims.test" },
  { path: "/trekkers/scanned", as: "checkpost@tims.test" },
  { path: "/dashboard", as: "ntb@tims.test" },
  { path: "/users", as: "ntb@tims.test" },
  { path: "/requests", as: "ntb@tims.test" },
  { path: "/requests/vouchers", as: "ntb@tims.test" },
  { path: "/route", as: "ntb@tims.test" },
  { path: "/route-add", as: "ntb@tims.test" },
  // Served as HTML on a first load (ADR 0034).
  { path: "/users/add", as: "ntb@tims.test" },
  { path: "/account-settings/password", as: "fit@tims.test" },
  { path: "/chalan", as: "ntb@tims.test" },
  { path: "/notifications", as: "taan@tims.test" },
];

interface Row {
  page: string;
  role: string;
  htmlGzip: number;
  jsGzip: number;
  jsFiles: number;
  requests: number;
  slow3gJsOffMs: number;
  slow3gJsOnMs: number;
  ratio: number;
  /** First contentful paint on slow 3G with JavaScript off and on. */
  paintJsOffMs: number;
  paintJsOnMs: number;
  paintRatio: number;
}

const gzipSize = (body: Buffer) => zlib.gzipSync(body, { level: 6 }).length;

async function startServer(): Promise<ChildProcess> {
  const env = { ...process.env, BUILD_SLOT: "bench", VITE_CJS_IGNORE_WARNING: "true" };
  execSync("npm run build", { stdio: "ignore", env });
  const server = spawn(process.execPath, ["scripts/e2e-server.mjs"], {
    stdio: "ignore",
    env: {
      ...env,
      DATA_DIR: path.resolve("test-results/bench-data"),
      SESSION_SECRET: "bench-secret",
      E2E_PORT: String(PORT),
      E2E_EXPIRY_PORT: String(PORT + 1),
      PASSWORD_SCRYPT_N: "1024",
    },
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/login`)).ok) return server;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill("SIGTERM");
  throw new Error("the bench server did not start");
}

async function signedInContext(browser: Browser, email: string | null, javaScriptEnabled: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
  if (email) {
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await page.close();
  }
  return context;
}

/**
 * Loads `url` on emulated slow 3G with an empty cache; resolves when the page is usable (loaded,
 * and hydrated when it hydrates), with the time of its first contentful paint.
 */
async function slowLoad(page: Page, url: string, withJs: boolean): Promise<{ usable: number; paint: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", SLOW_3G);
  await cdp.send("Page.enable");
  await cdp.send("Page.setLifecycleEventsEnabled", { enabled: true });
  const started = Date.now();
  const painted = new Promise<number>((resolve) => {
    cdp.on("Page.lifecycleEvent", (event) => {
      if (event.name === "firstContentfulPaint") resolve(Date.now() - started);
    });
    setTimeout(() => resolve(-1), 60_000);
  });
  await page.goto(url, { waitUntil: "load" });
  // A page served without React (handle.hydrate = false, e.g. /login) is usable once loaded.
  const hydrates = withJs && (await page.evaluate(() => "__remixContext" in window));
  if (hydrates) await page.waitForFunction(() => (window as any).__remixRouter?.state?.initialized === true, null, { timeout: 120_000 });
  const elapsed = Date.now() - started;
  // Chromium's lifecycle event, not the page's performance entries: those are not there with JavaScript off.
  const paint = await painted;
  await cdp.detach();
  return { usable: elapsed, paint: Math.round(paint) };
}

async function measure(browser: Browser, target: (typeof PAGES)[number]): Promise<Row> {
  const on = await signedInContext(browser, target.as, true);
  const page = await on.newPage();
  const scripts = new Map<string, Buffer>();
  let requests = 0;
  let html: Buffer = Buffer.alloc(0);
  page.on("response", async (response) => {
    requests += 1;
    const type = response.request().resourceType();
    try {
      if (type === "script") scripts.set(response.url(), await response.body());
      if (type === "document") html = await response.body();
    } catch {
      // a redirect has no body
    }
  });
  await page.goto(`${base}${target.path}`, { waitUntil: "networkidle" });
  const jsGzip = [...scripts.values()].reduce((sum, body) => sum + gzipSize(body), 0);
  const slowOn = await slowLoad(await on.newPage(), `${base}${target.path}`, true);
  await on.close();
  const off = await signedInContext(browser, target.as, false);
  const slowOff = await slowLoad(await off.newPage(), `${base}${target.path}`, false);
  await off.close();
  return {
    page: target.path,
    role: target.as?.split("@")[0] ?? "anonymous",
    htmlGzip: gzipSize(html),
    jsGzip,
    jsFiles: scripts.size,
    requests,
    slow3gJsOffMs: slowOff.usable,
    slow3gJsOnMs: slowOn.usable,
    ratio: Math.round((slowOn.usable / Math.max(1, slowOff.usable)) * 100) / 100,
    paintJsOffMs: slowOff.paint,
    paintJsOnMs: slowOn.paint,
    paintRatio: Math.round((slowOn.paint / Math.max(1, slowOff.paint)) * 100) / 100,
  };
}

const server = argBase ? null : await startServer();
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
});
const rows: Row[] = [];
try {
  for (const target of PAGES) rows.push(await measure(browser, target));
} finally {
  await browser.close();
  server?.kill("SIGTERM");
}

if (asJson) console.log(JSON.stringify(rows, null, 2));
else {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log("page                 role       HTML gz   JS gz     files  reqs  slow3G off  slow3G on  on/off  paint off  paint on  on/off");
  for (const r of rows) {
    console.log(
      `${r.page.padEnd(20)} ${r.role.padEnd(10)} ${kb(r.htmlGzip).padStart(8)} ${kb(r.jsGzip).padStart(9)} ${String(r.jsFiles).padStart(6)} ${String(r.requests).padStart(5)} ${`${r.slow3gJsOffMs} ms`.padStart(11)} ${`${r.slow3gJsOnMs} ms`.padStart(10)} ${r.ratio.toFixed(2).padStart(7)} ${`${r.paintJsOffMs} ms`.padStart(10)} ${`${r.paintJsOnMs} ms`.padStart(9)} ${r.paintRatio.toFixed(2).padStart(7)}`,
    );
  }
  const worst = rows.reduce((a, b) => (b.jsGzip > a.jsGzip ? b : a));
  console.log(
    `\nlargest JS: ${worst.page} ${kb(worst.jsGzip)}; worst on/off ratio: ${Math.max(...rows.map((r) => r.ratio)).toFixed(2)} hydrated, ${Math.max(...rows.map((r) => r.paintRatio)).toFixed(2)} first paint`,
  );
}
