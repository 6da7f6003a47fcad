import { performance } from "node:perf_hooks";

// What the benches share: reading `--name value` options and timing a call by its median.

/** The value after `--name` on the command line, or `fallback`. */
export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : process.argv[i + 1];
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** The p-th percentile (nearest rank below) of `xs`; 0 for none. */
export const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? 0;

/** The median of `runs` timed calls of `fn` (ms), after one untimed call to warm it. */
export async function timed(fn: () => Promise<unknown>, runs: number): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    await fn();
    times.push(performance.now() - s);
  }
  return median(times);
}

/**
 * A page as the user waits for it: `runs` GETs of `origin + page` with `cookie` (after `warm`
 * untimed ones), each timed until its whole body is read. Any answer but 200 throws. The
 * statement count is the last answer's Server-Timing (a server run with STATEMENT_TIMING=1),
 * "-" without it.
 */
export async function timePage(origin: string, page: string, cookie: string, runs: number, warm = 3): Promise<{ times: number[]; statements: string }> {
  const times: number[] = [];
  let statements = "-";
  for (let i = 0; i < runs + warm; i++) {
    const started = performance.now();
    const response = await fetch(`${origin}${page}`, { headers: { Cookie: cookie }, redirect: "manual" });
    await response.text();
    if (response.status !== 200) throw new Error(`${page}: ${response.status}`);
    if (i >= warm) times.push(performance.now() - started);
    statements = /desc="(\d+) statements"/.exec(response.headers.get("Server-Timing") ?? "")?.[1] ?? statements;
  }
  return { times, statements };
}

/**
 * MariaDB's buffer pool at least `mb` (a deployment sizes it to its data; the server's default
 * 128 MB does not hold a 1M history of about 1.5 GB, and every page then waits on the disk with
 * the database's CPU idle, as a peak-hour run on a fresh machine did). Raised, never lowered, and
 * left so for the next run on the same history; the line printed says how to give it back.
 */
export async function ensureBufferPool(serverUrl: string, mb = 2048): Promise<void> {
  const mysql = await import("mysql2/promise");
  const url = new URL(serverUrl);
  const conn = await mysql.createConnection({
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username || "root"),
    password: decodeURIComponent(url.password),
  });
  try {
    const [[{ size }]] = (await conn.query("SELECT @@innodb_buffer_pool_size AS size")) as unknown as [[{ size: number | string }]];
    const was = Number(size);
    if (was >= mb * 1024 * 1024) return;
    await conn.query(`SET GLOBAL innodb_buffer_pool_size = ${mb * 1024 * 1024}`);
    console.log(`MariaDB's innodb_buffer_pool_size raised from ${was / 1048576} MB to ${mb} MB (SET GLOBAL innodb_buffer_pool_size = ${was} gives it back).`);
  } finally {
    await conn.end();
  }
}
