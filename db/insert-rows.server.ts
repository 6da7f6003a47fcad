import { QueryTypes, type CreationAttributes, type Model, type ModelStatic, type Transaction } from "sequelize";
import { sequelize } from "./sequelize.server";

interface QueryGenerator {
  quoteTable(table: unknown): string;
  quoteIdentifier(name: string): string;
  format(value: unknown, field: unknown, options: { context: string }, bindParam: (value: unknown) => string): string;
}

/**
 * Inserts many rows in one statement whose values are bound parameters. Sequelize's bulkCreate
 * writes the values into the SQL text as escaped literals, and SQLite reads that text as a C
 * string: a NUL byte in a value cut the statement short and failed the write (issue 13). Here
 * every value travels beside the SQL, typed by the model (dates, booleans) as `create` does.
 * Defaults and timestamps come from the model; hooks and validations are not run (as bulkCreate).
 */
export async function insertRows<M extends Model>(
  model: ModelStatic<M>,
  rows: readonly CreationAttributes<M>[],
  options: { transaction?: Transaction } = {},
): Promise<void> {
  if (!rows.length) return;
  const attributes = model.getAttributes() as Record<string, { field?: string; autoIncrement?: boolean; type: unknown }>;
  const stamps = (model as unknown as { _timestampAttributes?: { createdAt?: string; updatedAt?: string } })._timestampAttributes ?? {};
  const now = new Date();
  const values = rows.map((row) => {
    const built = model.build(row as CreationAttributes<M>).get({ plain: true }) as Record<string, unknown>;
    if (stamps.createdAt && built[stamps.createdAt] == null) built[stamps.createdAt] = now;
    if (stamps.updatedAt && built[stamps.updatedAt] == null) built[stamps.updatedAt] = now;
    return built;
  });
  const columns = Object.keys(attributes).filter(
    (name) =>
      (attributes[name].type as { key?: string })?.key !== "VIRTUAL" &&
      values.some((v) => v[name] !== undefined && !(attributes[name].autoIncrement && v[name] == null)),
  );
  const generator = sequelize.getQueryInterface().queryGenerator as unknown as QueryGenerator;
  const head = `INSERT INTO ${generator.quoteTable(model.getTableName())} (${columns.map((name) => generator.quoteIdentifier(attributes[name].field ?? name)).join(",")}) VALUES `;
  // SQLite allows 32,766 bound values in a statement; stay well below it.
  const perStatement = Math.max(1, Math.floor(MAX_BOUND_VALUES / columns.length));
  for (let start = 0; start < values.length; start += perStatement) {
    const bind: unknown[] = [];
    const bindParam = (value: unknown) => {
      bind.push(value);
      return `$${bind.length}`;
    };
    const tuples = values
      .slice(start, start + perStatement)
      .map(
        (v) =>
          `(${columns.map((name) => (v[name] == null ? bindParam(null) : generator.format(v[name], attributes[name], { context: "INSERT" }, bindParam))).join(",")})`,
      );
    await sequelize.query(head + tuples.join(","), { bind, transaction: options.transaction, type: QueryTypes.INSERT });
  }
}

const MAX_BOUND_VALUES = 10_000;
