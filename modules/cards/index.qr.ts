// The card QR format alone (parse and compose, no signing): what the scan page's offline check
// loads in the browser without the rest of the cards module (ADR 0016).
export type { CardQrClaims, ParsedCardQr } from "./card-qr";
export { CARD_QR_MAX_BYTES, CARD_QR_PREFIX, composeCardQr, isCardQr, parseCardQr } from "./card-qr";
