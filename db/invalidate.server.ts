import type { Model, ModelStatic, Transaction } from "sequelize";

let hooks = 0;
const HOOKS = ["afterCreate", "afterUpdate", "afterDestroy", "afterSave", "afterUpsert", "afterBulkCreate", "afterBulkUpdate", "afterBulkDestroy", "afterRestore", "afterBulkRestore"] as const;

/**
 * Calls `clear` whenever a row of these models is written through Sequelize (instances and bulk
 * calls alike), after the transaction commits when there is one, so a reader in between cannot
 * cache the old rows again. For in-memory caches of a module's own tables (lib/memo.server.ts).
 */
export function clearOnWrite(models: readonly ModelStatic<Model>[], clear: () => void): void {
  const hook = (...args: unknown[]) => {
    const options = args.find((a): a is { transaction?: Transaction | null } => typeof a === "object" && a !== null && "transaction" in a);
    const transaction = options?.transaction;
    clear();
    if (transaction) transaction.afterCommit(() => clear());
  };
  for (const model of models) for (const name of HOOKS) model.addHook(name, `clearCaches${++hooks}`, hook);
}
