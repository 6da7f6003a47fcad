import { mayOpenPanels, trekkerListHidden, trekkerListSource } from "@modules/cards/index.server";
import { scannedTrekkerSource } from "@modules/checkins/index.server";
import { overdueListHook } from "@modules/overdue/index.server";

// The lists' server halves (filters and CSV columns, ADR 0038), for the pages' loaders and exports.
export { trekkersList } from "@modules/cards/index.server";

type Viewer = Parameters<typeof trekkerListSource>[0] & Parameters<typeof scannedTrekkerSource>[0];

/**
 * The Trekkers page's two lists as a viewer sees them, for the page and its exports alike. They
 * bring three modules together (cards, overdue, check-ins), so /trekkers imports this one server
 * file instead of three: each server import of a page is an empty stub file in its scripts (ADR 0036).
 */

/** Trekkers: the cards module's rows with the overdue module's flag (and filter), less what the viewer may not see. */
export function viewerTrekkers(user: Viewer) {
  return { source: () => trekkerListSource(user, { overdue: overdueListHook(user) }), hidden: trekkerListHidden(user), opensPanel: mayOpenPanels(user) };
}

/** An account view's Registered Trekkers tab: the trekkers that agency or checkpost registered, as the viewer may see them. */
export function accountTrekkers(viewer: Viewer, account: number) {
  const scope = { account };
  return { source: () => trekkerListSource(viewer, scope), hidden: trekkerListHidden(viewer, scope) };
}

/** Scanned Trekkers: the check-ins the viewer (a checkpost) recorded, without the Recorded By column. */
export function viewerScans(user: Viewer) {
  return { source: () => scannedTrekkerSource(user), hidden: ["recordedBy"] };
}
