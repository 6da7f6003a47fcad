/**
 * The log-leak check (issue 31 item 3), run by `npm test` after the browser suite:
 *
 *   npx tsx scripts/log-leak-check.ts LOG_DIR DATA_DIR [DATA_DIR ...]
 *
 * Reads what the suite's embedded databases and outboxes hold (passport, visa and policy numbers,
 * session ids, two-factor secrets, the tokens of every e-mailed link) plus the suite's passwords,
 * and fails, naming the kind, file and line but never the value, if any of them is in a log file.
 */
import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import sqlite3 from "sqlite3";
import { findLeaks, linkTokens, type Secret } from "../lib/observability/log-leaks";
import { NEW_PASSWORD } from "../tests/e2e/support/accounts";
import { TEST_PASSWORD } from "../tests/factories/users";

const [logDir, ...dataDirs] = process.argv.slice(2);
if (!logDir || !dataDirs.length) throw new Error("usage: log-leak-check.ts LOG_DIR DATA_DIR [DATA_DIR ...]");

function rows(file: string, sql: string): Promise<Array<Record<string, unknown>>> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file, sqlite3.OPEN_READONLY, (error) => {
      if (error) return reject(error);
      db.all(sql, (err, result) => {
        db.close();
        if (err) reject(err);
        else resolve(result as Array<Record<string, unknown>>);
      });
    });
  });
}

const QUERIES: Array<[kind: string, sql: string]> = [
  ["passport number", "SELECT passportNumber AS v FROM trekkers"],
  ["visa number", "SELECT visaNumber AS v FROM trekkers"],
  ["insurance policy number", "SELECT policyNumber AS v FROM trekkers"],
  ["session id", "SELECT id AS v FROM sessions"],
  ["two-factor secret", "SELECT secret AS v FROM user_two_factor"],
];

async function secretsOf(dataDir: string): Promise<Secret[]> {
  const secrets: Secret[] = [];
  const database = path.join(dataDir, "tims.sqlite");
  for (const [kind, sql] of QUERIES) for (const row of await rows(database, sql)) if (typeof row.v === "string" && row.v) secrets.push({ kind, value: row.v });
  const outbox = path.join(dataDir, "outbox");
  for (const name of fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith(".eml")) : []) {
    const mail = await simpleParser(fs.readFileSync(path.join(outbox, name)));
    for (const value of linkTokens(`${mail.text ?? ""}\n${typeof mail.html === "string" ? mail.html : ""}`))
      secrets.push({ kind: "e-mailed link token", value });
  }
  return secrets;
}

const secrets: Secret[] = [
  { kind: "password", value: TEST_PASSWORD },
  { kind: "password", value: NEW_PASSWORD },
];
for (const dir of dataDirs) secrets.push(...(await secretsOf(dir)));
const logs = fs
  .readdirSync(logDir)
  .filter((f) => f.endsWith(".log"))
  .map((f) => ({ file: f, text: fs.readFileSync(path.join(logDir, f), "utf8") }));
if (!logs.length || logs.every((l) => !l.text.trim())) throw new Error(`No logs in ${logDir}: the check would pass on nothing`);
// One value may sit on several rows (a passport on each of a trekker's treks): look for it once.
const unique = [...new Map(secrets.map((s) => [s.value, s])).values()];
const leaks = findLeaks(unique, logs);
const lines = logs.reduce((n, l) => n + l.text.split("\n").length, 0);
const counts = new Map<string, number>();
for (const s of unique) counts.set(s.kind, (counts.get(s.kind) ?? 0) + 1);
console.log(
  `log-leak check: ${lines} log lines in ${logs.length} files against ${unique.length} values (${[...counts].map(([k, n]) => `${n} ${k}`).join(", ")})`,
);
if (leaks.length) {
  for (const leak of leaks.slice(0, 50)) console.error(`  ${leak.kind} ${leak.masked} in ${leak.file}:${leak.line}`);
  console.error(`log-leak check: ${leaks.length} leak(s)`);
  process.exit(1);
}
console.log("log-leak check: no secret or personal number in any log line");
