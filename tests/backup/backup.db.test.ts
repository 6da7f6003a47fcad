import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "@lib/config.server";
import { makePng } from "@lib/files/test-images";
import { storeFile } from "@lib/files/storage.server";
import {
  BackupError,
  EXIT,
  createBackup,
  hashTree,
  listFiles,
  restoreBackup,
  restoredFacts,
  targetTables,
  verifyArchive,
} from "../../db/backup/archive.server";
import { prepareTestDatabase } from "../setup/test-db";
import { makeTrail } from "../factories/checkins";
import { paidBill } from "../factories/payments";
import { dropTargets, freshTarget, repack, source } from "./helpers";

// `npm run backup` / `npm run restore`'s pieces (issue 31, item 4) on the database this project
// runs (SQLite, and MariaDB in CI): the manifest, the refusal of a corrupt or altered archive
// before anything is written, and of a target that is not empty unless forced.

let archive: string;
let sums: Record<string, string>;
const outDir = path.join(config.dataDir, "backups");

beforeAll(async () => {
  await prepareTestDatabase();
  const trail = await makeTrail(0);
  await paidBill(trail.route.id, { count: 2 });
  await storeFile("trekker-photos", makePng(20, 20), "png");
  await storeFile("vouchers", new TextEncoder().encode("%PDF-1.4\n%%EOF\n"), "pdf");
  sums = await hashTree(config.filesDir);
  archive = (await createBackup({ database: source(), filesDir: config.filesDir, outDir })).file;
});
afterAll(dropTargets);

async function refusal(work: Promise<unknown>): Promise<BackupError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BackupError);
  return error as BackupError;
}

describe("the archive", () => {
  it("holds a manifest with the database's kind, every table's row count, the migration level and each member's SHA-256", async () => {
    const manifest = await verifyArchive(archive);
    const live = await restoredFacts(source());
    expect(manifest.database.kind).toBe(source().kind);
    expect(manifest.database.tables).toEqual(live.tables);
    expect(manifest.database.tables.bills).toBe(1);
    expect(manifest.database.tables.trekkers).toBe(2);
    expect(manifest.app.migrations).toBe(live.migrations.length);
    expect(manifest.app.migration).toBe(live.migrations.at(-1));
    expect(Date.parse(manifest.createdAt)).toBeGreaterThan(Date.now() - 5 * 60_000);
    const files = Object.fromEntries(manifest.members.filter((m) => m.path.startsWith("files/")).map((m) => [m.path.slice(6), m.sha256]));
    expect(files).toEqual(sums);
    expect(Object.keys(files)).toHaveLength(2);
    expect(manifest.files.count).toBe(2);
    const [db] = manifest.members;
    expect(db.path).toBe(manifest.database.member);
    // The .sha256 file beside the archive is what `sha256sum -c` reads after a copy.
    const line = fs.readFileSync(`${archive}.sha256`, "utf8");
    expect(line).toBe(`${crypto.createHash("sha256").update(fs.readFileSync(archive)).digest("hex")}  ${path.basename(archive)}\n`);
  });
});

describe("restore", () => {
  it("restores into an empty database and files directory, the same rows and files", async () => {
    const t = freshTarget();
    const manifest = await restoreBackup({ archive, database: t.database, filesDir: t.filesDir });
    expect((await restoredFacts(t.database)).tables).toEqual(manifest.database.tables);
    expect(await hashTree(t.filesDir)).toEqual(sums);
  });

  it("refuses a member whose bytes changed, naming it, and writes nothing", async () => {
    const manifest = await verifyArchive(archive);
    const victim = manifest.members.find((m) => m.path.startsWith("files/"))!.path;
    const altered = path.join(outDir, "altered.tar.gz");
    await repack(archive, altered, (p, bytes) =>
      p === victim ? Buffer.concat([bytes.subarray(0, 10), Buffer.from([bytes[10] ^ 1]), bytes.subarray(11)]) : bytes,
    );
    const t = freshTarget();
    const error = await refusal(restoreBackup({ archive: altered, database: t.database, filesDir: t.filesDir }));
    expect(error.message).toMatch(new RegExp(`^The member ${victim} is corrupt: its SHA-256 is [0-9a-f]{64}`));
    expect(error.exitCode).toBe(EXIT.archiveRefused);
    expect(await targetTables(t.database)).toEqual([]);
    expect(await listFiles(t.filesDir)).toEqual([]);
  });

  it("refuses a changed database member, a member the manifest does not list, and a truncated archive", async () => {
    const manifest = await verifyArchive(archive);
    const dbChanged = path.join(outDir, "db-changed.tar.gz");
    await repack(archive, dbChanged, (p, bytes) => (p === manifest.database.member ? Buffer.concat([bytes, Buffer.from("\n")]) : bytes));
    expect((await refusal(verifyArchive(dbChanged))).message).toContain(`The member ${manifest.database.member} is corrupt`);

    const truncated = path.join(outDir, "truncated.tar.gz");
    fs.writeFileSync(truncated, fs.readFileSync(archive).subarray(0, Math.floor(fs.statSync(archive).size / 2)));
    const cut = await refusal(verifyArchive(truncated));
    expect(cut.exitCode).toBe(EXIT.archiveRefused);
    expect(cut.message).toMatch(/^The archive is damaged \(unexpected end of file\) in the member (database|files)\//);

    expect((await refusal(verifyArchive(path.join(outDir, "nothing.tar.gz")))).exitCode).toBe(EXIT.usage);
  });

  it("refuses a database or files directory that is not empty unless forced, then replaces them", async () => {
    const t = freshTarget();
    await restoreBackup({ archive, database: t.database, filesDir: t.filesDir });
    const stray = path.join(t.filesDir, "stray.txt");
    fs.writeFileSync(stray, "left over");
    const error = await refusal(restoreBackup({ archive, database: t.database, filesDir: t.filesDir }));
    expect(error.exitCode).toBe(EXIT.targetNotEmpty);
    expect(error.message).toMatch(/^Refused: .+ has \d+ tables and .+ holds 3 files\. Restore into an empty database and files directory, or pass --force/);
    expect(fs.existsSync(stray)).toBe(true);

    // Only the files directory holds something: still refused.
    const onlyFiles = freshTarget();
    fs.mkdirSync(onlyFiles.filesDir, { recursive: true });
    fs.writeFileSync(path.join(onlyFiles.filesDir, "x.txt"), "x");
    expect((await refusal(restoreBackup({ archive, database: onlyFiles.database, filesDir: onlyFiles.filesDir }))).exitCode).toBe(EXIT.targetNotEmpty);

    const manifest = await restoreBackup({ archive, database: t.database, filesDir: t.filesDir, force: true });
    expect(fs.existsSync(stray)).toBe(false);
    expect((await restoredFacts(t.database)).tables).toEqual(manifest.database.tables);
    expect(await hashTree(t.filesDir)).toEqual(sums);
  });

  it("refuses an archive of a newer version's database (a migration this code does not have)", async () => {
    const t = freshTarget();
    const error = await refusal(restoreBackup({ archive, database: t.database, filesDir: t.filesDir, knownMigrations: ["2020-only-this"] }));
    expect(error.message).toMatch(/^The archive's database is at migration \S+, which this version of TIMS does not have/);
    expect(await targetTables(t.database)).toEqual([]);
  });
});
