/**
 * A peak-season burst: 1,000 cards issued at once (an agency's groups on a spring morning: 100
 * registrations of 10 trekkers, each paid), then the time until every card's PDF is rendered and
 * its e-mail sent, with one worker and with two (scripts/cluster.mjs on MariaDB and Redis, a
 * fresh database per run). The payments settle from this process as from a web instance: each
 * settle commits its card job and hands it to Bull. Run after `npx remix build` is not needed
 * (no web instance serves here).
 *
 * With --kill, the first worker is killed (SIGKILL) once half the cards are mailed and a new one
 * is started at once: the run then also counts what was lost (cards never mailed, failed jobs)
 * and what was done twice (e-mails in the outbox beyond one a card).
 *
 *   npx tsx bench/card-burst.ts [--registrations 100] [--trekkers 10] [--workers 1,2] [--kill] [--json]
 */
import { performance } from "node:perf_hooks";
import { arg } from "./support";
import { startCluster } from "../scripts/cluster.mjs";

const REGISTRATIONS = Number(arg("registrations", "100"));
const TREKKERS = Number(arg("trekkers", "10"));
const WORKER_COUNTS = arg("workers", "1,2").split(",").map(Number);
const KILL = process.argv.includes("--kill");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Run {
  workers: number;
  cards: number;
  /** From the first settle to every card PDF rendered and e-mailed. */
  seconds: number;
  mailed: number;
  firstMailSeconds: number;
  /** With --kill: when the worker was killed, and what the burst lost or did twice. */
  killedAtSeconds?: number;
  lost?: number;
  failedJobs?: number;
  extraMails?: number;
}

/** E-mails in the cluster's outbox. */
async function outboxCount(dir: string): Promise<number> {
  const { readdir } = await import("node:fs/promises");
  return (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(".eml")).length;
}

/** One run (in its own process): a fresh cluster with `workers` workers, the burst, the wait. */
async function run(workers: number): Promise<Run> {
  const cluster = await startCluster({ quiet: true, ports: [], workers });
  try {
    const res = await fetchModules(cluster.env);
    const { makeUser, pendingPayment, settlePayment, makeRoute, person, CardPdf, Op } = res;
    const route = await makeRoute("Burst Trek");
    const agency = await makeUser({
      userType: 2,
      fullName: "Spring Treks",
      organizationName: "Spring Treks",
      isDocumentUploaded: true,
      isVerified: true,
      isApproved: true,
    });
    const payments: Awaited<ReturnType<typeof pendingPayment>>[] = [];
    for (let r = 0; r < REGISTRATIONS; r++) {
      const trekkers = Array.from({ length: TREKKERS }, (_, t) => person(`Burst ${r}-${t}`, { email: `burst-${r}-${t}@bench.test` }));
      payments.push(await pendingPayment(route.id, { payer: agency, trekkers }));
    }
    const cards = REGISTRATIONS * TREKKERS;
    const t0 = performance.now();
    // All at once: ten settles in flight at a time, as many web requests would.
    let i = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (i < payments.length) await settlePayment(payments[i++]);
      }),
    );
    let firstMail = 0;
    let killedAt = 0;
    for (;;) {
      const mailed = await CardPdf.count({ where: { emailedAt: { [Op.ne]: null } } });
      if (mailed > 0 && !firstMail) firstMail = performance.now();
      if (KILL && !killedAt && mailed >= cards / 2) {
        // Half-way: the first worker dies mid-job (SIGKILL, no clean-up) and a new one starts.
        killedAt = performance.now();
        const victim = cluster.workers[0];
        const gone = new Promise((resolve) => victim.child.once("exit", resolve));
        victim.child.kill("SIGKILL");
        await gone;
        console.error(`[burst] killed ${victim.name} with ${mailed}/${cards} cards mailed; starting a new worker`);
        await cluster.startWorker();
      }
      if (mailed >= cards) {
        const result: Run = { workers, cards, seconds: (performance.now() - t0) / 1000, mailed, firstMailSeconds: (firstMail - t0) / 1000 };
        if (KILL) {
          const ready = await CardPdf.count({ where: { emailedAt: { [Op.ne]: null }, status: "ready" } });
          const [rows] = await res.sequelize.query("SELECT COUNT(*) AS n FROM jobs WHERE status = 'failed'");
          Object.assign(result, {
            killedAtSeconds: (killedAt - t0) / 1000,
            lost: cards - ready,
            failedJobs: Number((rows as { n: number }[])[0].n),
            extraMails: (await outboxCount(cluster.env.OUTBOX_DIR)) - cards,
          });
        }
        return result;
      }
      if (performance.now() - t0 > 20 * 60_000) throw new Error(`only ${mailed} of ${cards} cards mailed after 20 minutes`);
      await sleep(250);
    }
  } finally {
    await closeModules();
    await cluster.stop();
  }
}

let loaded: Awaited<ReturnType<typeof load>> | null = null;
async function load() {
  const { makeUser } = await import("../tests/factories/users");
  const { pendingPayment, settlePayment } = await import("../tests/factories/payments");
  const { makeRoute, person } = await import("../tests/factories/registrations");
  // A process entry: db/ and jobs/ get the modules' migrations, seeds and jobs from the composition root (ADR 0045).
  (await import("../app/composition.server")).composeApp();
  const { sequelize } = await import("../db/sequelize.server");
  const { closeQueue } = await import("../jobs/queue.server");
  const { Op } = await import("sequelize");
  const CardPdf = sequelize.models.CardPdf;
  return { makeUser, pendingPayment, settlePayment, makeRoute, person, sequelize, closeQueue, CardPdf, Op };
}

/** This process talks to the cluster's database and Redis; config is read once, so runs share one connection target per process. */
async function fetchModules(env: Record<string, string>) {
  if (loaded) throw new Error("one run per process: the database connection is set at import");
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
  ])
    process.env[name] = env[name];
  loaded = await load();
  return loaded;
}

async function closeModules() {
  await loaded?.closeQueue().catch(() => undefined);
  await loaded?.sequelize.close().catch(() => undefined);
}

// Each run needs its own process (the database URL is fixed when the modules load): the parent
// runs itself once per worker count with --one.
const one = arg("one", "");
if (one) {
  const result = await run(Number(one));
  console.log(`RESULT ${JSON.stringify(result)}`);
} else {
  const { execFileSync } = await import("node:child_process");
  const results: Run[] = [];
  for (const workers of WORKER_COUNTS) {
    const out = execFileSync(
      process.execPath,
      [
        "--import",
        "tsx",
        import.meta.filename,
        "--one",
        String(workers),
        "--registrations",
        String(REGISTRATIONS),
        "--trekkers",
        String(TREKKERS),
        ...(KILL ? ["--kill"] : []),
      ],
      {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const line = out.split("\n").find((l) => l.startsWith("RESULT "));
    if (!line) throw new Error(`no result from the ${workers}-worker run`);
    results.push(JSON.parse(line.slice(7)));
  }
  if (process.argv.includes("--json")) console.log(JSON.stringify(results));
  else {
    console.log(`${REGISTRATIONS * TREKKERS} cards issued at once (${REGISTRATIONS} registrations of ${TREKKERS}), until every PDF is rendered and e-mailed:`);
    for (const r of results) {
      const kill =
        r.killedAtSeconds === undefined
          ? ""
          : `; worker killed at ${r.killedAtSeconds.toFixed(1)} s: ${r.lost} cards lost, ${r.failedJobs} jobs failed, ${r.extraMails} e-mails sent twice`;
      console.log(
        `  ${r.workers} worker(s): ${r.seconds.toFixed(1)} s (${(r.cards / r.seconds).toFixed(1)} cards/s; first e-mail after ${r.firstMailSeconds.toFixed(1)} s${kill})`,
      );
    }
  }
}
