import type { TimsModule } from "../contract";
import { setCheckinColumn, setCheckinLookup, setTrailLookup } from "@modules/cards/index.server";
import { checkinMigrations } from "./migrations";
import { checkinsPermissions } from "./permissions";
import { checkedInColumnSql, trailsOf, trekkersWithCheckins } from "./readers.server";

// The cards module asks "has this card been scanned?" and "what did the trail see?" (refusals,
// the sweep) without importing this module, which imports cards: the answers are installed here,
// when the composition root (app/composition.server.ts) loads the module.
setCheckinLookup(trekkersWithCheckins);
setCheckinColumn(checkedInColumnSql);
setTrailLookup(trailsOf);

export const checkinsModule: TimsModule = {
  name: "checkins",
  migrations: checkinMigrations,
  permissions: checkinsPermissions,
  sidebar: [
    { label: "Scan", to: "/scan", permission: "scan", order: 30, icon: "scan" },
    { label: "Self Scanned", to: "/self-scan-trekkers", permission: "selfScanTrekkers", order: 70, icon: "location" },
  ],
};
