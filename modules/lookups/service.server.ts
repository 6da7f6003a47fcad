import { QueryTypes } from "sequelize";
import { sequelize } from "../../db/sequelize.server";
import { COUNTRIES } from "./data/countries";
import { SIMPLE_LOOKUPS, type SimpleLookupTable } from "./data/reference";

export interface LookupOption {
  id: number;
  name: string;
}
export interface CountryOption extends LookupOption {
  regionId: number;
}

/**
 * Upserts the reference rows. Plain SQL keeps it one statement per table on both dialects;
 * names are refreshed so a corrected spelling in code reaches existing installs.
 */
export async function seedLookupTables(): Promise<void> {
  const isSqlite = sequelize.getDialect() === "sqlite";
  const upsert = async (table: string, columns: string[], rows: unknown[][]) => {
    if (!rows.length) return;
    // Bound values ($n), never written into the SQL text.
    let n = 0;
    const placeholders = rows.map(() => `(${columns.map(() => `$${++n}`).join(",")})`).join(",");
    const updates = columns.filter((c) => c !== "id");
    const tail = isSqlite
      ? `ON CONFLICT(id) DO UPDATE SET ${updates.map((c) => `${c}=excluded.${c}`).join(",")}`
      : `ON DUPLICATE KEY UPDATE ${updates.map((c) => `${c}=VALUES(${c})`).join(",")}`;
    await sequelize.query(`INSERT INTO ${table} (${columns.join(",")}) VALUES ${placeholders} ${tail}`, {
      bind: rows.flat(),
    });
  };
  for (const [table, rows] of Object.entries(SIMPLE_LOOKUPS)) {
    await upsert(
      table,
      ["id", "name"],
      rows.map((r) => [r.id, r.name]),
    );
  }
  await upsert(
    "countries",
    ["id", "name", "regionId"],
    COUNTRIES.map((c) => [c.id, c.name, c.regionId]),
  );
}

const cache = new Map<string, Promise<unknown>>();
/** Lookups change only with a deploy, so each process reads a table once. */
function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  if (!cache.has(key))
    cache.set(
      key,
      load().catch((e) => {
        cache.delete(key);
        throw e;
      }),
    );
  return cache.get(key) as Promise<T>;
}

export function listLookup(table: SimpleLookupTable): Promise<LookupOption[]> {
  return cached(table, () => sequelize.query<LookupOption>(`SELECT id, name FROM ${table} ORDER BY id`, { type: QueryTypes.SELECT }));
}

export function listCountries(): Promise<CountryOption[]> {
  // Sorted here, not in SQL: SQLite compares bytes ("Åland" after "Zimbabwe"), MySQL by collation.
  return cached("countries", async () =>
    (await sequelize.query<CountryOption>("SELECT id, name, regionId FROM countries", { type: QueryTypes.SELECT })).sort((a, b) =>
      a.name.localeCompare(b.name, "en"),
    ),
  );
}

export async function findCountry(id: number): Promise<CountryOption | undefined> {
  return (await listCountries()).find((c) => c.id === id);
}
