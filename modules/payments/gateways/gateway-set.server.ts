import { createCardGateway } from "./card.server";
import { missingLiveConfig } from "./config.server";
import { createConnectipsGateway } from "./connectips.server";
import { createEsewaGateway } from "./esewa.server";
import { createFonepayGateway } from "./fonepay.server";
import { createKhaltiGateway } from "./khalti.server";
import type { GatewayId, PaymentGateway } from "./types";
import { GATEWAY_IDS } from "./types";

export type { ConfirmInput, ConfirmResult, ConfirmStatus, GatewayId, PaymentGateway, ReturnAction, StartInput, StartResult } from "./types";
export { GATEWAY_IDS, GATEWAY_METHOD_ID } from "./types";
export { assertPaymentConfig } from "./config.server";

const factories: Record<GatewayId, () => PaymentGateway> = {
  esewa: createEsewaGateway,
  khalti: createKhaltiGateway,
  connectips: createConnectipsGateway,
  fonepay: createFonepayGateway,
  card: createCardGateway,
};

const gateways = new Map<GatewayId, PaymentGateway>();

export function isGatewayId(value: unknown): value is GatewayId {
  return typeof value === "string" && (GATEWAY_IDS as string[]).includes(value);
}

/** The adapter for a provider, configured from the environment. Throws when a live deployment lacks its variables. */
export function getGateway(id: GatewayId): PaymentGateway {
  const existing = gateways.get(id);
  if (existing) return existing;
  if (!isGatewayId(id)) throw new Error(`unknown payment gateway "${id}"`);
  const missing = missingLiveConfig(id);
  if (missing.length > 0) throw new Error(`${id} is not configured: set ${missing.join(", ")}`);
  const gateway = factories[id]();
  gateways.set(id, gateway);
  return gateway;
}
