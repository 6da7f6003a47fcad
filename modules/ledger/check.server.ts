import { Transaction } from "sequelize";
import { isSqlite, sequelize } from "../../db/sequelize.server";
import type { JobHandler } from "../contract";
import { notify } from "@modules/notifications/index.server";
import { activeUserIdsOfType } from "@modules/users/index.server";
import { loggerFor } from "@lib/observability/logger.server";
import { gauge } from "@lib/observability/metrics.server";
import { INVARIANTS } from "./invariants.server";

/** One invariant's outcome. */
export interface LedgerResult {
  name: string;
  violations: number;
  /** A few ids of the rows at fault ("trekker 12", "bill 3", "INV-0000003 missing"). */
  examples: string[];
}

/** Every invariant's name, in the order the check runs and prints them. */
export const LEDGER_INVARIANTS: readonly string[] = INVARIANTS.map((i) => i.name);

/**
 * Runs every invariant (or those named in `only`) against the database this process uses, one
 * after the other, and returns one result per invariant. Reads only, in one read transaction:
 * every statement sees the same instant (InnoDB's repeatable read; a SQLite read transaction in
 * WAL mode, which blocks no writer), so a payment committing meanwhile cannot look half-done
 * (say, its cards numbered beyond the counter read a statement earlier).
 */
export async function runLedgerCheck(opts: { only?: readonly string[]; examples?: number } = {}): Promise<LedgerResult[]> {
  const examples = Math.max(1, Math.floor(opts.examples ?? 5));
  const unknown = (opts.only ?? []).filter((name) => !LEDGER_INVARIANTS.includes(name));
  if (unknown.length) throw new Error(`Unknown ledger invariant: ${unknown.join(", ")}`);
  const snapshot = isSqlite() ? {} : { isolationLevel: Transaction.ISOLATION_LEVELS.REPEATABLE_READ };
  const results = await sequelize.transaction(snapshot, async (transaction) => {
    const results: LedgerResult[] = [];
    for (const invariant of INVARIANTS) {
      if (opts.only && !opts.only.includes(invariant.name)) continue;
      const found = await invariant.find(examples, transaction);
      results.push({ name: invariant.name, violations: found.count, examples: found.examples });
    }
    return results;
  });
  for (const r of results) ledgerViolations.set({ invariant: r.name }, r.violations);
  ledgerLastRun.set(Date.now() / 1000);
  return results;
}

// The last run's result in this process (the worker's, in a deployment: the daily job runs there).
const ledgerViolations = gauge({
  name: "tims_ledger_violations",
  help: "Violations each ledger invariant had at the last check (docs/ledger.md).",
  labelNames: ["invariant"],
});
const ledgerLastRun = gauge({ name: "tims_ledger_last_run_timestamp_seconds", help: "When the ledger check last ran to the end (Unix time)." });

/** One line per invariant: "ok" or "FAIL", its name, its count of violations and examples. */
export function ledgerLines(results: readonly LedgerResult[]): string[] {
  const width = Math.max(...results.map((r) => r.name.length), 0);
  return results.map(
    (r) => `${r.violations ? "FAIL" : "ok  "}  ${r.name.padEnd(width)}  ${r.violations}${r.examples.length ? `  e.g. ${r.examples.join("; ")}` : ""}`,
  );
}

export { LEDGER_CRON, LEDGER_JOB, ledgerSchedule } from "./schedule";

const BOARD = 4;
const log = loggerFor("ledger");

/**
 * The daily check. Violations reach the board as a notification (the ledger module owns this
 * event, ADR 0018): one per active board user, naming each failing invariant with its count and
 * examples. A clean run tells no one. A check that cannot run throws, so the job is retried and
 * ends failed in the jobs table.
 */
export async function checkLedgerAndNotify(): Promise<LedgerResult[]> {
  const results = await runLedgerCheck();
  const failing = results.filter((r) => r.violations);
  for (const line of ledgerLines(results)) log.info(line);
  if (!failing.length) return results;
  const total = failing.reduce((sum, r) => sum + r.violations, 0);
  await notify({
    kind: "ledger-violations",
    to: await activeUserIdsOfType(BOARD),
    // Each wording whole, so /notifications can say it in the page's language (its admin texts).
    title:
      total === 1
        ? `Ledger check: 1 violation in ${failing.length} of ${results.length} invariants`
        : `Ledger check: ${total} violations in ${failing.length} of ${results.length} invariants`,
    body: failing.map((r) => `${r.name}: ${r.violations}${r.examples.length ? ` (e.g. ${r.examples.join("; ")})` : ""}`).join(". "),
    link: "/billing",
  });
  return results;
}

export const ledgerJob: JobHandler<unknown> = async () => {
  await checkLedgerAndNotify();
};
