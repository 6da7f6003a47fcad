// The suite's server started as `npm start` starts it (scripts/e2e-server.mjs runs
// scripts/start.mjs): its own database with the demo data, the app's address
// http://localhost:PORT, and 127.0.0.1 answering too. Tests reach its database through a child
// process (npm-start-data.ts), since this process's database is the main e2e server's.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import sqlite3 from "sqlite3";
import { expect, type BrowserContext } from "@playwright/test";
import { NPM_START_UNSET } from "../../../scripts/npm-start-env.mjs";

export const NPM_START_PORT = Number(process.env.E2E_PORT || 3100) + 2;
export const NPM_START_DATA_DIR = `${process.env.DATA_DIR}-npm-start`;
/** The two loopback names a new user may open it at. */
export const NPM_START_HOSTS = [`http://localhost:${NPM_START_PORT}`, `http://127.0.0.1:${NPM_START_PORT}`] as const;

/** Waits until the server answers (it seeds its demo data first, after the suite has started). */
export async function npmStartReady(): Promise<void> {
  await expect
    .poll(
      () =>
        fetch(`http://localhost:${NPM_START_PORT}/login`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 540_000, intervals: [500, 1000, 2000] },
    )
    .toBe(200);
}

function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of NPM_START_UNSET) delete env[name];
  return { ...env, DATA_DIR: NPM_START_DATA_DIR };
}

export interface NpmStartPayer {
  email: string;
  regIds: number[];
  cookie: { name: string; value: string };
}

async function inNpmStartDatabase<T>(...args: string[]): Promise<T> {
  const { stdout } = await promisify(execFile)("npx", ["tsx", "tests/e2e/support/npm-start-data.ts", ...args], { env: childEnv(), maxBuffer: 1 << 20 });
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as T;
}

/** A new free trekker with `count` unpaid registrations in the npm start server's database. */
export const npmStartPayer = (count: number) => inNpmStartDatabase<NpmStartPayer>("make", String(count));

/**
 * A registration's status and its trekkers' card numbers, read straight from the npm start
 * server's SQLite file (read-only; a child process per look was too slow under the suite's load).
 */
export async function npmStartRegistration(regId: number): Promise<{ status: string; cardNumbers: (number | null)[] }> {
  const db = new sqlite3.Database(path.join(NPM_START_DATA_DIR, "tims.sqlite"), sqlite3.OPEN_READONLY);
  const all = promisify(db.all.bind(db)) as (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;
  try {
    const [reg] = await all("SELECT status FROM registrations WHERE id = ?", [regId]);
    const trekkers = await all("SELECT cardNumber FROM trekkers WHERE registrationId = ? AND deletedAt IS NULL ORDER BY id", [regId]);
    return { status: String(reg?.status), cardNumbers: trekkers.map((t) => (t.cardNumber === null ? null : Number(t.cardNumber))) };
  } finally {
    db.close();
  }
}

/** Signs the context in at both loopback names (a cookie belongs to one host name). */
export async function signInAtBothHosts(context: BrowserContext, payer: NpmStartPayer): Promise<void> {
  await context.addCookies(
    ["localhost", "127.0.0.1"].map((domain) => ({ ...payer.cookie, domain, path: "/", expires: -1, httpOnly: true, secure: false, sameSite: "Lax" as const })),
  );
}
