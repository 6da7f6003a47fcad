import { PAYMENT_METHODS } from "@modules/lookups";

// The bills' Payment Medium column and filter. Apart from billing.ts (receipts, who sees which
// bills) so the billing list loads only these (ADR 0036).

/** Payment Medium: the spec's payment method names by id. */
export const PAYMENT_METHOD_LABELS: Record<number, string> = Object.fromEntries(PAYMENT_METHODS.map((m) => [m.id, m.name]));
export const PAYMENT_METHOD_IDS = PAYMENT_METHODS.map((m) => String(m.id)) as [string, ...string[]];
