/**
 * Readiness as a list of named checks (docs/operations.md, "Health"): each is run with a time
 * limit, and the answer names every check with "ok" or why it failed, so whoever reads a 503
 * sees which dependency to look at. A slow check (launching Chromium) is cached for a while.
 */
export interface HealthCheck {
  name: string;
  run: () => Promise<void>;
  /** Longest wait before the check counts as failed. */
  timeoutMs?: number;
  /** A result (good or bad) is reused this long; the next call after it runs the check again. */
  cacheMs?: number;
}

export interface CheckResult {
  name: string;
  ok: boolean;
  ms: number;
  error?: string;
}

export interface Readiness {
  status: "ready" | "not ready" | "shutting down";
  checks: CheckResult[];
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref?.();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** One line of an error, without a stack or anything multi-line a driver added. */
function reason(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.split("\n")[0].slice(0, 200);
}

export function createReadiness(checks: readonly HealthCheck[]) {
  const cached = new Map<string, { at: number; result: Promise<CheckResult> }>();
  let shuttingDown = false;

  function runOne(check: HealthCheck): Promise<CheckResult> {
    const now = Date.now();
    const hit = cached.get(check.name);
    if (hit && check.cacheMs && now - hit.at < check.cacheMs) return hit.result;
    const started = performance.now();
    const result = withTimeout(
      Promise.resolve().then(() => check.run()),
      check.timeoutMs ?? 2000,
    ).then(
      (): CheckResult => ({ name: check.name, ok: true, ms: Math.round(performance.now() - started) }),
      (error): CheckResult => ({ name: check.name, ok: false, ms: Math.round(performance.now() - started), error: reason(error) }),
    );
    if (check.cacheMs) cached.set(check.name, { at: now, result });
    return result;
  }

  return {
    /** Every check, run at once. While shutting down, none runs: the answer is 503 at once. */
    async check(): Promise<Readiness> {
      if (shuttingDown) return { status: "shutting down", checks: [] };
      const results = await Promise.all(checks.map(runOne));
      return { status: results.every((r) => r.ok) ? "ready" : "not ready", checks: results };
    },
    /** SIGTERM: from now on the instance answers "shutting down" so the load balancer stops sending to it. */
    shutDown(): void {
      shuttingDown = true;
    },
    get shuttingDown(): boolean {
      return shuttingDown;
    },
  };
}

export type ReadinessProbe = ReturnType<typeof createReadiness>;
