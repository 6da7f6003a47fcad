/**
 * The lists at scale, on a database filled by bench/seed-scale.ts: for /trekkers (as the board
 * and as the largest agency), /requests/vouchers, /users and TIMS Cards, page 1, a deep page, a
 * filter and a search, each timed through the real list source and `loadList` (the loader's
 * work, median of several runs) next to the bare indexed query that finds the page's rows, with
 * the EXPLAIN row estimate, the rows MariaDB actually read (ANALYZE) and whether any table was
 * read whole. Then the export of every trekker through `exportList` (rows/s, RSS along the way)
 * and the daily sweep when nothing is due.
 *
 * With --http, each case is also what a user waits for: the built server (`npm run build` first;
 * scripts/serve.mjs started by scripts/cluster.mjs's startCluster on the same database, one web
 * instance, no worker, STATEMENT_TIMING=1) answers the case's URL to a session of the list's
 * viewer, `--http-runs` times after 3 untimed; p50 / p95 of the whole answer (HTML read) beside
 * the server median and the bare query, with the statements the page ran and the load average.
 *
 *   npx tsx bench/lists.ts [--url mysql://root@127.0.0.1:3306/tims_scale] [--runs 5] [--export-rows N] [--json]
 *     [--only <regex over "list case">] [--export-only] [--no-export] [--http [--http-runs 20] [--port 4490]]
 */
import { spawnSync } from "node:child_process";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { startCluster } from "../scripts/cluster.mjs";
import { SERVER_NODE_FLAGS, hasServerNodeFlags } from "../scripts/node-flags.mjs";
import { arg, percentile, timePage, timed as timedMedian } from "./support";

// Measured under the web server's V8 flags (its export memory depends on them): run again with them.
if (!hasServerNodeFlags()) {
  const again = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, ...process.execArgv, ...process.argv.slice(1)], { stdio: "inherit" });
  process.exit(again.status ?? 1);
}

process.env.DATABASE_URL = arg("url", process.env.SCALE_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/tims_scale");
const RUNS = Number(arg("runs", "5"));
const timed = (fn: () => Promise<unknown>) => timedMedian(fn, RUNS);
const JSON_OUT = process.argv.includes("--json");
const HTTP = process.argv.includes("--http");
const HTTP_RUNS = Number(arg("http-runs", "20"));
const loadAtStart = os.loadavg();

// The built server on the same database, in deployment mode; this process takes its settings
// (the session secret above all) so the sessions it starts below are the server's.
const server = HTTP
  ? await (async () => {
      const url = new URL(process.env.DATABASE_URL!);
      const database = decodeURIComponent(url.pathname.slice(1));
      url.pathname = "";
      const cluster = await startCluster({
        databaseServer: url.toString(),
        database,
        ports: [Number(arg("port", "4490"))],
        workers: 0,
        quiet: true,
        env: { STATEMENT_TIMING: "1" },
      });
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
        process.env[name] = cluster.env[name];
      return cluster;
    })()
  : null;

const { QueryTypes } = await import("sequelize");
const { sequelize } = await import("../db/sequelize.server");
const { loadList, exportList } = await import("../lib/list/list.server");
const { trekkersList, timsCardsList, trekkerListSource, trekkerListHidden, timsCardSource } = await import("../modules/cards/index.server");
const { vouchersList } = await import("../modules/payments/index.ui");
const { voucherListSource } = await import("../modules/payments/index.server");
const { resolveTab } = await import("../modules/users/index");
const { usersList } = await import("../modules/users/index.ui");
const { userListSource } = await import("../modules/users/index.server");
const { sweepCards } = await import("../modules/cards/index.server");

const select = <T extends object = Record<string, unknown>>(sql: string) => sequelize.query<T>(sql, { type: QueryTypes.SELECT });

/** Every statement a function runs, with its time (Sequelize's benchmark logging). */
async function capture<T>(fn: () => Promise<T>): Promise<{ result: T; queries: { sql: string; ms: number }[] }> {
  const queries: { sql: string; ms: number }[] = [];
  const opts = (sequelize as unknown as { options: { logging: unknown; benchmark: boolean } }).options;
  const saved = { logging: opts.logging, benchmark: opts.benchmark };
  opts.benchmark = true;
  opts.logging = (sql: string, ms: number) => queries.push({ sql: sql.replace(/^Executed \([^)]*\): /, ""), ms });
  try {
    return { result: await fn(), queries };
  } finally {
    Object.assign(opts, saved);
  }
}

const tableRows = new Map<string, number>();
for (const t of ["trekkers", "registrations", "users", "vouchers", "bills", "card_events"]) {
  tableRows.set(t, Number((await select<{ n: number }>(`SELECT COUNT(*) AS n FROM ${t}`))[0].n));
}
const aliases: Record<string, string> = {
  t: "trekkers",
  r: "registrations",
  e: "card_events",
  v: "vouchers",
  u: "users",
  User: "users",
  Voucher: "vouchers",
  Registration: "registrations",
  Trekker: "trekkers",
  TrekkerCard: "trekkers",
};

interface Plan {
  estimate: number;
  read: number;
  fullScan: string | null;
}

/** EXPLAIN's row estimate and ANALYZE's rows read; a table (or its whole index) read through counts as a full scan. */
async function plan(sql: string): Promise<Plan> {
  const rows = await select<{ table: string; type: string; rows: number | null; r_rows: number | null; key: string | null }>(`ANALYZE ${sql}`);
  let estimate = 0;
  let read = 0;
  let fullScan: string | null = null;
  for (const r of rows) {
    const table = aliases[r.table] ?? r.table;
    estimate += Number(r.rows ?? 0);
    read += Number(r.r_rows ?? 0);
    const size = tableRows.get(table) ?? 0;
    if (size > 1000 && (r.type === "ALL" || Number(r.r_rows ?? 0) >= size * 0.5)) fullScan = `${table} (${r.type}${r.key ? ` ${r.key}` : ""})`;
  }
  return { estimate, read, fullScan };
}

/** A trekker id query made to read the page's whole rows (trekker and registration columns). */
function wholeRows(sql: string): string {
  const from = /FROM trekkers t JOIN registrations r ON r\.id = t\.registrationId/.test(sql) ? "" : " JOIN registrations r ON r.id = t.registrationId";
  return sql.replace(
    /^SELECT t\.id AS id FROM trekkers t/,
    `SELECT t.*, r.userId, r.userType, r.routeId, r.routeName, r.entryDate, r.exitDate FROM trekkers t${from}`,
  );
}

interface Case {
  list: string;
  label: string;
  url: string;
  /** Who opens the page (the session the HTTP timing signs in). */
  viewer: { id: number; userType: number };
  load: (request: Request) => Promise<{ total: number; capped: boolean; rows: unknown[] }>;
  /** Picks the page's row query among the statements the load ran. */
  pageQuery: RegExp;
}

interface Result {
  list: string;
  case: string;
  rows: number;
  total: string;
  queries: number;
  serverMs: number;
  bareMs: number;
  ratio: number;
  countMs: number;
  explainRows: number;
  readRows: number;
  fullScan: string;
  /** The page over HTTP (--http): p50 / p95 ms and the statements its answer ran. */
  httpP50?: number;
  httpP95?: number;
  httpStatements?: string;
}

const board = { id: 1, userType: 4 };
const largest = (await select<{ userId: number }>("SELECT userId FROM registrations WHERE userType = 2 GROUP BY userId ORDER BY COUNT(*) DESC LIMIT 1"))[0];
const agency = { id: Number(largest.userId), userType: 2 };
const fitRow = (await select<{ userId: number }>("SELECT userId FROM registrations WHERE userType = 1 ORDER BY id DESC LIMIT 1"))[0];
const fit = { id: Number(fitRow.userId), userType: 1 };
const someCountry = (await select<{ nationality: number }>(`SELECT nationality FROM trekkers WHERE registeredBy = ${agency.id} ORDER BY id DESC LIMIT 1`))[0]
  .nationality;
// The newest pending voucher's route and agency: the filter and the search find rows.
const pending = (
  await select<{ routeId: number; organizationName: string }>(
    "SELECT r.routeId, u.organizationName FROM vouchers v JOIN registrations r ON r.id = v.registrationId JOIN users u ON u.id = v.userId WHERE v.isVerified IS NULL AND u.userType = 2 ORDER BY v.id DESC LIMIT 1",
  )
)[0];
const agencyName = pending.organizationName;
const total = tableRows.get("trekkers") ?? 0;
const deep = (rows: number) => Math.max(1, Math.floor(rows / 10 / 50));
const agencyTrekkers = Number((await select<{ n: number }>(`SELECT COUNT(*) AS n FROM trekkers WHERE registeredBy = ${agency.id}`))[0].n);

const trekkerCases = (who: string, viewer: { id: number; userType: number }, rows: number): Case[] => {
  const load = (request: Request) => loadList(trekkersList, request, trekkerListSource(viewer), { hidden: trekkerListHidden(viewer) });
  const pageQuery = /SELECT t\.id AS id FROM .* OFFSET/;
  return [
    { list: `/trekkers (${who})`, label: "page 1", url: "/trekkers", viewer, load, pageQuery },
    { list: `/trekkers (${who})`, label: `page ${deep(rows) + 1}`, url: `/trekkers?pageindex=${deep(rows)}`, viewer, load, pageQuery },
    { list: `/trekkers (${who})`, label: "filter: country + Completed", url: `/trekkers?country=${someCountry}&cardStatus=Completed`, viewer, load, pageQuery },
    { list: `/trekkers (${who})`, label: 'search "Anna Kel"', url: `/trekkers?username=${encodeURIComponent("Anna Kel")}`, viewer, load, pageQuery },
  ];
};
const vouchers = Number(tableRows.get("vouchers"));
const voucherLoad = (request: Request) => loadList(vouchersList, request, voucherListSource());
const agencyTab = resolveTab(board, "agency");
if (agencyTab === "forbidden") throw new Error("board cannot see the agency tab");
const userLoad = (request: Request) => loadList(usersList, request, userListSource(agencyTab));
const cardLoad = (request: Request) => loadList(timsCardsList, request, timsCardSource(fit));
const cases: Case[] = [
  ...trekkerCases("board", board, total),
  ...trekkerCases("largest agency", agency, agencyTrekkers),
  { list: "/requests/vouchers", label: "page 1", url: "/requests/vouchers", viewer: board, load: voucherLoad, pageQuery: /FROM `vouchers`.*LIMIT/ },
  {
    list: "/requests/vouchers",
    label: `page ${deep(vouchers) + 1}`,
    url: `/requests/vouchers?pageindex=${deep(vouchers)}`,
    viewer: board,
    load: voucherLoad,
    pageQuery: /FROM `vouchers`.*LIMIT/,
  },
  {
    list: "/requests/vouchers",
    label: "filter: Pending + route",
    url: `/requests/vouchers?status=Pending&route=${pending.routeId}`,
    viewer: board,
    load: voucherLoad,
    pageQuery: /FROM `vouchers`.*LIMIT/,
  },
  {
    list: "/requests/vouchers",
    label: "search: agency name",
    url: `/requests/vouchers?name=${encodeURIComponent(agencyName)}`,
    viewer: board,
    load: voucherLoad,
    pageQuery: /FROM `vouchers`.*LIMIT/,
  },
  { list: "/users (Trek Agency tab)", label: "page 1", url: "/users?tab=agency", viewer: board, load: userLoad, pageQuery: /FROM `users`.*LIMIT/ },
  {
    list: "/users (Trek Agency tab)",
    label: "page 100",
    url: "/users?tab=agency&pageindex=99",
    viewer: board,
    load: userLoad,
    pageQuery: /FROM `users`.*LIMIT/,
  },
  {
    list: "/users (Trek Agency tab)",
    label: "filter: Disabled",
    url: "/users?tab=agency&status=Disabled",
    viewer: board,
    load: userLoad,
    pageQuery: /FROM `users`.*LIMIT/,
  },
  {
    list: "/users (Trek Agency tab)",
    label: 'search "Treks 4"',
    url: `/users?tab=agency&username=${encodeURIComponent("Treks 4")}`,
    viewer: board,
    load: userLoad,
    pageQuery: /FROM `users`.*LIMIT/,
  },
  { list: "TIMS Cards (free trekker)", label: "page 1", url: "/tims-cards", viewer: fit, load: cardLoad, pageQuery: /SELECT t\.id AS id FROM .* OFFSET/ },
  {
    list: "TIMS Cards (free trekker)",
    label: "filter: Completed",
    url: "/tims-cards?cardStatus=Completed",
    viewer: fit,
    load: cardLoad,
    pageQuery: /SELECT t\.id AS id FROM .* OFFSET/,
  },
  {
    list: "TIMS Cards (free trekker)",
    label: 'search route "Everest"',
    url: "/tims-cards?routename=Everest",
    viewer: fit,
    load: cardLoad,
    pageQuery: /SELECT t\.id AS id FROM .* OFFSET/,
  },
];

/** A session of `viewer` on the server, as its cookie (bench/request-cost.ts's way: started here, in the server's database). */
const cookies = new Map<number, string>();
async function cookieOf(viewer: { id: number }): Promise<string> {
  if (!cookies.has(viewer.id)) {
    const { findAuthUser } = await import("../modules/users/index.server");
    const { startSession } = await import("../app/utils/guards.server");
    const user = await findAuthUser(viewer.id);
    if (!user) throw new Error(`no user ${viewer.id} to sign in`);
    cookies.set(viewer.id, (await startSession(new Request(`${server!.urls[0]}/login`), user, false)).split(";")[0]!);
  }
  return cookies.get(viewer.id)!;
}

const results: Result[] = [];
const only = process.argv.includes("--only") ? new RegExp(arg("only", ""), "i") : null;
for (const c of process.argv.includes("--export-only") ? [] : cases.filter((c) => !only || only.test(`${c.list} ${c.label}`))) {
  const request = () => new Request(`http://bench${c.url}`);
  await c.load(request()); // warm: lookups cached per process are not the page's statements
  const { result, queries } = await capture(() => c.load(request()));
  const found = queries.find((q) => c.pageQuery.test(q.sql) && !/^SELECT COUNT\(/i.test(q.sql));
  // A page that reads its ids inside its row statement (a LIMITed derived table): the ids part.
  const inner = found && /FROM \((SELECT t\.id AS id FROM .* OFFSET \d+)\) k JOIN/.exec(found.sql);
  const page = found && inner ? { ...found, sql: inner[1] } : found;
  const count = queries.find((q) => /COUNT\(/i.test(q.sql));
  const serverMs = await timed(() => c.load(request()));
  // The bare query: the page's rows with every column the page shows, in one indexed statement.
  const bare = page && /^SELECT t\.id AS id FROM /.test(page.sql) ? wholeRows(page.sql) : page?.sql;
  const bareMs = bare ? await timed(() => select(bare)) : 0;
  const countMs = count ? await timed(() => select(count.sql)) : 0;
  const plans = await Promise.all(queries.filter((q) => /^SELECT/i.test(q.sql)).map((q) => plan(q.sql)));
  const pagePlan = bare ? await plan(bare) : { estimate: 0, read: 0, fullScan: null };
  const scans = plans.flatMap((p) => (p.fullScan ? [p.fullScan] : []));
  results.push({
    list: c.list,
    case: c.label,
    rows: result.rows.length,
    total: `${result.capped ? ">" : ""}${result.total}`,
    queries: queries.length,
    serverMs,
    bareMs,
    ratio: bareMs ? serverMs / bareMs : 0,
    countMs,
    explainRows: pagePlan.estimate,
    readRows: plans.reduce((s, p) => s + p.read, 0),
    fullScan: scans.length ? [...new Set(scans)].join(", ") : "no",
  });
  if (server) {
    const { times, statements } = await timePage(server.urls[0], c.url, await cookieOf(c.viewer), HTTP_RUNS);
    Object.assign(results[results.length - 1], { httpP50: percentile(times, 50), httpP95: percentile(times, 95), httpStatements: statements });
  }
  if (!JSON_OUT) {
    const r = results[results.length - 1];
    const http =
      r.httpP50 === undefined
        ? ""
        : `http p50 ${r.httpP50.toFixed(1).padStart(6)} p95 ${r.httpP95!.toFixed(1).padStart(6)} ms (${r.httpStatements} statements)  `;
    console.log(
      `${r.list.padEnd(28)} ${r.case.padEnd(28)} rows ${String(r.rows).padStart(3)} of ${r.total.padStart(7)}  ${http}server ${r.serverMs.toFixed(1).padStart(7)} ms  bare ${r.bareMs.toFixed(1).padStart(6)} ms  ×${r.ratio.toFixed(1).padStart(4)}  count ${r.countMs.toFixed(1).padStart(6)} ms  queries ${String(r.queries).padStart(2)}  explain ${String(r.explainRows).padStart(8)}  read ${String(r.readRows).padStart(8)}  full scan: ${r.fullScan}`,
    );
  }
}

/** The whole trekker list through exportList, as the board's "TrekkersList" download. */
async function exportRun(limitRows: number) {
  const controller = new AbortController();
  const request = new Request("http://bench/trekkers/export", { signal: controller.signal });
  const batch = process.argv.includes("--batch") ? Number(arg("batch", "0")) : undefined;
  const response = exportList(trekkersList, request, trekkerListSource(board), { hidden: trekkerListHidden(board), batchSize: batch });
  const reader = response.body!.getReader();
  let lines = -1; // the header row
  let peak = process.memoryUsage().rss;
  const marks = new Map<number, number>();
  const heapAt = new Map<number, string>(); // JS heap used + external (MB): what the process holds, apart from what it has not given back
  const checkpoints = [100_000, 250_000, 500_000, 1_000_000];
  const s = performance.now();
  const cpu = process.cpuUsage();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    // Lines counted in the bytes (a newline is never part of a UTF-8 sequence): the client's
    // decoding is not the server's work.
    for (let i = value.indexOf(10); i >= 0; i = value.indexOf(10, i + 1)) lines++;
    const rss = process.memoryUsage().rss;
    peak = Math.max(peak, rss);
    for (const c of checkpoints) {
      if (lines >= c && !marks.has(c)) {
        marks.set(c, peak);
        const m = process.memoryUsage();
        heapAt.set(c, `${Math.round(m.heapUsed / 2 ** 20)}+${Math.round(m.external / 2 ** 20)}`);
      }
    }
    if (lines >= limitRows) {
      controller.abort();
      await reader.cancel();
      break;
    }
  }
  const seconds = (performance.now() - s) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  marks.set(lines, peak); // the last row's, whatever the total
  return {
    rows: lines,
    seconds,
    rowsPerSecond: lines / seconds,
    // This process's CPU (Node: driver parsing, row mapping, CSV) apart from the database's, which
    // a loaded machine hides in the wall time.
    cpuSeconds,
    rowsPerCpuSecond: lines / cpuSeconds,
    peakRssMb: peak / 2 ** 20,
    rssAtMb: Object.fromEntries([...marks].map(([k, v]) => [k, Math.round(v / 2 ** 20)])),
    heapAtMb: Object.fromEntries(heapAt),
  };
}

if (server) {
  await server.stop({ keepDatabase: true });
  const ms = (x: number) => x.toFixed(1);
  const load = os.loadavg();
  if (!JSON_OUT) {
    console.log(
      `\n${total.toLocaleString("en")} trekkers; HTTP: ${HTTP_RUNS} requests a case; server and bare: median of ${RUNS}; load average (1/5/15 min) ${loadAtStart.map((x) => x.toFixed(2)).join(" / ")} at the start, ${load.map((x) => x.toFixed(2)).join(" / ")} after the pages\n`,
    );
    console.log("| list (viewer) | case | rows of total | HTTP p50 | HTTP p95 | statements | server median | bare query |");
    console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
    for (const r of results)
      console.log(
        `| ${r.list} | ${r.case} | ${r.rows} of ${r.total} | ${ms(r.httpP50!)} ms | ${ms(r.httpP95!)} ms | ${r.httpStatements} | ${ms(r.serverMs)} ms | ${r.bareMs ? `${ms(r.bareMs)} ms` : "–"} |`,
      );
  }
}

const exportRows = process.argv.includes("--no-export") ? 0 : Number(arg("export-rows", String(total)));
const exported = exportRows > 0 ? await exportRun(exportRows) : null;
if (!JSON_OUT && exported) {
  console.log(
    `\nExport TrekkersList: ${exported.rows.toLocaleString("en")} rows in ${exported.seconds.toFixed(1)} s = ${Math.round(exported.rowsPerSecond).toLocaleString("en")} rows/s; Node CPU ${exported.cpuSeconds.toFixed(1)} s = ${Math.round(exported.rowsPerCpuSecond).toLocaleString("en")} rows per CPU-second; peak RSS ${exported.peakRssMb.toFixed(0)} MB; RSS at rows ${JSON.stringify(exported.rssAtMb)}; heap used+external ${JSON.stringify(exported.heapAtMb)}`,
  );
}

if (process.argv.includes("--no-export") && only) {
  await sequelize.close();
  process.exit(0);
}
const sweepMs = await timed(async () => {
  const counts = await sweepCards();
  if (counts.activated || counts.completed || counts.missed || counts.registrations) throw new Error(`the sweep found work: ${JSON.stringify(counts)}`);
});
const { queries: sweepQueries } = await capture(() => sweepCards());
const sweepPlans = await Promise.all(sweepQueries.filter((q) => /^SELECT/i.test(q.sql)).map((q) => plan(q.sql)));
if (!JSON_OUT) {
  console.log(
    `Daily sweep, nothing due: median ${sweepMs.toFixed(1)} ms, ${sweepQueries.length} statements, rows read ${sweepPlans.reduce((s, p) => s + p.read, 0)}, full scan: ${sweepPlans.flatMap((p) => (p.fullScan ? [p.fullScan] : [])).join(", ") || "no"}`,
  );
} else {
  console.log(
    JSON.stringify(
      {
        tables: Object.fromEntries(tableRows),
        loadavg: { start: loadAtStart, end: os.loadavg() },
        results,
        export: exported,
        sweep: { medianMs: sweepMs, statements: sweepQueries.length },
      },
      null,
      2,
    ),
  );
}
await sequelize.close();
