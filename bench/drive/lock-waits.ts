import mysql from "mysql2/promise";

/**
 * The database's side of "which resource ran out", sampled four times a second from InnoDB's own
 * tables on a connection of its own: how many transactions were open, how many of those were
 * idle (no statement running: the connection is held while its web process does something else,
 * the pool's waits then come from the web process), and which statements waited on a row lock
 * and behind which (numbers and strings taken out, so one shape is one line).
 */

const shape = (sql: string | null) =>
  (sql ?? "(idle in its transaction)")
    .replace(/\s+/g, " ")
    .replace(/'(?:[^'\\]|\\.)*'/g, "?")
    .replace(/\b\d+\b/g, "?")
    .replace(/\((?:\?, ?)+\?\)/g, "(…)")
    .slice(0, 110);

export interface LockSampler {
  stop(): Promise<string[]>;
}

export async function lockSampler(databaseUrl: string, everyMs = 250): Promise<LockSampler> {
  const conn = await mysql.createConnection(databaseUrl);
  const dbName = new URL(databaseUrl).pathname.slice(1);
  let samples = 0;
  let openSum = 0;
  let idleSum = 0;
  let waitingSum = 0;
  let mostOpen = 0;
  const waits = new Map<string, number>();
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = Date.now();
      try {
        const [trx] = (await conn.query(
          `SELECT t.trx_query AS q, t.trx_state AS state FROM information_schema.innodb_trx t
           JOIN information_schema.processlist p ON p.id = t.trx_mysql_thread_id WHERE p.db = ?`,
          [dbName],
        )) as unknown as [{ q: string | null; state: string }[]];
        const [locks] = (await conn.query(
          `SELECT r.trx_query AS waiting, b.trx_query AS blocking FROM information_schema.innodb_lock_waits w
           JOIN information_schema.innodb_trx r ON r.trx_id = w.requesting_trx_id
           JOIN information_schema.innodb_trx b ON b.trx_id = w.blocking_trx_id`,
        )) as unknown as [{ waiting: string | null; blocking: string | null }[]];
        samples++;
        openSum += trx.length;
        mostOpen = Math.max(mostOpen, trx.length);
        idleSum += trx.filter((t) => t.q === null).length;
        waitingSum += trx.filter((t) => t.state === "LOCK WAIT").length;
        for (const l of locks) {
          const key = `${shape(l.waiting)}\n      behind: ${shape(l.blocking)}`;
          waits.set(key, (waits.get(key) ?? 0) + 1);
        }
      } catch {
        // a sample lost (the server busy): the next one counts
      }
      await new Promise((r) => setTimeout(r, Math.max(0, everyMs - (Date.now() - started))));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await conn.end();
      const avg = (n: number) => (samples ? n / samples : 0).toFixed(1);
      const lines = [
        `open transactions: ${avg(openSum)} on average (at most ${mostOpen}); idle in a transaction (held while the web process did something else): ${avg(idleSum)}; waiting on a row lock: ${avg(waitingSum)} (${samples} samples)`,
      ];
      const top = [...waits].sort((a, b) => b[1] - a[1]).slice(0, 6);
      if (top.length) lines.push("row-lock waits seen most (samples):", ...top.map(([k, n]) => `  ${String(n).padStart(5)}  ${k}`));
      return lines;
    },
  };
}
