import { expect, test, type Page } from "@playwright/test";
import { startCluster } from "../../scripts/cluster.mjs";

/**
 * Issue 13, item 12: two web instances and a worker on MariaDB and Redis (scripts/cluster.mjs).
 * A session made on one instance is good on the other; a payment started on one settles on the
 * other; the worker renders and mails the cards; killed mid-PDF, the job finishes after it is
 * restarted; and the daily sweep runs once however many workers start.
 */

interface Proc {
  name: string;
  output: string;
  exited: boolean;
  child: { kill(signal: string): void; once(event: "exit", cb: () => void): void };
}
interface Cluster {
  urls: string[];
  env: Record<string, string>;
  workers: Proc[];
  startWorker(): Promise<Proc>;
  stop(): Promise<void>;
}

test.describe.configure({ mode: "serial" });

let cluster: Cluster;
// The modules, loaded once this process points at the cluster's database.
let db: Awaited<ReturnType<typeof loadModules>>;

async function loadModules() {
  const { makeUser, TEST_PASSWORD } = await import("../factories/users");
  const { pendingPayment, settlePayment } = await import("../factories/payments");
  const { makeRoute, person } = await import("../factories/registrations");
  const { cardNumbersOf } = await import("@modules/registration/index.server");
  const { JobRow } = await import("../../jobs/job-store.server");
  const { sequelize } = await import("../../db/sequelize.server");
  const { closeQueue } = await import("../../jobs/queue.server");
  return { makeUser, TEST_PASSWORD, pendingPayment, settlePayment, makeRoute, person, cardNumbersOf, JobRow, sequelize, closeQueue };
}

test.beforeAll(async () => {
  test.setTimeout(360_000);
  cluster = (await startCluster({ quiet: true, workerEnv: { JOB_LEASE_SECONDS: "3", JOB_POLL_MS: "250", WORKER_CONCURRENCY: "2", PDF_PAGES: "2" } })) as unknown as Cluster;
  // This process writes test data into the cluster's database, and its payments hand their
  // jobs to the cluster's Redis, like a third web instance.
  for (const name of ["DATABASE_URL", "REDIS_URL", "QUEUE_PREFIX", "FILES_DIR", "OUTBOX_DIR", "DATA_DIR", "QR_SIGNING_PRIVATE_KEY", "SESSION_SECRET", "APP_URL"]) process.env[name] = cluster.env[name];
  db = await loadModules();
});

test.afterAll(async () => {
  await db?.closeQueue().catch(() => undefined);
  await db?.sequelize.close().catch(() => undefined);
  await cluster?.stop();
});

const [A, B] = [() => cluster.urls[0], () => cluster.urls[1]];

/** Signs in through instance A's form (the subject here: the session must then work on B). */
async function signInOnA(page: Page, email: string) {
  const answer = await page.request.post(`${A()}/login`, {
    form: { intent: "login", email, password: db.TEST_PASSWORD, redirectTo: "" },
    headers: { Origin: A() },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(302);
}

const mailsIn = async () => {
  const { readdir } = await import("node:fs/promises");
  return (await readdir(cluster.env.OUTBOX_DIR).catch(() => [] as string[])).filter((f) => f.endsWith(".eml"));
};
const mailsTo = async (address: string) => {
  const { readFile } = await import("node:fs/promises");
  const path = await import("node:path");
  const found: string[] = [];
  for (const f of await mailsIn()) {
    const text = await readFile(path.join(cluster.env.OUTBOX_DIR, f), "latin1");
    if (text.includes(`To: ${address}`)) found.push(text);
  }
  return found;
};

test("a session made on one instance is good on the other, and a payment started on A settles on B", async ({ page }) => {
  const payer = await db.makeUser({ userType: 1, fullName: "Cluster Payer" });
  const route = await db.makeRoute("Cluster Trek");
  const email = `cluster-one-${Date.now()}@t.test`;
  const p = await db.pendingPayment(route.id, { payer, trekkers: [db.person("Cluster One", { email })] });

  await signInOnA(page, payer.email);
  await page.goto(`${B()}/account-settings`);
  await expect(page).toHaveURL(`${B()}/account-settings`);
  await expect(page.getByText("Cluster Payer").first()).toBeVisible();

  // Pay on A: the provider (simulated, on A) sends the browser back; a load balancer sends that
  // return to B, which confirms with the provider and settles.
  await page.goto(`${A()}/new-register/${p.regId}/payment`);
  await page.getByRole("button", { name: "Pay with eSewa" }).click();
  await page.waitForURL(/\/sim\/esewa\/session\//);
  // The provider answers the decision with a redirect to our return URL on A (APP_URL); the
  // "load balancer" here sends it to B instead.
  let back = null as URL | null;
  await page.route(/\/sim\/esewa\/decide\//, async (route) => {
    const answer = await route.fetch({ maxRedirects: 0 });
    back = new URL(answer.headers()["location"], A());
    await route.abort();
  });
  await page.locator('button[name="decision"][value="success"]').click();
  await expect.poll(() => back).not.toBeNull();
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await page.goto(`${B()}${back!.pathname}${back!.search}`);
  expect(back!.origin).toBe(A());
  expect(back!.pathname).toBe(`/new-register/${p.regId}/esewa/success`);
  await expect(page.getByTestId("payment-success")).toBeVisible();
  const [card] = await db.cardNumbersOf(p.regId);
  expect(card.cardNumber).not.toBeNull();
  await expect(page.getByTestId("card-numbers")).toContainText(String(card.cardNumber));

  // B queued the card job in its transaction and handed it to Bull; the worker mailed the card.
  await expect.poll(async () => (await mailsTo(email)).length, { timeout: 60_000 }).toBe(1);
});

test("a sign-in throttle is shared: failures on A make B refuse even the right password", async ({ request }) => {
  const user = await db.makeUser({ userType: 1, fullName: "Cluster Throttled" });
  const attempt = (base: string, password: string) =>
    request.post(`${base}/login`, { form: { intent: "login", email: user.email, password, redirectTo: "" }, headers: { Origin: base }, maxRedirects: 0 });
  // LOGIN_FREE_FAILURES (5) wrong passwords on A cost nothing; the next attempt within a second waits.
  for (let i = 0; i < 5; i++) expect([200, 400, 401]).toContain((await attempt(A(), "wrong-password")).status());
  expect((await attempt(B(), db.TEST_PASSWORD)).status()).toBe(429);
});

test("killing the worker mid-PDF: the job finishes after it restarts, and the daily sweep ran once", async () => {
  const route = await db.makeRoute("Cluster Burst");
  const stamp = Date.now();
  const emails = Array.from({ length: 12 }, (_, i) => `burst-${stamp}-${i}@t.test`);
  const p = await db.pendingPayment(route.id, { trekkers: emails.map((email, i) => db.person(`Burst Trekker ${i}`, { email })) });
  const before = ((await db.JobRow.max("id")) as number | null) ?? 0;
  expect(await db.settlePayment(p)).toBe("issued");

  // Wait until the worker is rendering (the row is leased and some, not all, cards are mailed).
  const job = async () => (await db.JobRow.findAll({ where: { name: "cards.issued" } })).find((j) => j.id > before)!;
  const mailed = async () => (await Promise.all(emails.map(mailsTo))).filter((m) => m.length > 0).length;
  await expect.poll(async () => (await job())?.status, { timeout: 60_000, intervals: [50] }).toBe("running");
  const worker = cluster.workers[0];
  const exited = new Promise<void>((resolve) => worker.child.once("exit", resolve));
  worker.child.kill("SIGKILL");
  await exited;
  const mailedAtKill = await mailed();
  expect(mailedAtKill).toBeLessThan(emails.length);

  // Restart it, and start a second worker at the same moment: both tick the schedules.
  await Promise.all([cluster.startWorker(), cluster.startWorker()]);
  await expect.poll(mailed, { timeout: 90_000 }).toBe(emails.length);
  await expect.poll(async () => (await job()).status, { timeout: 30_000 }).toBe("done");
  expect((await job()).attempts).toBe(2);
  // Each card mailed; a card is mailed twice only if the kill fell between its sending and its mark.
  const perCard = await Promise.all(emails.map(async (e) => (await mailsTo(e)).length));
  expect(perCard.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(emails.length + 1);

  // Three worker processes started over the test; the day's sweep is one row, run once.
  const sweeps = await db.JobRow.findAll({ where: { name: "cards.sweep" } });
  expect(sweeps).toHaveLength(1);
  expect(sweeps[0].status).toBe("done");
  const ran = cluster.workers.reduce((n, w) => n + (w.output.match(/\[cards\] sweep \d{4}-\d{2}-\d{2}:/g)?.length ?? 0), 0);
  expect(ran).toBe(1);
  console.log(`[cluster] killed the worker with ${mailedAtKill}/${emails.length} cards mailed; all ${emails.length} mailed after the restart`);
});
