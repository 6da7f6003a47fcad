import type { JobHandler, JobScheduleDeclaration } from "./types";

/**
 * What the composition root (app/composition.server.ts) hands jobs/ at start-up; jobs/ imports no
 * module (ADR 0045). Its own file, importing nothing that reads the configuration, so the Vitest
 * set-up can register before a test sets its environment.
 */
export interface JobRegistration {
  handlers: Readonly<Record<string, JobHandler>>;
  schedules: readonly JobScheduleDeclaration[];
}

// On globalThis: a test that resets its modules (vi.resetModules) keeps what its set-up registered.
const slot = globalThis as typeof globalThis & { __timsJobRegistration?: () => Promise<JobRegistration> };

/**
 * Called by the process entries (the web server, scripts, the test set-up; the worker builds its
 * Bull queue from the same registration). A loader lets the test set-up register without importing
 * every module into test files that never run a job.
 */
export function registerJobs(registration: JobRegistration | (() => Promise<JobRegistration>)): void {
  slot.__timsJobRegistration = typeof registration === "function" ? registration : async () => registration;
}

export async function registeredJobs(): Promise<JobRegistration> {
  const provide = slot.__timsJobRegistration;
  if (!provide) throw new Error("No job handlers registered: the process entry calls registerJobs (app/composition.server.ts composeApp)");
  return provide();
}
