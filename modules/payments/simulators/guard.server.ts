import { simulatorsEnabled } from "../gateways/config.server";
import { notFound } from "@lib/param-id";

/**
 * First call of every simulator route: the simulators exist only outside production (or with
 * PAYMENT_SIMULATORS=1, as the end-to-end server sets); otherwise their URLs are plain 404s.
 */
export function requireSimulator(): void {
  if (!simulatorsEnabled()) throw notFound();
}
