/**
 * `npm run migrate | seed | demo`: database chores outside the web process. `prepare` is npm
 * start's (demo accounts, routes and treks into an empty database); `prepare --without-treks`
 * leaves the treks out, for the browser tests' server.
 */
import { migrate } from "./migrate.server";
import { prepareDatabase, seedDemo, seedLookups } from "./seed.server";
import { sequelize } from "./sequelize.server";

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
    const r = await prepareDatabase({ demo: true, treks: !process.argv.includes("--without-treks") });
    console.log(`Migrations applied: ${r.migrated.length}. Demo data ${r.demoSeeded ? "seeded" : "already present (database not empty)"}.`);
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
