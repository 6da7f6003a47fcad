import { assertPaymentConfig, gatewayAvailable, gatewayState, loadPaymentConfig, missingLiveConfig, simulatorsEnabled } from "./config.server";
import { GATEWAY_METHOD_ID } from "./types";

describe("payment configuration", () => {
  it("points every gateway at the simulators by default: the browser at /sim, the server at its own port", () => {
    const cfg = loadPaymentConfig({ PORT: "3550" });
    expect(cfg.simulatorsEnabled).toBe(true);
    expect(cfg.esewa).toMatchObject({
      formUrl: "/sim/esewa/api/epay/main/v2/form",
      statusUrl: "http://127.0.0.1:3550/sim/esewa/api/epay/transaction/status/",
      productCode: "EPAYTEST",
      secret: "8gBm/:&EnhH.1/q",
    });
    expect(cfg.khalti.apiBase).toBe("http://127.0.0.1:3550/sim/khalti/api/v2");
    expect(cfg.connectips.gatewayUrl).toBe("/sim/connectips/connectipswebgw/loginpage");
    expect(cfg.connectips.validateUrl).toBe("http://127.0.0.1:3550/sim/connectips/connectipswebws/api/creditor/validatetxn");
    expect(cfg.fonepay).toMatchObject({
      requestUrl: "/sim/fonepay/api/merchantRequest",
      verificationUrl: "http://127.0.0.1:3550/sim/fonepay/api/merchantRequest/verificationMerchant",
      pid: "fonepay123",
      secret: "fonepay",
      qrApiBase: "http://127.0.0.1:3550/sim/fonepay/api",
    });
    expect(cfg.card.payUrl).toBe("/sim/card/pay");
  });

  it("switches to live providers by configuration only", () => {
    const cfg = loadPaymentConfig({
      NODE_ENV: "production",
      DATABASE_URL: "mysql://db/tims",
      ESEWA_BASE: "https://epay.esewa.com.np/",
      ESEWA_STATUS_BASE: "https://epay.esewa.com.np",
      KHALTI_API_BASE: "https://khalti.com/api/v2/",
      CONNECTIPS_BASE: "https://uat.connectips.com",
      FONEPAY_BASE: "https://clientapi.fonepay.com",
      FONEPAY_QR_API_BASE: "https://merchantapi.fonepay.com/api",
      CARD_PAY_URL: "https://testsecureacceptance.cybersource.com/pay",
    });
    expect(cfg.simulatorsEnabled).toBe(false);
    expect(cfg.esewa.formUrl).toBe("https://epay.esewa.com.np/api/epay/main/v2/form");
    expect(cfg.esewa.statusUrl).toBe("https://epay.esewa.com.np/api/epay/transaction/status/");
    expect(cfg.khalti.apiBase).toBe("https://khalti.com/api/v2");
    expect(cfg.connectips.gatewayUrl).toBe("https://uat.connectips.com/connectipswebgw/loginpage");
    expect(cfg.fonepay.requestUrl).toBe("https://clientapi.fonepay.com/api/merchantRequest");
    expect(cfg.card.payUrl).toBe("https://testsecureacceptance.cybersource.com/pay");
  });

  it("mounts the simulators in the embedded mode (npm start, even with NODE_ENV=production), not in a deployment", () => {
    expect(simulatorsEnabled({ NODE_ENV: "development" })).toBe(true);
    expect(simulatorsEnabled({ NODE_ENV: "production" })).toBe(true);
    expect(simulatorsEnabled({ NODE_ENV: "production", DATABASE_URL: "mysql://db/tims" })).toBe(false);
    expect(simulatorsEnabled({ TIMS_MODE: "deployment" })).toBe(false);
    expect(simulatorsEnabled({ DATABASE_URL: "mysql://db/tims", PAYMENT_SIMULATORS: "1" })).toBe(true);
    expect(simulatorsEnabled({ NODE_ENV: "development", PAYMENT_SIMULATORS: "0" })).toBe(false);
  });

  it("names what a live deployment lacks, and nothing while the simulators serve", () => {
    const deployment = { DATABASE_URL: "mysql://db/tims" };
    expect(missingLiveConfig("khalti", deployment)).toEqual(["KHALTI_API_BASE", "KHALTI_SECRET_KEY"]);
    expect(missingLiveConfig("connectips", deployment)).toContain("CONNECTIPS_PRIVATE_KEY or CONNECTIPS_PRIVATE_KEY_FILE");
    expect(missingLiveConfig("khalti", { ...deployment, PAYMENT_SIMULATORS: "1" })).toEqual([]);
    expect(() => assertPaymentConfig({ NODE_ENV: "development" })).not.toThrow();
    expect(() => loadPaymentConfig({ PAYMENT_HTTP_TIMEOUT_MS: "soon" })).toThrow(/PAYMENT_HTTP_TIMEOUT_MS/);
  });

  it("offers a gateway only when it is simulated or fully configured; a half-configured one stops start-up", () => {
    const deployment = { DATABASE_URL: "mysql://db/tims" };
    expect(gatewayState("khalti", {})).toBe("simulated");
    expect(gatewayState("khalti", deployment)).toBe("off");
    expect(gatewayAvailable("khalti", deployment)).toBe(false);
    expect(() => assertPaymentConfig(deployment)).not.toThrow();
    const khalti = { ...deployment, KHALTI_API_BASE: "https://khalti.com/api/v2", KHALTI_SECRET_KEY: "live-key" };
    expect(gatewayState("khalti", khalti)).toBe("live");
    expect(gatewayAvailable("khalti", khalti)).toBe(true);
    expect(gatewayAvailable("esewa", khalti)).toBe(false);
    const half = { ...deployment, KHALTI_SECRET_KEY: "live-key" };
    expect(gatewayState("khalti", half)).toBe("partial");
    expect(() => assertPaymentConfig(half)).toThrow("Missing setting: KHALTI_API_BASE (khalti)");
  });

  it("keeps the payment method ids of the lookup table", () => {
    expect(GATEWAY_METHOD_ID).toEqual({ esewa: 1, connectips: 2, khalti: 3, fonepay: 4, card: 6 });
  });
});
