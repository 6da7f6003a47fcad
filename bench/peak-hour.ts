/**
 * A peak season hour at ten times Nepal's busiest (issue 30, item 3), as users make it over HTTP:
 * two web instances behind a load balancer (nginx) and one worker on MariaDB and Redis (scripts/cluster.mjs, deployment mode),
 * optionally on top of a seeded history (bench/seed-scale.ts), for `--minutes`:
 *   - registrations paid across the five gateways (bench/drive/payment.ts), a few failing and a
 *     few paid late (the provider answers "pending" first; reconciliation settles them);
 *   - check-ins at a trail's four checkposts: two thirds scanned on /scan, a third sent as offline
 *     batches to /scan/sync, some refused (cancelled cards), some repeated;
 *   - staff sessions (board and agencies) browsing lists with filters and search, the dashboard,
 *     billing, exports, and one chalan push to the ERP;
 *   - trekkers opening their card page.
 * Arrivals are paced evenly over the period whatever the answers take (an open system, as real
 * users arrive). It prints p50/p95/p99 per page kind, per job kind (jobs table: queued to done),
 * errors, the longest wait from a payment to its cards' e-mails, each process's CPU use (which
 * resource ran out), and the ledger check at the end. Figures, not a test.
 *
 *   npm run build && npx tsx bench/peak-hour.ts [--minutes 10] [--scale 1] [--history 1000000] [--seeded] [--ports 3600,3601]
 *     [--costs 12] [--profile] [--no-ledger] [--balancer-port 3602]
 *
 * --scale multiplies the issue's counts (600 registrations of three trekkers, 6,000 check-ins,
 * 100 staff sessions of 60 pages, 50 trekkers opening their card 30 times), spread over --minutes:
 * the issue's rates are --scale = minutes / 10 (5 minutes: --scale 0.5); --history 0 runs on an
 * empty database. --profile has each
 * process write a V8 CPU profile and prints what each spent its CPU on (bench/drive/profile.ts);
 * --no-ledger skips the ledger check at the end (minutes at 1M) on a run made to find a cost.
 * --costs [runs] measures each operation's CPU alone before the hour (bench/drive/page-costs.ts)
 * and prints, after it, what the hour's count of each asked of the machine.
 * The seeded history is kept after the run (with the hour's writes) for the next `--seeded` one.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { startCluster } from "../scripts/cluster.mjs";
import { ledgerCheck } from "./drive/ledger";
import { Client, formsOf, whereTimeWent, type Hop } from "./drive/client";
import { GATEWAYS, payOverHttp } from "./drive/payment";
import { cpuSampler } from "./drive/cpu";
import { profileLines, profileOf } from "./drive/profile";
import { lockSampler } from "./drive/lock-waits";
import { startBalancer } from "./drive/balancer";
import { arg, ensureBufferPool, percentile } from "./support";
import { costLines, measureCosts, type Operation, type OperationCost } from "./drive/page-costs";

const MINUTES = Number(arg("minutes", "10"));
const SCALE = Number(arg("scale", "1"));
const HISTORY = Number(arg("history", "1000000"));
const PORTS = arg("ports", "3600,3601").split(",").map(Number);
// Every user reaches the instances through a load balancer (nginx, round robin), as in a deployment.
const BALANCER = `http://127.0.0.1:${arg("balancer-port", "3602")}`;
const PERIOD_MS = MINUTES * 60_000;
const n = (full: number) => Math.max(1, Math.round(full * SCALE));
const PROFILE = process.argv.includes("--profile");
const LEDGER = !process.argv.includes("--no-ledger");
// --costs: before the hour, each operation's CPU measured alone (bench/drive/page-costs.ts), that many runs of each.
const COST_RUNS = process.argv.includes("--costs") ? Number(arg("costs", "12")) || 12 : 0;
const COUNTS = { registrations: n(600), checkins: n(6000), staff: n(100), trekkers: n(50) };

// The users' passwords hashed at scrypt N=1024 (the browser tests' cost), here and in the cluster
// (which inherits this process's environment): at the production 2^17, hashing and checking the
// 750 users' passwords took the ten minutes of preparation, and sign-ins are not the hour's work.
process.env.PASSWORD_SCRYPT_N ??= "1024";

const historyDb = "tims_peak_history";
if (HISTORY > 0) await ensureBufferPool("mysql://root@127.0.0.1:3306");
// --seeded: the history database is already there (a seed-scale run of its own); not seeded again.
if (HISTORY > 0 && !process.argv.includes("--seeded")) {
  console.log(`Seeding the history: ${HISTORY.toLocaleString("en")} trekkers (bench/seed-scale.ts)…`);
  execFileSync("npx", ["tsx", "bench/seed-scale.ts", "--trekkers", String(HISTORY), "--url", `mysql://root@127.0.0.1:3306/${historyDb}`], { stdio: "inherit" });
}
// The history's day began long before its peak: the nightly ledger check (00:50 Nepal time) ran
// then, not in the hour. On a database seeded just now that day's run is due, and the worker would
// start it at once, a few minutes of the database's CPU in the hour's first minutes; it is marked
// made here, and the bench runs the same check itself at the end.
if (HISTORY > 0) {
  const { Sequelize } = await import("sequelize");
  const { scheduleKey } = await import("../jobs/daily-cron");
  const { ledgerSchedule } = await import("../modules/ledger");
  const db = new Sequelize(`mysql://root@127.0.0.1:3306/${historyDb}`, { logging: false });
  const key = scheduleKey(ledgerSchedule);
  await db.query(
    "INSERT INTO jobs (name, data, `key`, status, attempts, maxAttempts, runAt, finishedAt, createdAt, updatedAt) VALUES (?, '{}', ?, 'done', 1, 1, NOW(), NOW(), NOW(), NOW()) ON DUPLICATE KEY UPDATE status = 'done', finishedAt = NOW()",
    { replacements: [ledgerSchedule.job, key] },
  );
  await db.close();
}
const profileDir = path.resolve("test-results", `peak-profiles-${Date.now().toString(36)}`);
const cluster = await startCluster({
  ports: PORTS,
  quiet: true,
  database: HISTORY > 0 ? historyDb : undefined,
  // STATEMENT_TIMING: each answer says how long the server handled it and its SQL took (Server-Timing),
  // so a slow page kind is put down to the database, the handler's own work, or the wait before it.
  env: {
    ERP_URL: `http://127.0.0.1:${PORTS[0]}/sim/erp`,
    ERP_API_KEY: "dev-erp-api-key-not-real",
    STATEMENT_TIMING: "1",
    APP_URL: BALANCER,
    // A profile is written when the process exits; the cluster's stop kills what has not within
    // 10 s, the deployment's drain time: no drain, so the exit comes first.
    ...(PROFILE ? { SHUTDOWN_DRAIN_SECONDS: "0" } : {}),
  },
  nodeFlags: PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
});
for (const name of ["DATABASE_URL", "REDIS_URL", "QUEUE_PREFIX", "FILES_DIR", "OUTBOX_DIR", "DATA_DIR", "QR_SIGNING_PRIVATE_KEY", "SESSION_SECRET", "APP_URL"])
  process.env[name] = cluster.env[name];

const balancer = await startBalancer(Number(new URL(BALANCER).port), cluster.urls);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const errors: string[] = [];
const clients: Client[] = [];
const client = () => {
  const c = new Client(balancer.url);
  clients.push(c);
  return c;
};

/** `count` arrivals spread evenly over the period, each started on time whatever the others take. */
async function paced(count: number, op: (i: number) => Promise<void>, offsetMs = 0): Promise<void> {
  const start = performance.now() + offsetMs;
  const running: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const due = start + (i * PERIOD_MS) / count;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    running.push(op(i).catch((error) => void errors.push(String((error as Error).message ?? error).slice(0, 300))));
  }
  await Promise.all(running);
}

try {
  (await import("../app/composition.server")).composeApp();
  const { makeUser, makeRoleUser } = await import("../tests/factories/users");
  const { makeRegistration, person } = await import("../tests/factories/registrations");
  const { makeTrail, makeCheckpostAt, trailCards } = await import("../tests/factories/checkins");
  const { inDays } = await import("../tests/factories/dates");
  const { applyCardAction } = await import("../modules/cards/index.server");
  const { sequelize } = await import("../db/sequelize.server");
  const { QueryTypes } = await import("sequelize");
  const select = <T extends object>(sql: string, replacements?: unknown[]) => sequelize.query<T>(sql, { type: QueryTypes.SELECT, replacements });

  console.log(`Preparing: ${COUNTS.registrations} registrations to pay, ${COUNTS.checkins} check-ins, ${COUNTS.staff} staff, ${COUNTS.trekkers} trekkers…`);
  const prepStarted = performance.now();
  // The trail and its four checkposts; cards on it valid today (each checked in at up to four posts).
  const trail = await makeTrail(0);
  const posts = [trail.checkpost, ...(await Promise.all(trail.points.slice(1).map((p) => makeCheckpostAt(trail.route.id, p.id))))];
  const board = await makeRoleUser("ntb");
  const cardsNeeded = Math.ceil(COUNTS.checkins / posts.length / 0.9);
  const cards: Awaited<ReturnType<typeof trailCards>> = [];
  const agencies = await Promise.all(
    [0, 1, 2].map((i) =>
      makeUser({
        userType: 2,
        fullName: `Peak Agency ${i}`,
        organizationName: `Peak Treks ${i}`,
        isDocumentUploaded: true,
        isVerified: true,
        isApproved: true,
      } as never),
    ),
  );
  while (cards.length < cardsNeeded)
    cards.push(...(await trailCards(trail.route.id, { count: 20, entry: inDays(0), exit: inDays(6), owner: agencies[cards.length % 3] })));
  // One card in twenty is cancelled: its scans are refused.
  const refused = new Set<number>();
  for (const c of cards.filter((_, i) => i % 20 === 7)) {
    await applyCardAction(board, "cancel", c.trekkerId, "Cancelled by the agency");
    refused.add(c.trekkerId);
  }

  // The payers: free trekkers and agencies, each registration of three trekkers with their own e-mail addresses.
  const payer = async (i: number) => {
    const owner = i % 3 === 0 ? agencies[i % 3] : await makeUser({ userType: 1, fullName: `Peak Payer ${i}` });
    const emails = [0, 1, 2].map((k) => `peak-${i}-${k}@bench.test`);
    const { regId } = await makeRegistration(owner, trail.route.id, {
      trekkers: emails.map((email, k) => person(`Peak Trekker ${i} ${k}`, { email, passportNumber: `PK${i}X${k}` })),
      priced: true,
    });
    const c = client();
    await c.signIn(owner.email, owner.password);
    return { client: c, regId, emails };
  };
  const payers: { client: Client; regId: number; emails: string[] }[] = [];
  for (let i = 0; i < COUNTS.registrations; i++) payers.push(await payer(i));
  // Staff: the board and the agencies' users, each signed in once.
  const staff: { client: Client; role: "board" | "agency" }[] = [];
  for (let i = 0; i < COUNTS.staff; i++) {
    const role = i % 2 === 0 ? "board" : "agency";
    const user = role === "board" ? await makeRoleUser("ntb") : agencies[i % 3];
    const c = client();
    await c.signIn(user.email, user.password);
    staff.push({ client: c, role });
  }
  const postClients = await Promise.all(
    posts.map(async (p) => {
      const c = client();
      await c.signIn(p.email, p.password);
      return c;
    }),
  );
  const trekkers: { client: Client; trekkerId: number }[] = [];
  for (let i = 0; i < COUNTS.trekkers; i++) {
    const fit = await makeUser({ userType: 1, fullName: `Peak Card Holder ${i}` });
    const [card] = await trailCards(trail.route.id, { count: 1, entry: inDays(1), exit: inDays(6), owner: fit });
    const c = client();
    await c.signIn(fit.email, fit.password);
    trekkers.push({ client: c, trekkerId: card.trekkerId });
  }
  // A search word staff type: a name the seeded history holds, else one of the trail's.
  const [sample] = await select<{ fullName: string }>("SELECT fullName FROM trekkers WHERE deletedAt IS NULL ORDER BY id LIMIT 1 OFFSET 1000");
  const word = (sample?.fullName ?? cards[0].fullName).split(" ").pop() ?? "Walker";
  // The pages staff load.
  const today = new Date().toISOString().slice(0, 10);
  const boardPages = [
    ["dashboard", "/dashboard"],
    ["list: trekkers", "/trekkers"],
    ["list: trekkers, name search", `/trekkers?username=${encodeURIComponent(word)}`],
    ["list: trekkers, filters", `/trekkers?tab=trekkers&trekkingArea=${trail.route.id}&startDate=${inDays(-30)}&endDate=${today}`],
    ["list: billing", "/billing"],
    ["list: vouchers", "/requests/vouchers?status=Pending"],
    // Pages the board may open (/tims-cards and /trekkers/scanned are a free trekker's and a checkpost's: 403).
    ["list: deleted trekkers", "/deleted-trekkers"],
    ["list: self check-ins", "/self-scan-trekkers"],
    ["export: trekkers CSV", `/trekkers/export?trekkingArea=${trail.route.id}`],
    ["export: billing CSV", `/billing/export?startDate=${inDays(-7)}&endDate=${today}`],
  ] as const;
  const agencyPages = [
    ["list: trekkers (agency)", "/trekkers"],
    ["list: trekkers, name search (agency)", `/trekkers?username=Walker`],
    ["list: billing (agency)", "/billing"],
    ["export: trekkers CSV (agency)", "/trekkers/export"],
  ] as const;

  /** A checkpost's typed check-in without JavaScript: the scan page, the typed card's form, the trekker it shows. */
  const typedCheckIn = async (c: Client, card: (typeof cards)[number]) => {
    const page = await c.go("/scan", () => "scan page");
    const form = formsOf(page.html, page.url).find((f) => f.fields.some(([k, v]) => k === "intent" && v === "typed"));
    if (!form) throw new Error(`no typed-card form on /scan (${page.status})`);
    const answer = await c.submit(form, (u) => (u.pathname.startsWith("/scanned-trekker") ? "scanned trekker" : "scan (typed card)"), undefined, {
      cardNumber: String(card.cardNumber),
      passport: card.passport,
    });
    if (answer.status >= 500) throw new Error(`scan answered ${answer.status}`);
  };
  /** A checkpost's offline batch of scanned QR codes, sent to /scan/sync as the phone does when back online. */
  const sendBatch = async (id: string, post: number, batch: (typeof cards)[number][]) => {
    const body = JSON.stringify({
      scannerId: posts[post].id,
      checkins: batch.map((card, k) => ({ clientId: `${id}-${k}-${card.trekkerId}`, qr: card.qr, method: "qr", scannedAt: new Date().toISOString() })),
    });
    const answer = await postClients[post].request("offline batch (/scan/sync)", new URL("/scan/sync", balancer.url).toString(), {
      method: "POST",
      body,
      headers: { "content-type": "application/json" },
    });
    if (answer.status !== 200) throw new Error(`offline batch answered ${answer.status}: ${(await answer.text()).slice(0, 200)}`);
  };

  // --costs: each operation alone, before the hour, on cards and payers of its own.
  let costs: OperationCost[] = [];
  if (COST_RUNS) {
    console.log(`Measuring each operation's CPU alone (${COST_RUNS} runs each)…`);
    const costCards = await trailCards(trail.route.id, { count: 20, entry: inDays(0), exit: inDays(6), owner: agencies[0] });
    const costPayers: Awaited<ReturnType<typeof payer>>[] = [];
    for (let i = 0; i <= COST_RUNS; i++) costPayers.push(await payer(100_000 + i));
    const workIdle = async () => {
      for (const until = Date.now() + 120_000; Date.now() < until; await sleep(250)) {
        const [{ n }] = await select<{ n: number }>("SELECT COUNT(*) AS n FROM jobs WHERE finishedAt IS NULL AND runAt <= NOW()");
        if (Number(n) === 0) return;
      }
    };
    const board = staff.find((s) => s.role === "board")!.client;
    const agency = staff.find((s) => s.role === "agency")!.client;
    const page = (c: Client, kind: string, url: string): Operation => ({
      kind,
      run: async () => {
        const answer = await c.go(url, () => kind);
        if (answer.status !== 200) throw new Error(`${kind} answered ${answer.status}`);
      },
    });
    const operations: Operation[] = [
      {
        kind: "payment (all its pages; cards, PDFs, e-mails)",
        run: async (i) => void (await payOverHttp(costPayers[i + 1].client, costPayers[i + 1].regId, GATEWAYS[(i + 1) % GATEWAYS.length])),
        settle: workIdle,
      },
      { kind: "typed check-in (3 pages)", run: async (i) => typedCheckIn(postClients[(i + 4) % 4], costCards[(i + 1) % costCards.length]) },
      { kind: "offline batch (/scan/sync)", run: async (i) => sendBatch(`cost-${i}`, (i + 4) % 4, costCards) },
      page(trekkers[0].client, "card page (trekker)", `/tims-cards/${trekkers[0].trekkerId}`),
      ...boardPages.map(([kind, url]) => page(board, kind, url)),
      ...agencyPages.map(([kind, url]) => page(agency, kind, url)),
    ];
    costs = await measureCosts(
      operations,
      { web: cluster.webs.map((w: { child: { pid: number } }) => w.child.pid), worker: cluster.workers.map((w: { child: { pid: number } }) => w.child.pid) },
      COST_RUNS,
    );
  }
  console.log(`Prepared in ${((performance.now() - prepStarted) / 1000).toFixed(0)} s. Running for ${MINUTES} min…`);
  for (const c of clients) c.hops.length = 0; // sign-ins and the costs' runs are not the hour's work

  // The clients' own event loop: a page's time as measured here includes any wait of this process
  // before it read the answer, which the split below would put on the web process.
  const locks = await lockSampler(cluster.env.DATABASE_URL);
  const clientLag = monitorEventLoopDelay({ resolution: 10 });
  clientLag.enable();
  const cpu = cpuSampler({
    "web-1": cluster.webs[0].child.pid,
    "web-2": cluster.webs[1]?.child.pid,
    worker: cluster.workers[0].child.pid,
    "bench (clients)": process.pid,
  });
  const t0 = Date.now();
  const paidAt = new Map<number, number>();
  const outcomes = { paid: 0, failed: 0, late: 0 };

  const payments = paced(COUNTS.registrations, async (i) => {
    const p = payers[i];
    // One in twenty fails at the provider; one in twenty is answered "pending" first (a late callback).
    const decision = i % 20 === 5 ? "failure" : i % 20 === 11 ? "delayed" : "success";
    const end = await payOverHttp(p.client, p.regId, GATEWAYS[i % GATEWAYS.length], decision);
    if (end.status >= 500) throw new Error(`payment ${i} ended with ${end.status} at ${end.url}`);
    if (decision === "failure") outcomes.failed++;
    else if (/success/.test(end.url)) {
      outcomes.paid++;
      paidAt.set(i, Date.now());
    } else outcomes.late++;
  });

  // Check-ins: card c at post (c mod 4) first, then the next posts; a twentieth repeated at once.
  let scanned = 0;
  const scanOrder = Array.from({ length: COUNTS.checkins }, (_, i) => ({ card: cards[i % cards.length], post: Math.floor(i / cards.length) % posts.length }));
  const batches: (typeof scanOrder)[] = [];
  const live: typeof scanOrder = [];
  scanOrder.forEach((s, i) => (i % 3 === 2 ? ((batches.at(-1)?.length ?? 20) < 20 ? batches.at(-1)!.push(s) : batches.push([s])) : live.push(s)));
  const scanLive = paced(live.length, async (i) => {
    const { card, post } = live[i];
    const c = postClients[post];
    for (let repeat = 0; repeat < (i % 20 === 3 ? 2 : 1); repeat++) {
      await typedCheckIn(c, card);
      scanned++;
    }
  });
  const scanBatches = paced(batches.length, async (i) => {
    const batch = batches[i];
    // Sent twice when the connection dropped before the answer (one in five): recorded once.
    for (let repeat = 0; repeat < (i % 5 === 0 ? 2 : 1); repeat++) {
      await sendBatch(
        `peak-${i}`,
        batch[0].post,
        batch.map((s) => s.card),
      );
      scanned += batch.length;
    }
  });

  // A page every ten seconds per session over the issue's ten minutes: 60 a session, whatever
  // --minutes, so that --scale (the share of the hour's work) sets every rate alike.
  const visits = COUNTS.staff * 60;
  const browsing = paced(visits, async (i) => {
    const s = staff[i % staff.length];
    const pages = s.role === "board" ? boardPages : agencyPages;
    const [kind, url] = pages[Math.floor(i / staff.length) % pages.length];
    const page = await s.client.go(url, () => kind);
    if (page.status !== 200) throw new Error(`${kind} answered ${page.status}`);
  });
  // One chalan push of yesterday's sales, a third of the way in.
  const chalan = (async () => {
    await sleep(PERIOD_MS / 3);
    const yesterday = inDays(-1);
    const page = await staff[0].client.go(`/chalan/generate?startDate=${yesterday}&endDate=${yesterday}`, () => "chalan: confirm");
    const form = formsOf(page.html, page.url).find((f) => f.method === "POST");
    if (!form) throw new Error(`no chalan confirmation form (${page.status})`);
    const started = await staff[0].client.submit(form, () => "chalan: start push", form.buttons[0]);
    if (started.status !== 200) throw new Error(`chalan push answered ${started.status}`);
  })().catch((error) => void errors.push(`chalan: ${String(error)}`));
  const cardViews = paced(COUNTS.trekkers * 30, async (i) => {
    const t = trekkers[i % trekkers.length];
    const page = await t.client.go(`/tims-cards/${t.trekkerId}`, () => "card page (trekker)");
    if (page.status !== 200) throw new Error(`card page answered ${page.status}`);
  });

  await Promise.all([payments, scanLive, scanBatches, browsing, chalan, cardViews]);
  const ranFor = (Date.now() - t0) / 1000;
  // The e-mails of the cards paid: wait for them (up to five minutes) and take the longest wait.
  const wanted = new Map<string, number>();
  for (const [i, at] of paidAt) for (const e of payers[i].emails) wanted.set(e, at);
  const mailedAt = new Map<string, number>();
  const outbox = cluster.env.OUTBOX_DIR;
  const mailDeadline = Date.now() + 5 * 60_000;
  while (mailedAt.size < wanted.size && Date.now() < mailDeadline) {
    for (const file of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
      if (!file.endsWith(".eml")) continue;
      const full = path.join(outbox, file);
      const head = fs.readFileSync(full, "utf8").slice(0, 4000);
      const to = /^To: .*?([\w.+-]+@bench\.test)/im.exec(head)?.[1];
      if (to && wanted.has(to) && !mailedAt.has(to)) mailedAt.set(to, fs.statSync(full).mtimeMs);
    }
    if (mailedAt.size < wanted.size) await sleep(2000);
  }
  const cpuUse = cpu.stop();
  clientLag.disable();
  const lockLines = await locks.stop();

  // Jobs: queued to done per kind, for the jobs the hour created.
  const jobs = await select<{ name: string; status: string; ms: number | null }>(
    "SELECT name, status, TIMESTAMPDIFF(MICROSECOND, createdAt, finishedAt) / 1000 AS ms FROM jobs WHERE createdAt >= ?",
    [new Date(t0)],
  );
  await sequelize.close();
  const ledger = LEDGER ? ledgerCheck(cluster.env) : "not run (--no-ledger)";

  const line = (label: string, ms: number[], extra = "") =>
    `${label.padEnd(40)} n=${String(ms.length).padStart(5)}  p50 ${percentile(ms, 50).toFixed(0).padStart(5)}  p95 ${percentile(ms, 95).toFixed(0).padStart(5)}  p99 ${percentile(ms, 99).toFixed(0).padStart(6)} ms${extra}`;
  const hops: Hop[] = clients.flatMap((c) => c.hops);
  console.log(
    `\nPeak hour: ${MINUTES} min (ran ${ranFor.toFixed(0)} s), history ${HISTORY.toLocaleString("en")} trekkers, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  console.log(
    `payments: ${outcomes.paid} paid, ${outcomes.late} pending at first (late), ${outcomes.failed} failed at the provider; check-ins sent: ${scanned} (${refused.size} cancelled cards among ${cards.length})`,
  );
  console.log("\nPages (ms, as the client waited; then, for its slowest twentieth, where the time went):");
  for (const kind of [...new Set(hops.map((h) => h.kind))].sort()) {
    const mine = hops.filter((h) => h.kind === kind);
    const bad = mine.filter((h) => h.status >= 500).length;
    console.log(
      line(
        kind,
        mine.map((h) => h.ms),
        `${bad ? `  ${bad} × 5xx` : ""}  ${whereTimeWent(mine)}`,
      ),
    );
  }
  console.log("\nJobs (queued to done, ms):");
  for (const name of [...new Set(jobs.map((j) => j.name))].sort()) {
    const mine = jobs.filter((j) => j.name === name);
    const done = mine.filter((j) => j.ms !== null).map((j) => Number(j.ms));
    const notDone = mine.length - done.length;
    console.log(line(name, done, notDone ? `  ${notDone} not done (${[...new Set(mine.filter((j) => j.ms === null).map((j) => j.status))].join(", ")})` : ""));
  }
  const waits = [...mailedAt].map(([e, at]) => (at - wanted.get(e)!) / 1000);
  console.log(
    `\nCard e-mails: ${mailedAt.size} of ${wanted.size} sent; longest wait after payment ${waits.length ? Math.max(...waits).toFixed(0) : "-"} s, p95 ${percentile(waits, 95).toFixed(0)} s`,
  );
  // The histogram holds each 10 ms timer's whole interval: the lateness is what passes 10 ms.
  const lagMs = (p: number) => Math.max(0, clientLag.percentile(p) / 1e6 - 10).toFixed(0);
  console.log(
    `\nThe clients' event loop (this process) was late by p50 ${lagMs(50)} ms, p99 ${lagMs(99)} ms, at most ${Math.max(0, clientLag.max / 1e6 - 10).toFixed(0)} ms: that much of each "before" is the clients', not the web process's.`,
  );
  console.log("\nCPU (share of one core, average over the hour):");
  for (const [name, share] of cpuUse) console.log(`  ${name.padEnd(20)} ${(share * 100).toFixed(0).padStart(4)} %`);
  console.log("\nThe database's transactions and row locks (sampled four times a second):");
  for (const l of lockLines) console.log(`  ${l}`);
  if (costs.length) {
    const hourCount = (kind: string) =>
      kind.startsWith("payment")
        ? COUNTS.registrations
        : kind.startsWith("typed check-in")
          ? hops.filter((h) => h.kind === "scan (typed card)").length
          : hops.filter((h) => h.kind === kind).length;
    console.log("\nEach operation's CPU measured alone before the hour (ms per operation), and what the hour's count of it asks of the machine (cores):");
    for (const l of costLines(costs, hourCount, PERIOD_MS / 1000, os.cpus().length)) console.log(`  ${l}`);
  }
  console.log(`\nErrors: ${errors.length}`);
  for (const e of [...new Set(errors)].slice(0, 15)) console.log(`  ${e}`);
  console.log(`\nLedger check: ${ledger}`);
} finally {
  const pids: Record<string, number | undefined> = Object.fromEntries([...cluster.webs, ...cluster.workers].map((p) => [p.name, p.child.pid]));
  // A seeded history took minutes to load: kept for the next --seeded run.
  await balancer.stop();
  await cluster.stop({ keepDatabase: HISTORY > 0 });
  if (PROFILE) {
    console.log("\nWhat each process spent its CPU on (V8 profiles, self time):");
    for (const [name, pid] of Object.entries(pids)) {
      const file = profileOf(profileDir, pid);
      console.log(file ? profileLines(name, file).join("\n") : `${name}: no profile written`);
    }
  }
}
