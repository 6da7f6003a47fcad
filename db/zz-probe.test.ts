import { it } from "vitest";
import { prepareTestDatabase } from "../tests/setup/test-db";
import { listCountries } from "../modules/lookups/service.server";
it("p", async () => { await prepareTestDatabase(); const c = await listCountries(); console.log("LAST", process.env.TEST_DB_DIALECT ?? "sqlite", c.slice(-3).map((x) => x.name).join("|"), "IDX-Cote", c.findIndex((x) => x.name.startsWith("C\u00f4te")), c.findIndex((x)=>x.name==="Czechia")); });
