import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { QueryTypes, Sequelize } from "sequelize";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const dirs: string[] = [];

/** `npx tsx db/cli.ts …` on a database of its own (a SQLite file in a new folder), as npm start runs it. */
async function cli(args: string[], env: Record<string, string> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tims-cli-"));
  dirs.push(dir);
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, FILES_DIR: path.join(dir, "files") };
  for (const name of ["DATABASE_URL", "TIMS_MODE", "SQLITE_PATH", "TEST_DB_DIALECT"]) delete childEnv[name];
  Object.assign(childEnv, env);
  const result = await run("npx", ["tsx", "db/cli.ts", ...args], { env: childEnv }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );
  return { ...result, count: (table: string) => countRows(path.join(dir, "tims.sqlite"), table) };
}

async function countRows(file: string, table: string): Promise<number> {
  const db = new Sequelize({ dialect: "sqlite", storage: file, logging: false });
  try {
    const [row] = await db.query<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`, { type: QueryTypes.SELECT });
    return Number(row.n);
  } finally {
    await db.close();
  }
}

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

// The command is the same whichever database the suite's other project uses: run it once. The
// three runs are separate processes on separate files, so they run side by side (issue 27: skipped
// in the "mariadb" project only; the "sqlite" project always runs it).
describe.skipIf(process.env.TEST_DB_DIALECT === "mysql")("db/cli.ts: demo data only in the embedded mode", { concurrent: true }, () => {
  it("a deployment's prepare migrates and seeds the lookups but never the demo accounts (their password is published)", async () => {
    const r = await cli(["prepare"], { TIMS_MODE: "deployment" });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Demo data not seeded (deployment mode).");
    expect(await r.count("users")).toBe(0);
    expect(await r.count("countries")).toBeGreaterThan(200);
  }, 90_000);

  it("a deployment's `demo` is refused with the reason", async () => {
    const r = await cli(["demo"], { TIMS_MODE: "deployment" });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("Demo data is for the embedded mode only");
  }, 90_000);

  it("the embedded prepare seeds the demo accounts; --without-treks (the browser tests' server) no treks", async () => {
    const r = await cli(["prepare", "--without-treks"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Demo data seeded.");
    expect(await r.count("users")).toBe(6);
    expect(await r.count("registrations")).toBe(0);
  }, 90_000);
});
