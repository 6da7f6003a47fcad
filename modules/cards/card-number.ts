/** "—" until the card has a number (spec 2 §2, TIMS Cards). */
export const cardNumberText = (n: number | null) => (n === null ? "—" : String(n));
