import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { decideOnSimulator } from "../e2e/support/gateway-sim";

/**
 * Issue 31 item 6: the documented deployment (docs/operations.md, "Deployment"), performed on this
 * machine by scripts/deploy-local.mjs: nginx from Debian's packages with deploy/nginx's
 * configuration in front of two web instances and a worker started with the systemd units'
 * own commands, on MariaDB and Redis. Through nginx only, a payer signs in with the form, pays
 * through the gateway simulator and gets the card, and a checkpost signs in and checks that card in.
 * The worker's own /metrics (WORKER_METRICS_PORT) then counts the card e-mail it sent.
 */

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
// Clear of the e2e servers' ports (E2E_PORT, +1, +2): nginx here, the instances and the worker's /metrics above it.
const PORT = Number(process.env.E2E_PORT || 3100) + 50;
const dir = `test-results/deploy-e2e${process.env.BUILD_SLOT ? `-${process.env.BUILD_SLOT}` : ""}`;
const script = (...args: string[]) => run(process.execPath, ["scripts/deploy-local.mjs", "--dir", dir, ...args], { cwd: root, maxBuffer: 16 * 1024 * 1024 });

interface Deployment {
  url: string;
  webPorts: number[];
  workerMetricsPort: number;
  env: Record<string, string>;
}

test.describe.configure({ mode: "serial" });

let deployment: Deployment;
let db: Awaited<ReturnType<typeof loadModules>>;

async function loadModules() {
  const { makeUser, TEST_PASSWORD } = await import("../factories/users");
  const { pendingPayment } = await import("../factories/payments");
  const { person, trek } = await import("../factories/registrations");
  const { makeTrail } = await import("../factories/checkins");
  const { inDays } = await import("../factories/dates");
  const { cardNumbersOf } = await import("@modules/registration/index.server");
  const { sequelize } = await import("../../db/sequelize.server");
  const { closeQueue } = await import("../../jobs/queue.server");
  return { makeUser, TEST_PASSWORD, pendingPayment, person, trek, makeTrail, inDays, cardNumbersOf, sequelize, closeQueue };
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // A run cut short leaves its state behind: stop that first (a no-op otherwise).
  await script("--stop");
  const { stdout } = await script("--port", String(PORT), "--simulators");
  deployment = JSON.parse(stdout) as Deployment;
  // This process writes the test data into the deployment's database (as a third instance
  // would), with the deployment's settings; the modules are loaded only now, so they read them.
  for (const name of [
    "DATABASE_URL",
    "REDIS_URL",
    "QUEUE_PREFIX",
    "FILES_DIR",
    "OUTBOX_DIR",
    "DATA_DIR",
    "QR_SIGNING_PRIVATE_KEY",
    "SESSION_SECRET",
    "APP_URL",
    "TIMS_MODE",
  ])
    process.env[name] = deployment.env[name];
  delete process.env.SQLITE_PATH;
  db = await loadModules();
});

test.afterAll(async () => {
  await db?.closeQueue().catch(() => undefined);
  await db?.sequelize.close().catch(() => undefined);
  await script("--stop");
});

async function signIn(page: import("@playwright/test").Page, email: string) {
  await page.goto(`${deployment.url}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(db.TEST_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

/** The sum of a series' samples in Prometheus text whose labels include `labels`. */
function sampleSum(text: string, name: string, labels: Record<string, string>): number {
  let sum = 0;
  for (const line of text.split("\n")) {
    const m = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) sum += Number(m[3]);
  }
  return sum;
}

test("through nginx: sign in, pay through the gateway simulator, and check the card in at a checkpost", async ({ page, browser }) => {
  const { route, checkpost } = await db.makeTrail(0);
  const payer = await db.makeUser({ userType: 1, fullName: "Proxy Payer" });
  const passport = `PX${Date.now().toString(36).toUpperCase()}`;
  const email = `deploy-${Date.now()}@t.test`;
  const p = await db.pendingPayment(route.id, {
    payer,
    trekkers: [db.person("Proxy Walker", { passportNumber: passport, email })],
    trek: db.trek(route.id, db.inDays(0), db.inDays(5)),
  });

  // The sign-in form through the proxy: its same-origin check and session cookie work behind nginx.
  await signIn(page, payer.email);
  const answer = await page.goto(`${deployment.url}/new-register/${p.regId}/payment`);
  // nginx's request id is the app's (tims-proxy.conf): the page came through the proxy.
  expect(answer!.headers()["server"]).toBe("nginx");
  expect(answer!.headers()["x-request-id"]).toMatch(/^[0-9a-f]{32}$/);
  await page.getByRole("button", { name: "Pay with eSewa" }).click();
  await decideOnSimulator(page, "success");
  expect(new URL(page.url()).origin).toBe(deployment.url);
  await expect(page.getByTestId("payment-success")).toBeVisible();
  const [card] = await db.cardNumbersOf(p.regId);
  expect(card.cardNumber).not.toBeNull();
  await expect(page.getByTestId("card-numbers")).toContainText(String(card.cardNumber));

  // The checkpost on the trail's first post checks the card in, in its own browser.
  const post = await browser.newContext();
  const postPage = await post.newPage();
  await signIn(postPage, checkpost.email);
  await postPage.goto(`${deployment.url}/scan`);
  await postPage.getByLabel("Card Number").fill(String(card.cardNumber));
  await postPage.getByLabel("Passport Number").fill(passport);
  await postPage.getByRole("button", { name: "Check card" }).click();
  await expect(postPage).toHaveURL(`${deployment.url}/scanned-trekker/${p.regId}/${card.trekkerId}`);
  await expect(postPage.getByText("Proxy Walker").first()).toBeVisible();
  await post.close();

  // The worker mailed the card and counts it at its own /metrics, behind the bearer token.
  const workerMetrics = `http://127.0.0.1:${deployment.workerMetricsPort}/metrics`;
  expect((await fetch(workerMetrics)).status).toBe(404);
  const sent = async () => {
    const response = await fetch(workerMetrics, { headers: { Authorization: `Bearer ${deployment.env.METRICS_TOKEN}` } });
    expect(response.status).toBe(200);
    return sampleSum(await response.text(), "tims_emails_total", { result: "sent" });
  };
  await expect.poll(sent, { timeout: 60_000 }).toBeGreaterThanOrEqual(1);
  // nginx keeps /metrics to itself: Prometheus scrapes each process directly.
  expect((await fetch(`${deployment.url}/metrics`, { headers: { Authorization: `Bearer ${deployment.env.METRICS_TOKEN}` } })).status).toBe(404);
});

test("nginx caches the build's assets and fails over when an instance stops", async ({ request }) => {
  const login = await (await request.get(`${deployment.url}/login`)).text();
  const asset = /href="(\/build[^"]*\.css)"/.exec(login)?.[1];
  expect(asset).toBeTruthy();
  const statusOf = async () => (await request.get(`${deployment.url}${asset}`)).headers()["x-cache-status"];
  await statusOf();
  expect(await statusOf()).toBe("HIT");

  // One instance gone (as while it restarts): every page still answers, from the other.
  const state = JSON.parse(fs.readFileSync(path.join(root, dir, "state.json"), "utf8")) as { pids: Record<string, number> };
  const pid = state.pids["web-1"];
  process.kill(pid, "SIGKILL");
  await expect.poll(async () => (await fetch(`http://127.0.0.1:${deployment.webPorts[0]}/healthz`).catch(() => null))?.status ?? "down").toBe("down");
  for (let i = 0; i < 6; i++) expect((await request.get(`${deployment.url}/login`)).status()).toBe(200);
  expect((await request.get(`${deployment.url}/readyz`)).status()).toBe(200);
});
