import { describe, expect, it } from "vitest";
import { loadPaymentConfig } from "./config.server";
import { gatewayBrowserOrigins } from "./origins.server";

describe("gatewayBrowserOrigins", () => {
  it("is empty while the simulators (paths on our origin) serve every gateway", () => {
    expect(gatewayBrowserOrigins(loadPaymentConfig({}))).toEqual([]);
  });

  it("lists each live provider's browser-facing origin once", () => {
    const cfg = loadPaymentConfig({
      PAYMENT_SIMULATORS: "0",
      ESEWA_BASE: "https://epay.esewa.com.np",
      ESEWA_STATUS_BASE: "https://esewa.com.np",
      KHALTI_API_BASE: "https://khalti.com/api/v2",
      CONNECTIPS_BASE: "https://login.connectips.com",
      FONEPAY_BASE: "https://clientapi.fonepay.com",
      CARD_PAY_URL: "https://secureacceptance.cybersource.com/pay",
    });
    expect(gatewayBrowserOrigins(cfg)).toEqual([
      "https://epay.esewa.com.np",
      "https://login.connectips.com",
      "https://clientapi.fonepay.com",
      "https://secureacceptance.cybersource.com",
      "https://pay.khalti.com",
    ]);
  });

  it("sends Khalti's sandbox to its test payment site", () => {
    expect(gatewayBrowserOrigins(loadPaymentConfig({ PAYMENT_SIMULATORS: "0", KHALTI_API_BASE: "https://dev.khalti.com/api/v2" }))).toContain(
      "https://test-pay.khalti.com",
    );
  });
});
