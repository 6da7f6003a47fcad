/** Statuses in which a trekker has no card to show (spec 1 §2.8: the TIMS Card tab is hidden). */
export const NO_CARD_STATUSES = ["Approval Pending", "Payment Pending", "Pending", "Payment Failure", "Rejected", "Expired"] as const;

export function hasVisibleCard(status: string, cardNumber: number | null): boolean {
  return cardNumber !== null && !(NO_CARD_STATUSES as readonly string[]).includes(status);
}
