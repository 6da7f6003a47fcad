import { AsyncLocalStorage } from "node:async_hooks";
import { performance } from "node:perf_hooks";
import { sequelize } from "./sequelize.server";

/** One SQL statement run inside a counted piece of work, with its time in milliseconds. */
export interface CountedStatement {
  sql: string;
  ms: number;
}

/** A counted piece of work's statements, and its waits for a pooled connection (milliseconds, summed). */
interface Tally {
  statements: CountedStatement[];
  poolMs: number;
}

// Counted per async context, not in a global tally: tests and benches run requests side by side
// (and the in-process job runner runs beside them), and each piece of work must see only its own.
const counting = new AsyncLocalStorage<Tally>();
const started = new WeakMap<object, number>();
let hooked = false;

/** Sequelize's hooks see every statement made through it (transactions' BEGIN and COMMIT too). */
function hookOnce(): void {
  if (hooked) return;
  hooked = true;
  // A statement's time starts once it has its connection (Sequelize's beforeQuery runs after the
  // pool gave one): the wait for the pool is timed here, apart, so a bench can tell a busy
  // database from a pool too small for the requests at once.
  const pool = sequelize.connectionManager as unknown as { getConnection: (...args: unknown[]) => Promise<unknown> };
  const getConnection = pool.getConnection.bind(pool);
  pool.getConnection = async (...args: unknown[]) => {
    const tally = counting.getStore();
    if (!tally) return getConnection(...args);
    const since = performance.now();
    try {
      return await getConnection(...args);
    } finally {
      tally.poolMs += performance.now() - since;
    }
  };
  sequelize.addHook("beforeQuery", "count-statements", ((_options: unknown, query: object) => {
    if (counting.getStore()) started.set(query, performance.now());
  }) as never);
  sequelize.addHook("afterQuery", "count-statements", ((_options: unknown, query: { sql?: string }) => {
    const since = started.get(query);
    noteStatement(query.sql ?? "(unknown)", since === undefined ? 0 : performance.now() - since);
  }) as never);
}

/** For statements that bypass Sequelize (selectArrays on MySQL): counted like the others. */
export function noteStatement(sql: string, ms: number): void {
  counting.getStore()?.statements.push({ sql, ms });
}

/** Runs `work` and returns the statements it (and only it) ran, in order, and its waits for a pooled connection. */
export async function countStatements<T>(work: () => Promise<T>): Promise<{ result: T; statements: CountedStatement[]; poolMs: number }> {
  hookOnce();
  const tally: Tally = { statements: [], poolMs: 0 };
  const result = await counting.run(tally, work);
  return { result, statements: tally.statements, poolMs: tally.poolMs };
}
