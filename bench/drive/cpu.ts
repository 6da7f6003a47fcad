import fs from "node:fs";
import { execFileSync } from "node:child_process";

/**
 * CPU use of the processes a bench drives, sampled from /proc once a second (Linux): given pids
 * by name, and the database, Redis and Chromium found by their command names. stop() gives each
 * one's average share of one core over the sampling (1.0 = a whole core): which resource ran out.
 */
export function cpuSampler(named: Record<string, number | undefined>): { stop: () => [string, number][] } {
  const tick = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  const groups: Record<string, (comm: string) => boolean> = {
    mariadb: (c) => c === "mariadbd" || c === "mysqld",
    redis: (c) => c.startsWith("redis-server"),
    "chromium (PDFs)": (c) => c.startsWith("chromium") || c.startsWith("chrome"),
    "balancer (nginx)": (c) => c.startsWith("nginx"),
  };
  const last = new Map<number, number>();
  const used = new Map<string, number>();
  const ticksOf = (pid: number): { comm: string; ticks: number } | null => {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const comm = stat.slice(stat.indexOf("(") + 1, close);
      const fields = stat.slice(close + 2).split(" ");
      return { comm, ticks: Number(fields[11]) + Number(fields[12]) };
    } catch {
      return null;
    }
  };
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
    for (const entry of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      const pid = Number(entry);
      if (Object.values(named).includes(pid)) continue;
      const t = ticksOf(pid);
      if (!t) continue;
      const group = Object.keys(groups).find((g) => groups[g](t.comm));
      if (group) add(group, pid, t.ticks);
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
