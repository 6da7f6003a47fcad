// Performs the deployment docs/operations.md ("Deployment") describes, on this one machine: nginx
// from Debian's packages in front of two web instances, a worker, MariaDB and Redis. This machine
// has no systemd, so the processes are started with the units' own commands: deploy/tims-web@.service
// and deploy/tims-worker.service are read (WorkingDirectory, EnvironmentFile, Environment,
// ExecStart) and run as systemd would, with the paths of a real machine mapped to this checkout.
// nginx runs deploy/nginx/tims.conf's upstream and cache with tims-http.conf's server and
// tims-proxy.conf's settings, the ports filled in.
//
//   node scripts/deploy-local.mjs [--port 8088] [--dir DIR] [--simulators]   start; prints the state as JSON
//   node scripts/deploy-local.mjs --stop [--dir DIR] [--keep]               stop what it started, drop its database
//
//   --port          nginx's port; the web instances take the next two, the worker's /metrics the third
//   --dir           where the environment file, data, logs and nginx's files go (test-results/deploy-local[-BUILD_SLOT])
//   --simulators    PAYMENT_SIMULATORS=1 (a staging machine; the browser test pays through them)
//   --keep          with --stop: keep the database and the directory
//   DEPLOY_DATABASE_SERVER  MariaDB to create the database on (mysql://root@127.0.0.1:3306)
//   REDIS_URL               redis://127.0.0.1:6379
// tests/deployment/deployment.spec.ts runs it, signs in, pays and scans through nginx, and stops it.
import { execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (message) => console.error(`[deploy-local] ${message}`);
const slot = process.env.BUILD_SLOT ? `-${process.env.BUILD_SLOT}` : "";
const buildDir = `build${slot}`;

/** systemd's unit file: the [Service] keys this script honours (Environment may repeat). */
export function parseUnit(text) {
  const service = { Environment: [] };
  let section = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#") || line.startsWith(";")) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = header[1];
      continue;
    }
    const at = line.indexOf("=");
    if (section !== "Service" || at < 0) continue;
    const key = line.slice(0, at).trim();
    const value = line.slice(at + 1).trim();
    if (key === "Environment") service.Environment.push(value);
    else service[key] = value;
  }
  return service;
}

/** An EnvironmentFile as systemd reads it: KEY=VALUE, '…' kept as written, "…" with \" \\ \$ escapes. */
export function parseEnvFile(text) {
  const env = {};
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#") || line.startsWith(";")) continue;
    const at = line.indexOf("=");
    if (at < 0) continue;
    let value = line.slice(at + 1).trim();
    if (value.length >= 2 && value.startsWith("'") && value.endsWith("'")) value = value.slice(1, -1);
    else if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1).replace(/\\(["\\`$])/g, "$1");
    env[line.slice(0, at).trim()] = value;
  }
  return env;
}

/** The argv systemd would run for ExecStart (no shell; words split on spaces, %i the instance). */
function commandOf(unit, instance, map) {
  const words = unit.ExecStart.replace(/^[-@:+!]+/, "")
    .replaceAll("%i", instance)
    .split(/\s+/)
    .map(map);
  return { command: words[0], args: words.slice(1) };
}

function options(argv) {
  const get = (name) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  return {
    stop: argv.includes("--stop"),
    keep: argv.includes("--keep"),
    simulators: argv.includes("--simulators"),
    port: Number(get("--port") ?? 8088),
    dir: path.resolve(root, get("--dir") ?? `test-results/deploy-local${slot}`),
  };
}

function hasNginx() {
  return fs.existsSync("/usr/sbin/nginx");
}

/** Debian's nginx, as the guide installs it (the package's own service is not started: we run our own). */
function ensureNginx() {
  if (hasNginx()) return;
  log("installing nginx-light from Debian's packages…");
  const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const run = (args) => execFileSync(sudo[0] ?? args[0], sudo.length ? args : args.slice(1), { stdio: "inherit", env });
  run(["apt-get", "update", "-qq"]);
  run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", "nginx-light"]);
}

async function waitFor(what, check, timeoutMs, procs = []) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const dead = procs.find((p) => p.exitCode !== null);
    if (dead) throw new Error(`${dead.name} exited (${dead.exitCode}) before ${what} was ready; see ${dead.logFile}`);
    try {
      if (await check()) return;
    } catch {
      // not up yet
    }
    if (Date.now() > end) throw new Error(`${what} was not ready within ${timeoutMs / 1000} s`);
    await sleep(250);
  }
}

const stateFile = (dir) => path.join(dir, "state.json");

/**
 * Sets the deployment up and starts it; resolves to the state --stop (and the test) reads:
 * the URL, ports, processes, database and the environment file's settings.
 */
export async function start(opts) {
  if (fs.existsSync(stateFile(opts.dir))) throw new Error(`${stateFile(opts.dir)} exists: run --stop first`);
  ensureNginx();
  if (!fs.existsSync(path.join(root, buildDir, "index.js"))) {
    log(`no ${buildDir}/: building…`);
    execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit", env: { ...process.env, VITE_CJS_IGNORE_WARNING: "true" } });
  }
  const [webPort1, webPort2, workerMetricsPort] = [opts.port + 1, opts.port + 2, opts.port + 3];
  const appUrl = `http://127.0.0.1:${opts.port}`;
  const dataDir = path.join(opts.dir, "data");
  const logDir = path.join(opts.dir, "logs");
  const nginxDir = path.join(opts.dir, "nginx");
  for (const d of [dataDir, logDir, nginxDir]) fs.mkdirSync(d, { recursive: true });
  const state = { url: appUrl, port: opts.port, webPorts: [webPort1, webPort2], workerMetricsPort, dir: opts.dir, pids: {} };
  // From here on, whatever fails leaves a state file --stop can clean up after.
  const save = () => fs.writeFileSync(stateFile(opts.dir), JSON.stringify(state, null, 2));

  // 1. The database and its own account (all privileges on that database only), as the guide says.
  const id = `${Date.now().toString(36)}${crypto.randomBytes(2).toString("hex")}`;
  const server = new URL(process.env.DEPLOY_DATABASE_SERVER ?? "mysql://root@127.0.0.1:3306");
  const dbName = `tims_deploy_${id}`;
  const dbUser = `tims_${id}`;
  const dbPassword = crypto.randomBytes(18).toString("base64url");
  const mysql = await import("mysql2/promise");
  const admin = await mysql.createConnection({
    host: server.hostname,
    port: Number(server.port || 3306),
    user: decodeURIComponent(server.username || "root"),
    password: decodeURIComponent(server.password),
  });
  state.database = { server: server.toString(), name: dbName, user: dbUser };
  save();
  await admin.query(`CREATE DATABASE \`${dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.query(`CREATE USER ?@'%' IDENTIFIED BY ?`, [dbUser, dbPassword]);
  await admin.query(`GRANT ALL PRIVILEGES ON \`${dbName}\`.* TO ?@'%'`, [dbUser]);
  await admin.end();
  const databaseUrl = `mysql://${dbUser}:${encodeURIComponent(dbPassword)}@${server.hostname}:${server.port || 3306}/${dbName}`;

  // 2. /etc/tims/tims.env with generated secrets (deploy/tims.env.example names every setting).
  const qrKey = crypto.generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString().trim();
  const settings = {
    TIMS_MODE: "deployment",
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL || "redis://127.0.0.1:6379",
    APP_URL: appUrl,
    SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
    QR_SIGNING_PRIVATE_KEY: qrKey.replaceAll("\n", "\\n"),
    DATA_DIR: dataDir,
    FILES_DIR: path.join(opts.dir, "files"),
    // No SMTP server here: e-mails are written to the outbox directory.
    OUTBOX_DIR: path.join(opts.dir, "outbox"),
    QUEUE_PREFIX: `tims-deploy-${id}`,
    TRUST_PROXY: "1",
    METRICS_TOKEN: crypto.randomBytes(24).toString("hex"),
    LOG_FORMAT: "json",
    // One machine and no real load balancer's interval to outlast: a shorter drain keeps --stop quick.
    SHUTDOWN_DRAIN_SECONDS: "2",
    ...(opts.simulators ? { PAYMENT_SIMULATORS: "1", PAYMENT_API_BASE: `${appUrl}/sim` } : { PAYMENT_SIMULATORS: "0" }),
  };
  const envFile = path.join(opts.dir, "tims.env");
  const quoted = (v) => (/^[A-Za-z0-9_./:@%+,=-]*$/.test(v) ? v : `'${v}'`);
  fs.writeFileSync(
    envFile,
    `# Written by scripts/deploy-local.mjs (deploy/tims.env.example describes each setting).\n${Object.entries(settings)
      .map(([k, v]) => `${k}=${quoted(v)}`)
      .join("\n")}\n`,
    { mode: 0o600 },
  );
  state.envFile = envFile;
  state.env = settings;
  save();

  // 3. Migrations (and the lookups a new database needs), once, before any instance starts.
  // BUILD_SLOT: the server finds its page scripts in the slot's build (the units run ./build/).
  const baseEnv = {
    PATH: process.env.PATH,
    LANG: process.env.LANG ?? "C.UTF-8",
    VITE_CJS_IGNORE_WARNING: "true",
    ...(slot ? { BUILD_SLOT: process.env.BUILD_SLOT } : {}),
  };
  execFileSync(path.join(root, "node_modules/.bin/tsx"), ["db/cli.ts", "prepare"], {
    cwd: root,
    env: { ...baseEnv, ...parseEnvFile(fs.readFileSync(envFile, "utf8")) },
    // stdout is the state's (JSON) alone.
    stdio: ["ignore", 2, 2],
  });

  // 4. The units' processes, as systemd would start them, paths mapped to this checkout.
  const mapPath = (word) =>
    word
      .replace(/^\/usr\/bin\/node$/, process.execPath)
      .replace(/^\/srv\/tims(?=\/|$)/, root)
      .replace(/^\/etc\/tims\/tims\.env$/, envFile)
      .replace(/^\/var\/lib\/tims(?=\/|$)/, dataDir)
      .replace(/^\.\/build\//, `./${buildDir}/`);
  const launch = (name, unitFile, instance, extraEnv) => {
    const unit = parseUnit(fs.readFileSync(path.join(root, "deploy", unitFile), "utf8"));
    const env = { ...baseEnv, ...parseEnvFile(fs.readFileSync(mapPath(unit.EnvironmentFile.replace(/^-/, "")), "utf8")) };
    for (const assignment of unit.Environment) {
      const at = assignment.indexOf("=");
      env[assignment.slice(0, at)] = mapPath(assignment.slice(at + 1).replaceAll("%i", instance));
    }
    Object.assign(env, extraEnv);
    const { command, args } = commandOf(unit, instance, mapPath);
    const logFile = path.join(logDir, `${name}.log`);
    const out = fs.openSync(logFile, "a");
    const child = spawn(command, args, { cwd: mapPath(unit.WorkingDirectory), env, stdio: ["ignore", out, out], detached: true });
    fs.closeSync(out);
    child.unref();
    const proc = { name, logFile, exitCode: null };
    child.on("exit", (code, signal) => (proc.exitCode = code ?? signal));
    state.pids[name] = child.pid;
    save();
    log(`${name}: ${[command, ...args].join(" ")} (log ${path.relative(root, logFile)})`);
    return proc;
  };
  const webs = [launch("web-1", "tims-web@.service", String(webPort1)), launch("web-2", "tims-web@.service", String(webPort2))];
  // The unit's own WORKER_METRICS_PORT is a real machine's; here it is this deployment's.
  const worker = launch("worker", "tims-worker.service", "", { WORKER_METRICS_PORT: String(workerMetricsPort) });

  // 5. nginx with the guide's configuration, the ports and paths filled in.
  const conf = writeNginxConfig({ nginxDir, port: opts.port, webPorts: [webPort1, webPort2], simulators: opts.simulators });
  execFileSync("/usr/sbin/nginx", ["-t", "-q", "-p", nginxDir, "-c", conf], { stdio: "inherit" });
  execFileSync("/usr/sbin/nginx", ["-p", nginxDir, "-c", conf], { stdio: "inherit" });
  state.nginx = { conf, prefix: nginxDir, pidFile: path.join(nginxDir, "nginx.pid") };
  save();

  // 6. Ready when /readyz answers 200 through the proxy (both instances: each is asked directly too).
  const procs = [...webs, worker];
  await waitFor(
    "the web instances",
    async () => (await Promise.all(state.webPorts.map((p) => fetch(`http://127.0.0.1:${p}/readyz`)))).every((r) => r.status === 200),
    120_000,
    procs,
  );
  await waitFor("the worker", async () => (await fetch(`http://127.0.0.1:${workerMetricsPort}/healthz`)).status === 200, 60_000, procs);
  await waitFor("/readyz through nginx", async () => (await fetch(`${appUrl}/readyz`)).status === 200, 30_000, procs);
  log(
    `ready: ${appUrl} (web ${state.webPorts.join(", ")}, worker /metrics on ${workerMetricsPort}); stop with --stop${opts.dir ? ` --dir ${path.relative(root, opts.dir)}` : ""}`,
  );
  return state;
}

/** nginx.conf for this machine: Debian's defaults for the http block, then the guide's files. */
function writeNginxConfig({ nginxDir, port, webPorts, simulators }) {
  const deploy = path.join(root, "deploy/nginx");
  fs.mkdirSync(path.join(nginxDir, "snippets"), { recursive: true });
  fs.mkdirSync(path.join(nginxDir, "sites"), { recursive: true });
  const temp = path.join(nginxDir, "temp");
  const cache = path.join(nginxDir, "cache");
  for (const d of [temp, cache]) fs.mkdirSync(d, { recursive: true });
  // nginx's workers run as nobody when the master is root: they write the temp and cache directories.
  if (process.getuid?.() === 0) for (const d of [temp, cache]) fs.chownSync(d, 65534, 65534);

  // tims.conf up to its first server block: the upstream (ports: ours) and the assets cache (path: ours).
  const site = fs.readFileSync(path.join(deploy, "tims.conf"), "utf8");
  const head = site.slice(0, site.search(/^server\s*\{/m));
  if (!/upstream tims_web/.test(head)) throw new Error("deploy/nginx/tims.conf: no upstream tims_web before its first server block");
  fs.writeFileSync(
    path.join(nginxDir, "sites/tims.conf"),
    head.replace("127.0.0.1:3001", `127.0.0.1:${webPorts[0]}`).replace("127.0.0.1:3002", `127.0.0.1:${webPorts[1]}`).replace("/var/cache/nginx/tims", cache),
  );
  let server = fs.readFileSync(path.join(deploy, "tims-http.conf"), "utf8").replace(/listen 8088;/, `listen 127.0.0.1:${port};`);
  if (simulators) {
    // Staging: the simulators' sessions live in the first instance's memory.
    fs.writeFileSync(
      path.join(nginxDir, "snippets/tims-simulators.conf"),
      fs.readFileSync(path.join(deploy, "tims-simulators.conf"), "utf8").replace("127.0.0.1:3001", `127.0.0.1:${webPorts[0]}`),
    );
    server = server.replace("include snippets/tims-proxy.conf;", "include snippets/tims-proxy.conf;\n    include snippets/tims-simulators.conf;");
  }
  fs.writeFileSync(path.join(nginxDir, "sites/tims-http.conf"), server);
  // The build's assets are under /build-<slot>/ when BUILD_SLOT is set.
  fs.writeFileSync(
    path.join(nginxDir, "snippets/tims-proxy.conf"),
    fs.readFileSync(path.join(deploy, "tims-proxy.conf"), "utf8").replace("^/(build|page-script)/", `^/(${buildDir}|page-script)/`),
  );
  const conf = path.join(nginxDir, "nginx.conf");
  const tempPaths = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((n) => `    ${n}_temp_path ${temp}/${n};`).join("\n");
  fs.writeFileSync(
    conf,
    `# Written by scripts/deploy-local.mjs: Debian's /etc/nginx/nginx.conf, reduced, around deploy/nginx's files.
worker_processes 1;
pid ${nginxDir}/nginx.pid;
error_log ${nginxDir}/error.log warn;
events {
    worker_connections 512;
}
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    sendfile on;
    tcp_nopush on;
    server_tokens off;
    access_log ${nginxDir}/access.log;
${tempPaths}
    include sites/tims.conf;
    include sites/tims-http.conf;
}
`,
  );
  return conf;
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Stops what start() started (by the pids it recorded), then drops its database and Redis keys. */
export async function stop(opts) {
  const file = stateFile(opts.dir);
  if (!fs.existsSync(file)) {
    log(`nothing to stop: no ${file}`);
    return;
  }
  const state = JSON.parse(fs.readFileSync(file, "utf8"));
  if (state.nginx && fs.existsSync(state.nginx.pidFile)) {
    try {
      execFileSync("/usr/sbin/nginx", ["-p", state.nginx.prefix, "-c", state.nginx.conf, "-s", "quit"], { stdio: "ignore" });
    } catch {
      // already gone
    }
  }
  // SIGTERM, as systemctl stop sends it (the web instances drain, the worker finishes its jobs); SIGKILL after TimeoutStopSec.
  const pids = Object.values(state.pids ?? {});
  for (const pid of pids) if (alive(pid)) process.kill(pid, "SIGTERM");
  const end = Date.now() + 45_000;
  while (pids.some(alive) && Date.now() < end) await sleep(200);
  for (const pid of pids.filter(alive)) process.kill(pid, "SIGKILL");
  if (!opts.keep) {
    if (state.database) {
      const server = new URL(state.database.server);
      const mysql = await import("mysql2/promise");
      const admin = await mysql.createConnection({
        host: server.hostname,
        port: Number(server.port || 3306),
        user: decodeURIComponent(server.username || "root"),
        password: decodeURIComponent(server.password),
      });
      await admin.query(`DROP DATABASE IF EXISTS \`${state.database.name}\``);
      await admin.query(`DROP USER IF EXISTS ?@'%'`, [state.database.user]);
      await admin.end();
    }
    if (state.env?.QUEUE_PREFIX && state.env?.REDIS_URL) {
      const { Redis } = await import("ioredis");
      const redis = new Redis(state.env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
      try {
        await redis.connect();
        const keys = [];
        for await (const batch of redis.scanStream({ match: `${state.env.QUEUE_PREFIX}:*`, count: 500 })) keys.push(...batch);
        if (keys.length) await redis.del(...keys);
      } finally {
        redis.disconnect();
      }
    }
    // After a failed start the logs stay, for the reason.
    if (opts.keepLogs) fs.rmSync(file);
    else fs.rmSync(opts.dir, { recursive: true, force: true });
  } else fs.rmSync(file);
  log("stopped");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const opts = options(process.argv.slice(2));
  try {
    if (opts.stop) await stop(opts);
    else {
      let state;
      try {
        state = await start(opts);
      } catch (error) {
        log(`failed: ${error.message}; stopping what was started`);
        await stop({ ...opts, keepLogs: true }).catch(() => undefined);
        throw error;
      }
      // The state, for a caller (the browser test) to read: secrets included, so only on stdout.
      console.log(JSON.stringify(state));
    }
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
