import { paramId } from "@lib/params";
import { trekkerPanel } from "@modules/cards/index.server";
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
    return await trekkerPanel(user, trekkerId);
  } catch (error) {
    throw domainErrorResponse(error);
  }
}
