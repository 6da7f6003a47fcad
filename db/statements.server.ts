import { AsyncLocalStorage } from "node:async_hooks";
import { performance } from "node:perf_hooks";
import { sequelize } from "./sequelize.server";

/** One SQL statement run inside a counted piece of work, with its time in milliseconds. */
export interface CountedStatement {
  sql: string;
  ms: number;
}

// Counted per async context, not in a global tally: tests and benches run requests side by side
// (and the in-process job runner runs beside them), and each piece of work must see only its own.
const counting = new AsyncLocalStorage<CountedStatement[]>();
const started = new WeakMap<object, number>();
let hooked = false;

/** Sequelize's hooks see every statement made through it (transactions' BEGIN and COMMIT too). */
function hookOnce(): void {
  if (hooked) return;
  hooked = true;
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
  counting.getStore()?.push({ sql, ms });
}

/** Runs `work` and returns the statements it (and only it) ran, in order. */
export async function countStatements<T>(work: () => Promise<T>): Promise<{ result: T; statements: CountedStatement[] }> {
  hookOnce();
  const statements: CountedStatement[] = [];
  const result = await counting.run(statements, work);
  return { result, statements };
}
