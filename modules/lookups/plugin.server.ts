import type { TimsModule } from "../contract";
import { lookupMigrations } from "./migrations";
import { seedLookupTables } from "./service.server";

export const lookupsModule: TimsModule = {
  name: "lookups",
  migrations: lookupMigrations,
  seedLookups: seedLookupTables,
};
