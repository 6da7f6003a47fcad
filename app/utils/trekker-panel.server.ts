import { paramId } from "@lib/params";
import { trekkerPanel } from "@modules/cards/index.server";
import { METHOD_LABELS } from "@modules/checkins";
import { checkinsOf } from "@modules/checkins/index.server";
import { recordTrekkerView } from "@modules/privacy/index.server";
import { domainErrorResponse } from "./domain-error.server";
import { requireUser } from "./guards.server";

/**
 * Loader of the trekker side panel and the card preview: signed in, a numeric id, then the cards
 * module assembles the panel (a trekker the user may not open is a 404).
 */
export async function requireTrekkerPanel(request: Request, params: Record<string, string | undefined>) {
  const user = await requireUser(request);
  const trekkerId = paramId(params, "trekkerId");
  try {
    const panel = await trekkerPanel(user, trekkerId);
    // Staff opening another account's trekker is audited (modules/privacy); the owner is not.
    await recordTrekkerView(user, "trekker-panel", [{ trekkerId: panel.trekker.trekkerId, registeredBy: panel.trekker.registeredBy }]);
    // The check-ins module owns the records; the panel lists them (spec 1 §2.8 Checkin list), refused scans marked.
    const checkins = (await checkinsOf(panel.trekker.trekkerId)).map((c) => ({
      id: c.id,
      place: c.place,
      how: METHOD_LABELS[c.method],
      direction: c.direction,
      at: c.at,
      refusedReason: c.refusedReason,
      offRoute: c.offRoute,
    }));
    return { ...panel, checkins };
  } catch (error) {
    throw domainErrorResponse(error);
  }
}
