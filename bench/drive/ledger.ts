import { execFileSync } from "node:child_process";

/** The ledger check (scripts/ledger-check.ts) against a cluster's database: its last line, or what it found. */
export function ledgerCheck(env: Record<string, string | undefined>): string {
  try {
    return (
      execFileSync("npx", ["tsx", "scripts/ledger-check.ts"], { env: { ...process.env, ...env }, encoding: "utf8", timeout: 10 * 60_000 })
        .trim()
        .split("\n")
        .pop() ?? ""
    );
  } catch (error) {
    return `VIOLATED or not run: ${String((error as { stdout?: string }).stdout ?? error).slice(-1500)}`;
  }
}
