// More than one machine, on one machine: two web instances and one worker on MariaDB and Redis,
// in deployment mode (every DEPLOYMENT_SETTING set), sharing the database, Redis, the files
// volume and the outbox. `node scripts/cluster.mjs` runs it until Ctrl-C (after `npx remix
// build`); tests/cluster/ and bench/ import startCluster() to drive and kill its processes.
//
//   CLUSTER_DATABASE_URL  server to create a fresh database on (default mysql://root@127.0.0.1:3306)
//   REDIS_URL             default redis://127.0.0.1:6379
//   CLUSTER_PORTS         web ports, default 3200,3201
//   CLUSTER_WORKERS       default 1
import { execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SERVER_NODE_FLAGS } from "./node-flags.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A child process whose output is kept (and tee'd to a log file) so tests can read it. */
function launch(name, command, args, env, logDir) {
  const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  const log = fs.createWriteStream(path.join(logDir, `${name}.log`), { flags: "a" });
  const proc = { name, child, output: "", exited: false };
  for (const stream of [child.stdout, child.stderr]) {
    stream.on("data", (chunk) => {
      proc.output += chunk;
      log.write(chunk);
    });
  }
  child.on("exit", (code, signal) => {
    proc.exited = true;
    log.write(`\n[cluster] ${name} exited (${signal ?? code})\n`);
  });
  return proc;
}

async function waitFor(what, check, timeoutMs) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch (error) {
      if (error.fatal) throw error;
      // not up yet
    }
    if (Date.now() > end) throw new Error(`[cluster] ${what} did not come up within ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

/**
 * Starts the cluster on a fresh database (dropped again by stop()). Returns the processes and
 * what a test needs: the instances' URLs, the environment they share, and ways to kill and
 * restart workers.
 */
export async function startCluster(opts = {}) {
  const server = new URL(opts.databaseServer ?? process.env.CLUSTER_DATABASE_URL ?? "mysql://root@127.0.0.1:3306");
  const redisUrl = opts.redisUrl ?? process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
  const ports = opts.ports ?? (process.env.CLUSTER_PORTS ?? "3200,3201").split(",").map(Number);
  const id = `${Date.now().toString(36)}${crypto.randomBytes(2).toString("hex")}`;
  // opts.database: an existing database (a seeded history, bench/peak-hour.ts) instead of a fresh one.
  const dbName = opts.database ?? `tims_cluster_${id}`;
  const dataDir = path.resolve(root, opts.dataDir ?? `test-results/cluster-${id}`);
  const logDir = path.join(dataDir, "logs");
  fs.mkdirSync(logDir, { recursive: true });

  const mysql = await import("mysql2/promise");
  const admin = () =>
    mysql.createConnection({
      host: server.hostname,
      port: Number(server.port || 3306),
      user: decodeURIComponent(server.username || "root"),
      password: decodeURIComponent(server.password),
    });
  if (!opts.database) {
    const conn = await admin();
    await conn.query(`CREATE DATABASE \`${dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await conn.end();
  }
  const databaseUrl = new URL(`/${dbName}`, server).toString();

  const qrKey = crypto.generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const urls = ports.map((p) => `http://127.0.0.1:${p}`);
  const env = {
    ...process.env,
    NODE_ENV: "production",
    VITE_CJS_IGNORE_WARNING: "true",
    // The deployment settings (lib/config.server.ts DEPLOYMENT_SETTINGS), shared by every process.
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    APP_URL: urls[0] ?? "http://127.0.0.1:3200",
    SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
    QR_SIGNING_PRIVATE_KEY: qrKey,
    // Shared volumes and a Bull prefix of this cluster's own.
    DATA_DIR: dataDir,
    FILES_DIR: path.join(dataDir, "files"),
    OUTBOX_DIR: path.join(dataDir, "outbox"),
    QUEUE_PREFIX: `tims-cluster-${id}`,
    // The simulated providers: one provider for all instances, served by the first.
    PAYMENT_SIMULATORS: "1",
    PAYMENT_API_BASE: `${urls[0] ?? "http://127.0.0.1:3200"}/sim`,
    // The payer's browser goes to the same provider (a simulator's state lives in its process).
    PAYMENT_SIM_BASE: `${urls[0] ?? "http://127.0.0.1:3200"}/sim`,
    ...opts.env,
  };
  delete env.SQLITE_PATH;
  delete env.TEST_DATABASE_URL;

  execFileSync(path.join(root, "node_modules/.bin/tsx"), ["db/cli.ts", "prepare"], { cwd: root, env, stdio: opts.quiet ? "ignore" : "inherit" });

  // opts.nodeFlags: more flags for the web and worker processes (a bench's --cpu-prof, which Node refuses in NODE_OPTIONS).
  const nodeFlags = opts.nodeFlags ?? [];
  const build = opts.build ?? `./${process.env.BUILD_SLOT ? `build-${process.env.BUILD_SLOT}` : "build"}/index.js`;
  // As `npm run serve` runs it: the app's own server where there is one, else remix-serve.
  const serverScript = fs.existsSync(path.join(root, "scripts/serve.mjs")) ? "scripts/serve.mjs" : "node_modules/@remix-run/serve/dist/cli.js";
  const webs = ports.map((port, i) =>
    launch(
      `web-${i + 1}`,
      process.execPath,
      [...SERVER_NODE_FLAGS, ...nodeFlags, serverScript, build],
      { ...env, PORT: String(port), HOST: "127.0.0.1" },
      logDir,
    ),
  );
  const workers = [];
  let workerSeq = 0;
  // Whatever happens to this process (a test's time-out), its cluster does not outlive it.
  process.once("exit", () => {
    for (const p of [...webs, ...workers]) if (!p.exited) p.child.kill("SIGKILL");
  });
  async function startWorker() {
    const w = launch(`worker-${++workerSeq}`, process.execPath, [...nodeFlags, "--import", "tsx", "jobs/worker.ts"], { ...env, ...opts.workerEnv }, logDir);
    workers.push(w);
    await waitFor(
      w.name,
      () => {
        if (w.exited) throw Object.assign(new Error(`[cluster] ${w.name} exited:\n${w.output.slice(-3000)}`), { fatal: true });
        return w.output.includes("[worker] processing");
      },
      90_000,
    );
    return w;
  }
  try {
    await Promise.all(urls.map((url) => waitFor(url, async () => (await fetch(`${url}/login`)).status === 200, 90_000)));
    const count = opts.workers ?? Number(process.env.CLUSTER_WORKERS || 1);
    for (let i = 0; i < count; i++) await startWorker();
  } catch (error) {
    for (const p of [...webs, ...workers]) p.child.kill("SIGKILL");
    throw new Error(`${error.message}\n${[...webs, ...workers].map((p) => `--- ${p.name}\n${p.output.slice(-2000)}`).join("\n")}`);
  }

  async function stopProc(p, signal = "SIGTERM") {
    if (p.exited) return;
    const gone = new Promise((resolve) => p.child.once("exit", resolve));
    p.child.kill(signal);
    await Promise.race([gone, sleep(10_000).then(() => p.child.kill("SIGKILL"))]);
  }

  async function stop({ keepDatabase = false, keepFiles = false } = {}) {
    await Promise.all([...webs, ...workers].map((p) => stopProc(p)));
    if (!keepDatabase) {
      const c = await admin();
      await c.query(`DROP DATABASE IF EXISTS \`${dbName}\``);
      await c.end();
    }
    if (!keepFiles) fs.rmSync(dataDir, { recursive: true, force: true });
  }

  return { urls, env, databaseUrl, dataDir, webs, workers, startWorker, stopProc, stop };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cluster = await startCluster();
  console.log(`[cluster] web: ${cluster.urls.join(" ")}; workers: ${cluster.workers.length}; database ${cluster.databaseUrl}; logs in ${cluster.dataDir}/logs`);
  console.log("[cluster] demo accounts as in README (password Trek@2026); Ctrl-C stops everything and drops the database.");
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await cluster.stop();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}
