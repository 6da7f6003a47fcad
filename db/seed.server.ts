import { modules } from "../modules/registry.server";
import { migrate } from "./migrate.server";
import { countUsers } from "@modules/users/index.server";
import { seedDemoTreks } from "./demo-treks.server";

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
    if (opts.treks !== false) await seedDemoTreks();
    demoSeeded = true;
  }
  return { migrated, demoSeeded };
}
