// The cards module's public entry for server code (services, models stay private).
export * from "./index";
export type { CardLifecycleFields } from "./card-store.server";
export type { CardEventView } from "./card-events.server";
export type { TrekkerCardData } from "./card-data.server";
export type { CardActor } from "./lifecycle.server";
export { applyCardAction, cardEvents, generateCards, setCheckinLookup } from "./lifecycle.server";
export { issuePaidCards, markCardsUnpaid } from "./issue.server";
export { cardLifecycleFields } from "./card-store.server";
export { cardsOfRegistration, trekkerCardData } from "./card-data.server";
export { cardForMove, mayGenerateCards, registrationToGenerate, trekkerPanel } from "./card-pages.server";
export { buildCardView } from "./card-view.server";
export { announceCardsIssued, cardPdfHtml, pdfFileName, refreshCardPdf, requestCardPdf } from "./pdf.server";
export { cardsModule } from "./plugin.server";
export { signQrPayload, verifyQrPayload } from "./qr-signing.server";
export type { TrekkerSearchHit } from "./trekker-list-source.server";
export { TREKKER_LIST_VIEWS, cardReturnSource, deletedTrekkerSource, searchTrekkersFor, timsCardSource, trekkerListHidden, trekkerListSource, trekkingHistorySource } from "./trekker-list-source.server";
