import { migrate } from "./migrate.server";
import { config } from "@lib/config.server";
import type { SeedStep } from "./types";

export type { SeedStep } from "./types";

/**
 * What the composition root (app/composition.server.ts) hands db/ at start-up: the seeding steps in
 * their declared order, and how to tell an empty database. db/ imports no module (ADR 0045).
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

let provide: (() => Promise<SeedPlan>) | undefined;

/** Called by the process entries (the web server, db/cli.ts, scripts, the test set-up) before seeding. */
export function registerSeeds(plan: SeedPlan | (() => Promise<SeedPlan>)): void {
  provide = typeof plan === "function" ? plan : async () => plan;
}

async function seedPlan(): Promise<SeedPlan> {
  if (!provide) throw new Error("No seeds registered: the process entry calls registerSeeds (app/composition.server.ts composeApp)");
  return provide();
}

async function run(steps: readonly SeedStep[]): Promise<void> {
  for (const step of steps) await step.run();
}

/** Lookups every install gets; each module's seed is idempotent. */
export async function seedLookups(): Promise<void> {
  await run((await seedPlan()).lookups);
}

export async function seedDemo(): Promise<void> {
  await run((await seedPlan()).demo);
}

/**
 * What `npm start` does before serving: migrate, lookups, and demo data into an empty database:
 * the accounts and routes, and (unless `treks` is false, as for the browser tests' server, whose
 * tests make their own) paid and unpaid treks with cards and check-ins.
 */
export async function prepareDatabase(opts: { demo: boolean; treks?: boolean }): Promise<{ migrated: string[]; demoSeeded: boolean }> {
  const migrated = await migrate();
  const plan = await seedPlan();
  await run(plan.lookups);
  let demoSeeded = false;
  if (opts.demo && (await plan.isEmpty())) {
    await run(plan.demo);
    // The treks are seeded once, with the accounts: a failure part-way says how to start over
    // (a later start sees the accounts and seeds nothing, rather than doubling what was made).
    if (opts.treks !== false)
      await run(plan.treks).catch((error: unknown) => {
        throw new Error(`The demo treks could not be seeded (${error instanceof Error ? error.message : String(error)}). The demo accounts are in; to seed everything again, delete the embedded database (${config.sqlitePath}) and start again.`, { cause: error });
      });
    demoSeeded = true;
  }
  return { migrated, demoSeeded };
}
