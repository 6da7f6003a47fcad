// The cards module's public entry for server code (services, models stay private).
export {
  type CardView,
  type CardMove,
  type ReturnState,
  type UnpaidStatus,
  CardActionError,
  actionsFor,
  isCardMove,
  isExpired,
  mayAct,
  ruleOf,
  hasVisibleCard,
  CARD_SCOPES,
  mayListCards,
  mayOpenAnyCard,
  mayOpenPanels,
  type ListMove,
  type TrekkerRowAction,
  LIST_MOVES,
  isListMove,
  trekkerRowActions,
  cardNumberText,
} from "./index";
export { type CardQrClaims, type ParsedCardQr, CARD_QR_MAX_BYTES, CARD_QR_PREFIX, composeCardQr, isCardQr, parseCardQr } from "./index";
export { EMERGENCY_CONTACTS, PrintButton, PrintableCard } from "./index.card";
export { type TrekkerItem, AGENCY_FILTERS, cardReturnsList, deletedTrekkersList, timsCardsList, trekkingHistoryList } from "./trekker-lists.server";
export { trekkerChoices, trekkerFilters, trekkersList, type TrekkerFilters } from "./lists/trekkers.server";
export type { CardLifecycleFields } from "./card-store.server";
export type { CardEventView } from "./card-events.server";
export type { TrekkerCardData } from "./card-data.server";
export type { CardActor } from "./lifecycle.server";
export type { CheckinLookup, TrailLookup } from "./lifecycle.server";
export { applyCardAction, cardEvents, generateCards, setCheckinColumn, setCheckinLookup, setTrailLookup } from "./lifecycle.server";
export { issuePaidCards, markCardsUnpaid } from "./issue.server";
export { FIRST_CARD_NUMBER } from "./card-number";
export { cardLifecycleFields } from "./card-store.server";
export { cardsOfRegistration, trekkerCardData } from "./card-data.server";
export { cardForMove, cardForScanner, mayGenerateCards, registrationToGenerate, trekkerPanel } from "./card-pages.server";
export { buildCardView, photoDataUrl } from "./card-view.server";
export { announceCardsIssued, cardPdfHtml, cardPdfState, forgetCardPdfs, pdfFileName, printCardsTogether, refreshCardPdf, requestCardPdf } from "./pdf.server";
export { cardsModule } from "./plugin.server";
export { cardKeySet, reloadSigningKeys, signCardQr, signQrPayload, verifyCardQr, verifyQrPayload } from "./qr-signing.server";
export { cardQrText } from "./card-view.server";
export type { RevokedCard, RevokedStatus } from "./revocations.server";
export { revocationList, revokedCardNumbers, revokedCards } from "./revocations.server";
export type { OverdueListHook, TrekkerSearchHit } from "./trekker-list-source.server";
export {
  TREKKER_LIST_VIEWS,
  cardReturnSource,
  deletedTrekkerSource,
  searchTrekkersFor,
  timsCardSource,
  trekkerListHidden,
  trekkerListSource,
  trekkingHistorySource,
} from "./trekker-list-source.server";
export { activateOnCheckin, cardForCheckin, cardOfScannedQr, cardStatusAt, trekkerIdByCardNumber } from "./checkin-support.server";
export type { CardRecord } from "./card-store.server";
export { sweepCards } from "./sweeper.server";
export type { IssuedCardRow } from "./chalan-support.server";
export { issuedCardOwnersBetween, issuedCardsBetween, issuedCardsOfRegistrations } from "./chalan-support.server";
