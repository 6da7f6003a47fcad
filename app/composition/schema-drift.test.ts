// Every Sequelize model against the table the migrations made: a model attribute the table lacks,
// or a different nullability or primary key, is drift that only shows at run time (or only on one
// dialect). Generic over `sequelize.models`, so a model moved between modules is still checked.
import { beforeAll, describe, expect, it } from "vitest";
import type { ModelStatic } from "sequelize";
import { sequelize } from "../../db/sequelize.server";
import { migrate } from "../../db/migrate.server";
// Importing the composition root imports every module's public entry, which defines its models.
import { modules } from "../composition.server";

const dialect = process.env.TEST_DB_DIALECT === "mysql" ? "mariadb" : "sqlite";

interface Column {
  allowNull: boolean;
  primaryKey: boolean;
}

/** What the model says about each of its columns. */
function modelColumns(model: ModelStatic<any>): Record<string, Column> {
  const out: Record<string, Column> = {};
  // createdAt/updatedAt as the model names them (deletedAt of a paranoid model is nullable).
  const generated = (model as unknown as { _timestampAttributes?: Record<string, string> })._timestampAttributes ?? {};
  const timestamps = new Set([generated.createdAt, generated.updatedAt].filter(Boolean));
  for (const [name, attr] of Object.entries(model.getAttributes())) {
    const a = attr as { field?: string; allowNull?: boolean; primaryKey?: boolean; type: unknown };
    // VIRTUAL attributes have no column.
    if ((a.type as { key?: string })?.key === "VIRTUAL") continue;
    // Sequelize always writes the timestamps it generates, so they are NOT NULL columns.
    out[a.field!] = { allowNull: a.primaryKey || timestamps.has(name) ? false : a.allowNull !== false, primaryKey: !!a.primaryKey };
  }
  return out;
}

/** What the migrated table says; SQLite reports an INTEGER PRIMARY KEY as nullable, which it is not. */
async function tableColumns(table: string): Promise<Record<string, Column>> {
  const described = await sequelize.getQueryInterface().describeTable(table);
  const out: Record<string, Column> = {};
  for (const [name, c] of Object.entries(described)) out[name] = { allowNull: c.primaryKey ? false : c.allowNull, primaryKey: !!c.primaryKey };
  return out;
}

const tableName = (model: ModelStatic<any>) => {
  const t = model.getTableName() as string | { tableName: string };
  return typeof t === "string" ? t : t.tableName;
};

describe(`models match their migrated tables (${dialect})`, () => {
  beforeAll(async () => {
    expect(modules.length).toBeGreaterThan(0);
    await migrate();
  });

  it("finds the models of every module", () => {
    expect(Object.keys(sequelize.models).length).toBeGreaterThan(10);
  });

  it("every model's columns exist with the same nullability and primary key", async () => {
    const drift: string[] = [];
    for (const model of Object.values(sequelize.models)) {
      const table = tableName(model);
      let actual: Record<string, Column>;
      try {
        actual = await tableColumns(table);
      } catch {
        drift.push(`${model.name}: table ${table} does not exist`);
        continue;
      }
      if (Object.keys(actual).length === 0) {
        drift.push(`${model.name}: table ${table} does not exist`);
        continue;
      }
      for (const [column, want] of Object.entries(modelColumns(model))) {
        const got = actual[column];
        if (!got) drift.push(`${model.name}.${column}: no column ${table}.${column}`);
        else {
          if (got.allowNull !== want.allowNull) drift.push(`${model.name}.${column}: model allowNull ${want.allowNull}, table ${got.allowNull}`);
          if (got.primaryKey !== want.primaryKey) drift.push(`${model.name}.${column}: model primaryKey ${want.primaryKey}, table ${got.primaryKey}`);
        }
      }
    }
    expect(drift).toEqual([]);
  });

  it("every column a table has is mapped by one of the models over that table", async () => {
    const byTable = new Map<string, Set<string>>();
    for (const model of Object.values(sequelize.models)) {
      const cols = byTable.get(tableName(model)) ?? new Set<string>();
      for (const c of Object.keys(modelColumns(model))) cols.add(c);
      byTable.set(tableName(model), cols);
    }
    const unmapped: string[] = [];
    for (const [table, mapped] of byTable) {
      for (const column of Object.keys(await tableColumns(table))) if (!mapped.has(column)) unmapped.push(`${table}.${column}`);
    }
    expect(unmapped).toEqual([]);
  });
});
