/**
 * What a process entry does at start (app/composition.server.ts composeApp), done lazily: db/ and
 * jobs/ get the modules' migrations, seeds and jobs from the composition root only when a test
 * migrates or runs a job, so a test file that does neither imports no module. Imported by the
 * Vitest set-up and by the shared factories, which the browser tests' workers use to build data
 * (their services enqueue jobs and run them in the worker's process).
 */
import { registerMigrations, registerSeeds } from "../../db/registration";
import { registerJobs } from "../../jobs/registration";

const composition = () => import("../../app/composition.server");
registerMigrations(async () => (await composition()).allMigrations());
registerSeeds(async () => (await composition()).seedPlan());
registerJobs(async () => {
  const c = await composition();
  return { handlers: c.jobHandlers(), schedules: c.jobSchedules() };
});
