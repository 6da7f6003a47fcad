/** What the shared simulator page shows and offers (no server code: the page component imports it). */
export type SimProvider = "esewa" | "khalti" | "connectips" | "fonepay" | "fonepay-qr" | "card";
export const SIM_PROVIDERS: readonly SimProvider[] = ["esewa", "khalti", "connectips", "fonepay", "fonepay-qr", "card"];

/**
 * The user's choice on a simulator page (the button's value):
 * success, failure, cancel (the payer gives up at the provider), decline (where the provider has
 * one), abandon (the payer closes the window: where the provider can be asked, after paying, so
 * only reconciliation learns of it; elsewhere before paying), and for tests delayed (the provider
 * confirms only after N "not yet" status answers) and tampered (the return carries a changed
 * amount under the original signature, or an answer naming another amount).
 */
export type SimDecision = "success" | "failure" | "cancel" | "decline" | "abandon" | "delayed" | "tampered";
export const SIM_DECISIONS: readonly SimDecision[] = ["success", "failure", "cancel", "decline", "abandon", "delayed", "tampered"];

export interface SimChoice {
  value: SimDecision;
  label: string;
  tone: "primary" | "secondary" | "danger";
}

export interface SimView {
  provider: SimProvider;
  /** e.g. "eSewa (simulator)". */
  title: string;
  amountText: string;
  rows: Array<[string, string]>;
  choices: SimChoice[];
  /** Default of the "pending lookups" test option. */
  pendingLookups: number;
  /** Set once decided: what happened. */
  done?: string;
  /** A note under the buttons (e.g. where the QR payer goes next). */
  note?: string;
}
