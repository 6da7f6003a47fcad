/** For tests that need the schema: migrate and seed lookups once per file. */
export async function prepareTestDatabase(opts: { demo?: boolean } = {}) {
  const { migrate } = await import("../../db/migrate.server");
  const { seedLookups, seedDemo } = await import("../../db/seed.server");
  await migrate();
  await seedLookups();
  if (opts.demo) await seedDemo();
}
