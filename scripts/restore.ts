/**
 * `npm run restore ARCHIVE [--force]`: checks every member of a backup against its manifest, then
 * restores it into the database and files directory the app is configured with (DATABASE_URL or
 * the SQLite file; FILES_DIR), which must be empty unless --force; docs/operations.md. Stop the
 * web instances and workers first. Exit codes: 0 restored, 1 failed, 2 usage, 3 archive refused
 * (corrupt, altered, another kind of database, a newer version's), 4 target not empty.
 */
import { config } from "../lib/config.server";
import { BackupError, EXIT, databaseTargetOf, restoreBackup } from "../db/backup/archive.server";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const force = args.includes("--force");
  const archive = args.filter((a) => a !== "--force");
  if (archive.length !== 1 || archive[0].startsWith("--")) {
    console.error("Usage: npm run restore -- ARCHIVE [--force]");
    return EXIT.usage;
  }
  // A process entry: the migrations this version knows come from the composition root (ADR 0045).
  (await import("../app/composition.server")).composeApp();
  const { registeredMigrations } = await import("../db/registration");
  const knownMigrations = (await registeredMigrations()).map((m) => m.name);
  await restoreBackup({
    archive: archive[0],
    database: databaseTargetOf(config),
    filesDir: config.filesDir,
    force,
    knownMigrations,
    log: (line) => console.log(line),
  });
  console.log("Done. Start the app: it applies any migration this version adds (npm run migrate in a deployment).");
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof BackupError ? error.message : error);
    process.exit(error instanceof BackupError ? error.exitCode : EXIT.failed);
  },
);
