/**
 * `npm run backup [--out DIR]`: one archive of the database and the files directory the app uses
 * (DATABASE_URL or the SQLite file; FILES_DIR), with a manifest and checksums; docs/operations.md.
 * DIR defaults to DATA_DIR/backups. Prints the archive's path; exit code 0, or 1 on a failure.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { config } from "../lib/config.server";
import { BackupError, EXIT, createBackup, databaseTargetOf, describeTarget } from "../db/backup/archive.server";

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? undefined : process.argv[i + 1];
};

function commit(): string | null {
  try {
    return execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim() || null;
  } catch {
    return null;
  }
}

async function main(): Promise<number> {
  const outDir = path.resolve(arg("out") ?? path.join(config.dataDir, "backups"));
  const database = databaseTargetOf(config);
  console.log(`Backing up ${describeTarget(database)} and ${config.filesDir} …`);
  const started = Date.now();
  const { file, manifest } = await createBackup({ database, filesDir: config.filesDir, outDir, app: { name: "tims", commit: commit() } });
  const rows = Object.values(manifest.database.tables).reduce((a, b) => a + b, 0);
  console.log(
    `Wrote ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${Object.keys(manifest.database.tables).length} tables (${rows} rows), ` +
      `${manifest.files.count} files (${manifest.files.bytes} bytes), migration ${manifest.app.migration ?? "none"}. Checksum: ${file}.sha256`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof BackupError ? error.message : error);
    process.exit(error instanceof BackupError ? error.exitCode : EXIT.failed);
  },
);
