import { migrate } from "./migrate.server";
import { config } from "@lib/config.server";
import type { SeedStep } from "./types";
import { registeredSeeds as seedPlan } from "./registration";

export type { SeedStep } from "./types";
export { registerSeeds, type SeedPlan } from "./registration";

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
        throw new Error(
          `The demo treks could not be seeded (${error instanceof Error ? error.message : String(error)}). The demo accounts are in; to seed everything again, delete the embedded database (${config.sqlitePath}) and start again.`,
          { cause: error },
        );
      });
    demoSeeded = true;
  }
  return { migrated, demoSeeded };
}
