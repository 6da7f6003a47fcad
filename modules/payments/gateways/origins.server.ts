import { paymentConfig, type PaymentConfig } from "./config.server";

/**
 * Khalti's API answers with a payment_url on its own payment site, which the payer is redirected
 * to after our form post; its origin follows from the API host (payments-protocols.md).
 */
function khaltiPayUrl(apiBase: string): string {
  if (!/^https?:\/\//.test(apiBase)) return "";
  const host = new URL(apiBase).hostname;
  if (host === "khalti.com" || host === "a.khalti.com") return "https://pay.khalti.com/";
  if (host === "dev.khalti.com") return "https://test-pay.khalti.com/";
  // The simulator (or any other stand-in) sends the payer to a path on our own origin.
  return "";
}

/**
 * The providers' sites the payer's browser is sent to by a form (eSewa, connectIPS, FonePay, card)
 * or by a redirect after our own form post (Khalti): what the pages' Content-Security-Policy
 * `form-action` must allow besides our own origin. The simulators are paths on our origin.
 */
export function gatewayBrowserOrigins(cfg: PaymentConfig = paymentConfig()): string[] {
  const urls = [cfg.esewa.formUrl, cfg.connectips.gatewayUrl, cfg.fonepay.requestUrl, cfg.card.payUrl, khaltiPayUrl(cfg.khalti.apiBase)];
  const origins = urls.filter((url) => /^https?:\/\//.test(url)).map((url) => new URL(url).origin);
  return [...new Set(origins)];
}
