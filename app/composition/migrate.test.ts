import { describe, it, expect, beforeAll } from "vitest";
import { QueryTypes } from "sequelize";
import { sequelize } from "../../db/sequelize.server";
import { migrate } from "../../db/migrate.server";
import { prepareDatabase, seedLookups } from "../../db/seed.server";
import { allMigrations } from "../composition.server";
import { listCountries, listLookup } from "@modules/lookups/index.server";
import { countUsers, findUserByEmail } from "@modules/users/index.server";
import { DEMO_USERS } from "@modules/users/index.server";
import { DEMO_TREKS } from "./demo-treks.server";

const LOOKUP_TABLES = ["regions", "genders", "trekker_types", "provinces", "user_types", "payment_methods", "card_statuses", "countries"];

async function count(table: string): Promise<number> {
  const [row] = await sequelize.query<{ n: number | string }>(`SELECT COUNT(*) AS n FROM ${table}`, { type: QueryTypes.SELECT });
  return Number(row.n);
}

async function countAll(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of LOOKUP_TABLES) out[t] = await count(t);
  return out;
}

async function rows<T extends object>(sql: string): Promise<T[]> {
  return sequelize.query<T>(sql, { type: QueryTypes.SELECT });
}

describe(`migrations and seeds (${process.env.TEST_DB_DIALECT === "mysql" ? "mariadb" : "sqlite"})`, () => {
  let firstRun: string[];
  let secondRun: string[];
  let countsAfterOneSeed: Record<string, number>;

  beforeAll(async () => {
    firstRun = await migrate();
    secondRun = await migrate();
    await seedLookups();
    countsAfterOneSeed = await countAll();
    await seedLookups();
  });

  it("applies every module's migration once, in name order", () => {
    const names = allMigrations().map((m) => m.name);
    expect(names.length).toBeGreaterThan(0);
    expect(firstRun).toEqual(names);
    expect([...names].sort()).toEqual(names);
  });

  it("applies nothing on a second run", () => {
    expect(secondRun).toEqual([]);
  });

  it("records the applied migrations", async () => {
    const applied = await rows<{ name: string }>("SELECT name FROM schema_migrations");
    expect(applied.map((r) => r.name).sort()).toEqual(
      allMigrations()
        .map((m) => m.name)
        .sort(),
    );
  });

  it("seeds lookups idempotently (a second run changes no counts)", async () => {
    expect(await countAll()).toEqual(countsAfterOneSeed);
    for (const t of LOOKUP_TABLES) expect(countsAfterOneSeed[t], t).toBeGreaterThan(0);
  });

  it("seeds all 249 countries with their price regions", async () => {
    expect(await count("countries")).toBe(249);
    const byId = new Map(
      (await rows<{ id: number; name: string; regionId: number }>("SELECT id, name, regionId FROM countries")).map((c) => [Number(c.id), c]),
    );
    expect(byId.get(524)).toMatchObject({ name: "Nepal" });
    expect(Number(byId.get(524)!.regionId)).toBe(1);
    expect(byId.get(356)).toMatchObject({ name: "India" });
    expect(Number(byId.get(356)!.regionId)).toBe(1);
    expect(Number(byId.get(840)!.regionId)).toBe(2);
    expect(byId.get(840)!.name).toMatch(/United States/);
    const saarc = [...byId.values()]
      .filter((c) => Number(c.regionId) === 1)
      .map((c) => Number(c.id))
      .sort((a, b) => a - b);
    expect(saarc).toEqual([4, 50, 64, 144, 356, 462, 524, 586]);
  });

  it("lists countries through the lookup service, by name", async () => {
    const countries = await listCountries();
    expect(countries).toHaveLength(249);
    expect(countries.find((c) => Number(c.id) === 524)).toMatchObject({ name: "Nepal" });
    const names = countries.map((c) => c.name);
    expect(names.indexOf("Afghanistan")).toBeLessThan(names.indexOf("Nepal"));
    expect(names.indexOf("Nepal")).toBeLessThan(names.indexOf("Zimbabwe"));
  });

  it("seeds the 7 provinces", async () => {
    expect((await listLookup("provinces")).map((p) => Number(p.id))).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("seeds trekker types 3, 4, 5", async () => {
    const types = await listLookup("trekker_types");
    expect(types.map((t) => Number(t.id))).toEqual([3, 4, 5]);
    expect(types.find((t) => Number(t.id) === 5)!.name).toBe("Child");
    expect(types.find((t) => Number(t.id) === 4)!.name).toBe("Diplomat");
  });

  it("seeds user types 1, 2, 4, 5, 6", async () => {
    expect((await listLookup("user_types")).map((t) => Number(t.id))).toEqual([1, 2, 4, 5, 6]);
  });

  it("seeds payment method 5 as Voucher", async () => {
    const methods = await listLookup("payment_methods");
    expect(methods.find((m) => Number(m.id) === 5)?.name).toBe("Voucher");
  });

  it("seeds the spec's 13 card statuses and Expired (issue 25)", async () => {
    expect(await count("card_statuses")).toBe(14);
    expect((await listLookup("card_statuses")).map((s) => Number(s.id))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect((await listLookup("card_statuses")).find((s) => Number(s.id) === 14)?.name).toBe("Expired");
  });

  it("prepareDatabase({ demo: true }) seeds the six demo users once", async () => {
    expect(await countUsers()).toBe(0);
    const first = await prepareDatabase({ demo: true });
    expect(first).toEqual({ migrated: [], demoSeeded: true });
    expect(DEMO_USERS).toHaveLength(6);
    expect(await countUsers()).toBe(6);
    for (const demo of DEMO_USERS) {
      const user = await findUserByEmail(demo.email);
      expect(user, demo.email).not.toBeNull();
      expect(user!.userType).toBe(demo.userType);
      expect(Boolean(user!.emailVerified)).toBe(true);
    }
    const grants = await count("user_grants");

    const second = await prepareDatabase({ demo: true });
    expect(second).toEqual({ migrated: [], demoSeeded: false });
    expect(await countUsers()).toBe(6);
    expect(await count("user_grants")).toBe(grants);
    expect(await countAll()).toEqual(countsAfterOneSeed);
    // The demo treks (app/composition/demo-treks.test.ts) came with the first seed only.
    expect(await count("registrations")).toBe(DEMO_TREKS.length);
  });

  it("prepareDatabase({ demo: false }) never seeds demo data", async () => {
    expect(await prepareDatabase({ demo: false })).toEqual({ migrated: [], demoSeeded: false });
  });
});
