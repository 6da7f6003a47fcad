import type { GatewayId } from "./gateways/types";

/** The online methods offered on the payment step, in the spec's order (spec 1 §2.7). */
export const ONLINE_METHODS: { id: GatewayId; label: string }[] = [
  { id: "esewa", label: "eSewa" },
  { id: "connectips", label: "connectIPS" },
  { id: "khalti", label: "Khalti" },
  { id: "fonepay", label: "FonePay" },
  { id: "card", label: "Card" },
];

export const GATEWAY_LABELS: Record<GatewayId, string> = Object.fromEntries(ONLINE_METHODS.map((m) => [m.id, m.label])) as Record<GatewayId, string>;

/** The refunds list's gateway column: the provider's name, or the bank deposit. */
export function refundGatewayLabel(gateway: string): string {
  return gateway === "voucher" ? "Bank voucher" : (GATEWAY_LABELS[gateway as GatewayId] ?? gateway);
}

export const PAYMENT_TABS = [
  { id: "qr", label: "NEPALPAY QR" },
  { id: "online", label: "connectIPS" },
  { id: "voucher", label: "Cash/Voucher Deposit" },
] as const;
export type PaymentTab = (typeof PAYMENT_TABS)[number]["id"];

/** Shown for a gateway this deployment has not configured, and the server's answer when one is posted anyway. */
export const GATEWAY_UNAVAILABLE = "This payment method is not available right now";
