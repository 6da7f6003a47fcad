import fs from "node:fs";
import path from "node:path";

/**
 * What a process spent its CPU on, from a V8 profile (`node --cpu-prof`, written when the process
 * exits): self time summed by function and by where the code lives (our code by file, a library
 * by package), so a bench that names "the web process's CPU" can also name what in it.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** `node_modules/react-dom/…` → "react-dom"; our build or sources → the file; V8's own → its label. */
function placeOf(url: string, functionName: string): string {
  if (!url) return `(${functionName || "native"})`;
  const clean = url.replace(/^file:\/\//, "");
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(clean);
  if (pkg) return pkg[1];
  if (clean.startsWith("node:")) return clean;
  return path.relative(process.cwd(), clean);
}

export interface ProfileSummary {
  totalMs: number;
  byFunction: [string, number][];
  byPlace: [string, number][];
}

export function summariseProfile(file: string, top = 12): ProfileSummary {
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as CpuProfile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const byFunction = new Map<string, number>();
  const byPlace = new Map<string, number>();
  let totalMs = 0;
  for (const [id, ms] of selfMs) {
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
    // Idle is the event loop waiting: not CPU.
    if (functionName === "(idle)") continue;
    totalMs += ms;
    const place = placeOf(url, functionName);
    const fn = `${functionName || "(anonymous)"} ${place}${url ? `:${lineNumber + 1}` : ""}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
    byPlace.set(place, (byPlace.get(place) ?? 0) + ms);
  }
  const topOf = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top);
  return { totalMs, byFunction: topOf(byFunction), byPlace: topOf(byPlace) };
}

/** The summary as lines: each entry's share of the process's CPU. */
export function profileLines(name: string, file: string, top = 12): string[] {
  const s = summariseProfile(file, top);
  const share = (ms: number) => `${((ms / s.totalMs) * 100).toFixed(1).padStart(5)} %`;
  return [
    `${name}: ${(s.totalMs / 1000).toFixed(1)} s of CPU (${file})`,
    "  by place:",
    ...s.byPlace.map(([p, ms]) => `    ${share(ms)}  ${p}`),
    "  by function (self time):",
    ...s.byFunction.map(([f, ms]) => `    ${share(ms)}  ${f}`),
  ];
}

/** The profile a process of `pid` wrote into `dir` (V8 names it CPU.<date>.<time>.<pid>.<tid>.<seq>.cpuprofile). */
export function profileOf(dir: string, pid: number | undefined): string | undefined {
  if (!pid || !fs.existsSync(dir)) return undefined;
  const file = fs.readdirSync(dir).find((f) => f.endsWith(".cpuprofile") && f.split(".")[3] === String(pid));
  return file && path.join(dir, file);
}
