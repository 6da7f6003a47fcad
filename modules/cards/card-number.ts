/** "—" until the card has a number (spec 2 §2, TIMS Cards). */
export const cardNumberText = (n: number | null) => (n === null ? "—" : String(n));

/** The counter's first number (so every number has six digits); the ledger check counts gaps from it. */
export const FIRST_CARD_NUMBER = 100001;
