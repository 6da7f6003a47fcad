import { performance } from "node:perf_hooks";
import { clockTicks, groupOf, processes, ticksOf } from "./cpu";

/**
 * What one of a bench's operations costs in CPU, measured alone: the operation run `runs` times
 * one after another on an otherwise quiet cluster, the CPU the web processes, the worker, MariaDB
 * and Chromium used meanwhile divided by the runs. Multiplied by how often the hour asks for each,
 * it says which operations the machine's cores went to, which the hour's own sampling (one share
 * per process) cannot: a web process serves every kind at once.
 */
export interface OperationCost {
  kind: string;
  runs: number;
  /** Milliseconds of CPU per operation. */
  web: number;
  worker: number;
  mariadb: number;
  chromium: number;
  /** The operation's wall time as the client waited, median. */
  wallMs: number;
}

export interface Operation {
  kind: string;
  run: (i: number) => Promise<void>;
  /** Waits, after the runs, for the work they left behind (the worker's jobs) before the CPU is read. */
  settle?: () => Promise<void>;
}

type Pids = { web: number[]; worker: number[] };

function cpuNow(pids: Pids): Record<"web" | "worker" | "mariadb" | "chromium", number> {
  const sum = (list: number[]) => list.reduce((s, pid) => s + (ticksOf(pid)?.ticks ?? 0), 0);
  const all = processes();
  const group = (name: string) => all.filter((p) => groupOf(p.comm) === name).reduce((s, p) => s + p.ticks, 0);
  return { web: sum(pids.web), worker: sum(pids.worker), mariadb: group("mariadb"), chromium: group("chromium (PDFs)") };
}

export async function measureCosts(operations: Operation[], pids: Pids, runs: number): Promise<OperationCost[]> {
  const msPerTick = 1000 / clockTicks();
  const costs: OperationCost[] = [];
  for (const op of operations) {
    // One run first, uncounted: a page's first answer pays for its module's first use.
    await op.run(-1);
    await op.settle?.();
    const before = cpuNow(pids);
    const walls: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await op.run(i);
      walls.push(performance.now() - started);
    }
    await op.settle?.();
    const after = cpuNow(pids);
    const per = (k: keyof typeof before) => ((after[k] - before[k]) * msPerTick) / runs;
    walls.sort((a, b) => a - b);
    costs.push({
      kind: op.kind,
      runs,
      web: per("web"),
      worker: per("worker"),
      mariadb: per("mariadb"),
      chromium: per("chromium"),
      wallMs: walls[Math.floor(runs / 2)],
    });
  }
  return costs;
}

/**
 * The costs beside the hour's counts: each kind's demand in cores over `seconds` (its count times
 * its CPU), largest first, and what they add up to against the machine's cores.
 */
export function costLines(costs: OperationCost[], countOf: (kind: string) => number, seconds: number, cores: number): string[] {
  const rows = costs.map((c) => {
    const n = countOf(c.kind);
    const each = c.web + c.worker + c.mariadb + c.chromium;
    return { ...c, n, each, cores: (n * each) / 1000 / seconds };
  });
  rows.sort((a, b) => b.cores - a.cores);
  const f = (x: number) => x.toFixed(0).padStart(6);
  const lines = [
    `${"operation".padEnd(44)} ${"web".padStart(6)} ${"worker".padStart(6)} ${"maria".padStart(6)} ${"chrom".padStart(6)} ${"wall".padStart(6)}   ${"n".padStart(6)}  cores`,
    ...rows.map(
      (r) =>
        `${r.kind.padEnd(44)} ${f(r.web)} ${f(r.worker)} ${f(r.mariadb)} ${f(r.chromium)} ${f(r.wallMs)}   ${String(r.n).padStart(6)}  ${r.cores.toFixed(2).padStart(5)}`,
    ),
  ];
  const total = rows.reduce((s, r) => s + r.cores, 0);
  const web = rows.reduce((s, r) => s + (r.n * r.web) / 1000 / seconds, 0);
  lines.push(`in all: ${total.toFixed(2)} of the machine's ${cores} cores (the web processes ${web.toFixed(2)}), the clients and nginx not counted`);
  return lines;
}
