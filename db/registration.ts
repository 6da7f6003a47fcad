import type { Migration, SeedStep } from "./types";

/**
 * What the composition root (app/composition.server.ts) hands db/ at start-up: the migrations, and
 * the seeding steps in their declared order. db/ imports no module (ADR 0045). Its own file,
 * importing nothing that reads the configuration, so the Vitest set-up can register before a test
 * sets its environment.
 */
export interface SeedPlan {
  /** Reference data every install gets; each step is idempotent. */
  lookups: readonly SeedStep[];
  /** Demo accounts and routes, run once into an empty database. */
  demo: readonly SeedStep[];
  /** Demo treks (registrations, payments, cards, check-ins), after `demo`. */
  treks: readonly SeedStep[];
  /** True when the database has no accounts yet (the demo is seeded only then). */
  isEmpty: () => Promise<boolean>;
}

// On globalThis: a test that resets its modules (vi.resetModules) keeps what its set-up registered.
const slot = globalThis as typeof globalThis & { __timsMigrations?: () => Promise<readonly Migration[]>; __timsSeeds?: () => Promise<SeedPlan> };

/** Called by the process entries with the composition root's migrations; a loader lets the test set-up register without importing them all. */
export function registerMigrations(list: readonly Migration[] | (() => Promise<readonly Migration[]>)): void {
  slot.__timsMigrations = typeof list === "function" ? list : async () => list;
}

/** Called by the process entries (the web server, db/cli.ts, scripts, the test set-up) before seeding. */
export function registerSeeds(plan: SeedPlan | (() => Promise<SeedPlan>)): void {
  slot.__timsSeeds = typeof plan === "function" ? plan : async () => plan;
}

export async function registeredMigrations(): Promise<readonly Migration[]> {
  const migrations = slot.__timsMigrations;
  if (!migrations) throw new Error("No migrations registered: the process entry calls registerMigrations (app/composition.server.ts composeApp)");
  return migrations();
}

export async function registeredSeeds(): Promise<SeedPlan> {
  const seeds = slot.__timsSeeds;
  if (!seeds) throw new Error("No seeds registered: the process entry calls registerSeeds (app/composition.server.ts composeApp)");
  return seeds();
}
