import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/react";
import { requireUser } from "~/utils/guards.server";
import { storedFileResponse } from "@lib/files/storage.server";
import { paramId, notFound } from "@lib/param-id";
import { pdfFileName, requestCardPdf, trekkerCardData } from "@modules/cards/index.server";
import { hasVisibleCard } from "@modules/cards/index.server";

/**
 * The card as PDF, named after the trekker (a resource route: it answers with the file). PDFs are
 * made by a background job; until it is done the payer is sent to a page that says so.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const card = await trekkerCardData(paramId(params, "trekkerId"), user);
  if (!card || !hasVisibleCard(card.status, card.cardNumber)) throw notFound();
  const state = await requestCardPdf(card.trekkerId);
  if (state.status === "ready") return storedFileResponse(state.fileKey, { downloadName: pdfFileName(card.fullName), inline: false });
  throw redirect(`/tims-cards/${card.trekkerId}/pdf-preparing${state.status === "failed" ? "?failed=1" : ""}`);
}
