/**
 * `npm run ledger:check`: the ledger check (docs/ledger.md) against the database the app would
 * use (DATABASE_URL for MariaDB/MySQL, else the SQLite file under DATA_DIR or at SQLITE_PATH).
 * Prints one line per invariant with its count of violations and a few examples; reads only.
 *   npx tsx scripts/ledger-check.ts [--only name,name] [--examples 5]
 * Exit code: 0 when every invariant holds, 1 when any is violated, 2 when the check could not run.
 */
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? undefined : process.argv[i + 1];
};

async function main(): Promise<number> {
  // A process entry: db/ and jobs/ get the modules' migrations, seeds and jobs from the composition root (ADR 0045).
  (await import("../app/composition.server")).composeApp();
  const { sequelize } = await import("../db/sequelize.server");
  const { ledgerLines, runLedgerCheck } = await import("../modules/ledger/index.server");
  try {
    const only = arg("only")
      ?.split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const examples = arg("examples") ? Number(arg("examples")) : undefined;
    const where = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL).pathname.slice(1) || "the database" : sequelize.options.storage;
    console.log(`Ledger check of ${where}`);
    const results = await runLedgerCheck({ only, examples });
    for (const line of ledgerLines(results)) console.log(line);
    const failing = results.filter((r) => r.violations);
    console.log(
      failing.length
        ? `${failing.length} of ${results.length} invariants violated: ${failing.map((r) => r.name).join(", ")}`
        : `All ${results.length} invariants hold.`,
    );
    return failing.length ? 1 : 0;
  } finally {
    await sequelize.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error("The ledger check could not run:", error instanceof Error ? error.message : error);
    process.exitCode = 2;
  },
);
