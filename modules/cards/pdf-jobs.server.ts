import type { JobHandler } from "../contract";
import { emailIssuedCards, ISSUED_JOB, RENDER_JOB, renderCardPdf } from "./pdf.server";

/** Card PDF jobs; modules/cards/index.ts registers them. */
export const cardPdfJobs: Record<string, JobHandler> = {
  [RENDER_JOB]: async ({ trekkerId }: { trekkerId: number }) => {
    await renderCardPdf(trekkerId);
  },
  [ISSUED_JOB]: async ({ registrationId }: { registrationId: number }) => {
    await emailIssuedCards(registrationId);
  },
};
