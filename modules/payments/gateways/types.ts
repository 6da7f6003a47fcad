/**
 * The adapter interface every payment gateway implements (issue 7). The payment step calls
 * `start` to learn where to send the browser, and the result route calls `confirm` with what the
 * provider put on our return URL and what we stored for the attempt. Nothing here trusts the
 * browser: `confirm` verifies signatures and/or asks the provider, and compares the transaction id
 * and amount with the stored attempt.
 */
export type GatewayId = "esewa" | "khalti" | "connectips" | "fonepay" | "card";

/** Payment method ids (lookup table): 1 eSewa, 2 connectIPS, 3 Khalti, 4 FonePay, 6 Card (5 is the voucher). */
export const GATEWAY_METHOD_ID: Record<GatewayId, number> = {
  esewa: 1,
  connectips: 2,
  khalti: 3,
  fonepay: 4,
  card: 6,
};

export const GATEWAY_IDS = Object.keys(GATEWAY_METHOD_ID) as GatewayId[];

/** The last path segment of our result URL: /new-register/:regId/:paymentType/:actionType. */
export type ReturnAction = "success" | "failure" | "decline";

export interface StartInput {
  /** Our unique transaction id (<= 20 chars, [A-Za-z0-9-]), one per attempt. */
  txnId: string;
  /** Integer paisa. */
  amountPaisa: number;
  registrationId: number;
  /** e.g. "TIMS card x2". */
  description: string;
  /**
   * Absolute; our result endpoint base for this attempt, e.g. https://host/new-register/12/esewa.
   * The adapter appends /success, /failure or /decline as the provider allows and the query
   * values isPayment=1, regId and TXNID (spec 1 §2.1).
   */
  returnUrl: string;
  customer?: { name?: string; email?: string; phone?: string };
  /** FonePay only: "qr" asks for a dynamic QR (the NEPALPAY QR tab) instead of the web page. */
  mode?: "web" | "qr";
}

export type StartResult =
  /** The browser auto-submits (or presses Continue without JS). */
  | { kind: "form"; action: string; method: "POST" | "GET"; fields: Record<string, string> }
  | { kind: "redirect"; url: string }
  /** FonePay dynamic QR (NEPALPAY QR tab): show qrText as a QR, then poll confirm. */
  | { kind: "qr"; qrText: string; prn: string; statusCheck: true };

export interface ConfirmInput {
  /** What the provider put on our return URL. */
  query: URLSearchParams;
  /** A POSTed result (card). */
  body?: URLSearchParams;
  /** From our stored attempt (never from the browser). */
  expected: { txnId: string; amountPaisa: number; providerRef?: string | null };
  /**
   * The :actionType the browser came back on. Only connectIPS uses it (its return carries nothing
   * but TXNID): a FAILED validation on the decline path is "declined", elsewhere "failure".
   */
  actionType?: ReturnAction;
  /** FonePay only: "qr" checks the dynamic-QR status by PRN (also chosen when the query is empty). */
  mode?: "web" | "qr";
}

export type ConfirmStatus = "success" | "failure" | "declined" | "pending";

export interface ConfirmResult {
  status: ConfirmStatus;
  /** The provider's own reference for the payment (eSewa ref_id/transaction_code, Khalti transaction_id, FonePay UID, card transaction_id). */
  providerRef?: string;
  /** The amount the provider confirmed, in paisa. */
  amountPaisa?: number;
  reason?: string;
  /** The provider's answers as received, to store with the attempt. */
  raw: unknown;
  /** Set with status "failure" when a signature is bad, a signed field is missing or the answer names another transaction or amount. */
  tampered?: boolean;
}

export interface PaymentGateway {
  id: GatewayId;
  /** providerRef (e.g. Khalti pidx) is to be stored with the attempt and passed back to confirm. */
  start(input: StartInput): Promise<StartResult & { providerRef?: string }>;
  /**
   * Verifies the signature and/or calls the provider's status API, and checks txnId and amount
   * against `expected`; a mismatch or bad signature gives status "failure" with tampered: true.
   * Called with an empty query it asks the provider's status API again where there is one
   * (eSewa, Khalti, connectIPS, FonePay QR), so a pending attempt can be re-checked later.
   */
  confirm(input: ConfirmInput): Promise<ConfirmResult>;
  /**
   * Our transaction id as the provider's return names it (TXNID, purchase_order_id, PRN,
   * req_transaction_uuid...), to find the stored attempt. Unverified: only a lookup key.
   */
  txnIdFromReturn?(query: URLSearchParams, body?: URLSearchParams): string | null;
}
