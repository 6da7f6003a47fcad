import { modules } from "../modules/registry.server";
import { migrate } from "./migrate.server";
import { countUsers } from "@modules/users/index.server";
import { seedDemoTreks } from "./demo-treks.server";
import { config } from "@lib/config.server";

/** Lookups every install gets; each module's seed is idempotent. */
export async function seedLookups(): Promise<void> {
  for (const m of modules) if (m.seedLookups) await m.seedLookups();
}

export async function seedDemo(): Promise<void> {
  for (const m of modules) if (m.seedDemo) await m.seedDemo();
}

/**
 * What `npm start` does before serving: migrate, lookups, and demo data into an empty database:
 * the accounts and routes, and (unless `treks` is false, as for the browser tests' server, whose
 * tests make their own) paid and unpaid treks with cards and check-ins.
 */
export async function prepareDatabase(opts: { demo: boolean; treks?: boolean }): Promise<{ migrated: string[]; demoSeeded: boolean }> {
  const migrated = await migrate();
  await seedLookups();
  let demoSeeded = false;
  if (opts.demo && (await countUsers()) === 0) {
    await seedDemo();
    // The treks are seeded once, with the accounts: a failure part-way says how to start over
    // (a later start sees the accounts and seeds nothing, rather than doubling what was made).
    if (opts.treks !== false)
      await seedDemoTreks().catch((error: unknown) => {
        throw new Error(`The demo treks could not be seeded (${error instanceof Error ? error.message : String(error)}). The demo accounts are in; to seed everything again, delete the embedded database (${config.sqlitePath}) and start again.`, { cause: error });
      });
    demoSeeded = true;
  }
  return { migrated, demoSeeded };
}
