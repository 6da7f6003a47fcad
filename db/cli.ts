/**
 * `npm run migrate | seed | demo`: database chores outside the web process. `prepare` is npm
 * start's (demo accounts, routes and treks into an empty database); `prepare --without-treks`
 * leaves the treks out, for the browser tests' server.
 */
import { migrate } from "./migrate.server";
import { prepareDatabase, seedDemo, seedLookups } from "./seed.server";
import { sequelize } from "./sequelize.server";
import { config } from "@lib/config.server";
// A process entry: it hands db/ the modules' migrations and seeds from the composition root (ADR 0045).
import { composeApp } from "../app/composition.server";

composeApp();

const command = process.argv[2];
try {
  if (command === "migrate") {
    const done = await migrate();
    console.log(done.length ? `Applied: ${done.join(", ")}` : "Database is up to date.");
  } else if (command === "seed") {
    await migrate();
    await seedLookups();
    console.log("Lookups seeded.");
  } else if (command === "prepare") {
    // The demo accounts' password is in the README: a deployment's database never gets them.
    const demo = config.embedded;
    const r = await prepareDatabase({ demo, treks: !process.argv.includes("--without-treks") });
    const seeded = !demo ? "not seeded (deployment mode)" : r.demoSeeded ? "seeded" : "already present (database not empty)";
    console.log(`Migrations applied: ${r.migrated.length}. Demo data ${seeded}.`);
  } else if (command === "demo" && !config.embedded) {
    console.error("Demo data is for the embedded mode only: its accounts' password is published. Unset DATABASE_URL and TIMS_MODE to run it.");
    process.exitCode = 2;
  } else if (command === "demo") {
    await migrate();
    await seedLookups();
    await seedDemo();
    console.log("Demo data seeded.");
  } else {
    console.error("Usage: tsx db/cli.ts migrate|seed|prepare|demo");
    process.exitCode = 2;
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await sequelize.close();
}
