import type { TimsModule } from "../contract";
import { registrationMigrations } from "./migrations";
import { registrationsUseRoute, seedFeeRules } from "./service.server";

export const registrationModule: TimsModule = {
  name: "registration",
  migrations: registrationMigrations,
  seedLookups: seedFeeRules,
  routeInUse: registrationsUseRoute,
  sidebar: [
    { label: "Register Trek", to: "/new-register", permission: "registerTrek", order: 10, icon: "register" },
    { label: "Trekking History", to: "/trekking-history", permission: "trekkingHistory", order: 50, icon: "history" },
    { label: "Trekkers", to: "/trekkers", permission: "trekkers", order: 60, icon: "trekkers" },
    { label: "Deleted Trekkers", to: "/deleted-trekkers", permission: "deletedTrekkers", order: 150, icon: "trash" },
  ],
};
