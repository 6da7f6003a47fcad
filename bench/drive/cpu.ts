import fs from "node:fs";
import { execFileSync } from "node:child_process";

/** The kernel's clock ticks per second, the unit of /proc/<pid>/stat's CPU times. */
export const clockTicks = () => Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

/** The services a bench names by their command: the database, Redis, Chromium, the load balancer. */
const groups: Record<string, (comm: string) => boolean> = {
  mariadb: (c) => c === "mariadbd" || c === "mysqld",
  redis: (c) => c.startsWith("redis-server"),
  "chromium (PDFs)": (c) => c.startsWith("chromium") || c.startsWith("chrome"),
  "balancer (nginx)": (c) => c.startsWith("nginx"),
};
export const groupOf = (comm: string) => Object.keys(groups).find((g) => groups[g](comm));

/** A process's command and the CPU it has used so far (user and system, in clock ticks); null once gone. */
export function ticksOf(pid: number): { comm: string; ticks: number } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const close = stat.lastIndexOf(")");
    const comm = stat.slice(stat.indexOf("(") + 1, close);
    const fields = stat.slice(close + 2).split(" ");
    return { comm, ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/** Every running process's pid and command, from /proc. */
export function processes(): { pid: number; comm: string; ticks: number }[] {
  const found = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const t = ticksOf(Number(entry));
    if (t) found.push({ pid: Number(entry), ...t });
  }
  return found;
}

/**
 * CPU use of the processes a bench drives, sampled from /proc once a second (Linux): given pids
 * by name, and the database, Redis and Chromium found by their command names. stop() gives each
 * one's average share of one core over the sampling (1.0 = a whole core): which resource ran out.
 */
export function cpuSampler(named: Record<string, number | undefined>): { stop: () => [string, number][] } {
  const tick = clockTicks();
  const last = new Map<number, number>();
  const used = new Map<string, number>();
  const add = (name: string, pid: number, ticks: number) => {
    const before = last.get(pid);
    last.set(pid, ticks);
    if (before !== undefined) used.set(name, (used.get(name) ?? 0) + ticks - before);
    else used.set(name, used.get(name) ?? 0);
  };
  const sample = () => {
    for (const [name, pid] of Object.entries(named)) {
      const t = pid ? ticksOf(pid) : null;
      if (t && pid) add(name, pid, t.ticks);
    }
    for (const t of processes()) {
      if (Object.values(named).includes(t.pid)) continue;
      const group = groupOf(t.comm);
      if (group) add(group, t.pid, t.ticks);
    }
  };
  const started = Date.now();
  sample();
  const timer = setInterval(sample, 1000);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const seconds = (Date.now() - started) / 1000;
      return [...used].map(([name, ticks]) => [name, ticks / tick / seconds] as [string, number]).sort((a, b) => b[1] - a[1]);
    },
  };
}
