import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { config, runMode } from "@lib/config.server";
import type { GatewayId } from "./types";

/**
 * Payment provider URLs and credentials, all from the environment. With nothing set, every
 * gateway points at the local simulators (served by this app under /sim outside production), so
 * switching to a live provider is configuration only.
 *
 * Two bases, because two parties call the provider:
 * - the browser (form actions, redirects): PAYMENT_SIM_BASE, default "/sim", a path on whatever
 *   origin the user is on, so the session cookie and host never change on the way out and back;
 * - this server (status, lookup, validation APIs): PAYMENT_API_BASE, default
 *   http://127.0.0.1:$PORT/sim, the app's own listener.
 */
export interface PaymentConfig {
  /** Simulator routes answer (outside production, or PAYMENT_SIMULATORS=1); otherwise they 404. */
  simulatorsEnabled: boolean;
  simBase: string;
  apiBase: string;
  httpTimeoutMs: number;
  /** How many status lookups a "Delayed" simulated payment answers "pending" before it completes. */
  simPendingLookups: number;
  esewa: { formUrl: string; statusUrl: string; productCode: string; secret: string };
  khalti: { apiBase: string; secretKey: string; websiteUrl: string };
  connectips: {
    gatewayUrl: string;
    validateUrl: string;
    merchantId: string;
    appId: string;
    appName: string;
    password: string;
    /** PEM text (CONNECTIPS_PRIVATE_KEY) or a PEM file (CONNECTIPS_PRIVATE_KEY_FILE); else a generated dev key. */
    privateKeyPem: string;
    privateKeyFile: string;
    devKeyFile: string;
    /** What the merchant registers with NCHL; only the simulator reads these (the live provider knows its own). */
    registeredReturn: { success: string; failure: string; decline: string };
  };
  fonepay: {
    requestUrl: string;
    verificationUrl: string;
    pid: string;
    secret: string;
    qrApiBase: string;
    merchantCode: string;
    qrUsername: string;
    qrPassword: string;
    qrSecret: string;
  };
  card: { payUrl: string; accessKey: string; profileId: string; secretKey: string; locale: string; currency: string };
}

type Env = Record<string, string | undefined>;

function trimSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

/** The simulators serve in the embedded mode (npm start); PAYMENT_SIMULATORS=1/0 overrides. */
export function simulatorsEnabled(env: Env = process.env): boolean {
  if (env.PAYMENT_SIMULATORS === "1") return true;
  if (env.PAYMENT_SIMULATORS === "0") return false;
  return runMode(env) === "embedded";
}

export function loadPaymentConfig(env: Env = process.env): PaymentConfig {
  const get = (name: string, fallback: string) => (env[name] && env[name]!.trim() !== "" ? env[name]!.trim() : fallback);
  const int = (name: string, fallback: number) => {
    const value = Number(get(name, String(fallback)));
    if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number`);
    return value;
  };
  const simBase = trimSlash(get("PAYMENT_SIM_BASE", "/sim"));
  const apiBase = trimSlash(get("PAYMENT_API_BASE", `http://127.0.0.1:${env.PORT || 3000}/sim`));
  const esewaBase = trimSlash(get("ESEWA_BASE", `${simBase}/esewa`));
  const esewaStatusBase = trimSlash(get("ESEWA_STATUS_BASE", `${apiBase}/esewa`));
  const cipsBase = trimSlash(get("CONNECTIPS_BASE", `${simBase}/connectips`));
  const cipsApiBase = trimSlash(get("CONNECTIPS_API_BASE", `${apiBase}/connectips`));
  const fonepayBase = trimSlash(get("FONEPAY_BASE", `${simBase}/fonepay`));
  const fonepayApiBase = trimSlash(get("FONEPAY_API_BASE", `${apiBase}/fonepay`));
  const fonepaySecret = get("FONEPAY_SECRET", "fonepay");
  const fonepayPid = get("FONEPAY_PID", "fonepay123");
  return {
    simulatorsEnabled: simulatorsEnabled(env),
    simBase,
    apiBase,
    httpTimeoutMs: int("PAYMENT_HTTP_TIMEOUT_MS", 15_000),
    simPendingLookups: int("PAYMENT_SIM_PENDING_LOOKUPS", 1),
    esewa: {
      formUrl: `${esewaBase}/api/epay/main/v2/form`,
      statusUrl: `${esewaStatusBase}/api/epay/transaction/status/`,
      productCode: get("ESEWA_PRODUCT_CODE", "EPAYTEST"),
      secret: get("ESEWA_SECRET", "8gBm/:&EnhH.1/q"),
    },
    khalti: {
      apiBase: trimSlash(get("KHALTI_API_BASE", `${apiBase}/khalti/api/v2`)),
      secretKey: get("KHALTI_SECRET_KEY", "dev-khalti-secret-key-not-real"),
      websiteUrl: get("KHALTI_WEBSITE_URL", config.appUrl),
    },
    connectips: {
      gatewayUrl: `${cipsBase}/connectipswebgw/loginpage`,
      validateUrl: `${cipsApiBase}/connectipswebws/api/creditor/validatetxn`,
      merchantId: get("CONNECTIPS_MERCHANT_ID", "550"),
      appId: get("CONNECTIPS_APP_ID", "MER-550-APP-1"),
      appName: get("CONNECTIPS_APP_NAME", "TIMS"),
      password: get("CONNECTIPS_PASSWORD", "dev-connectips-password"),
      // Environment variables cannot hold newlines everywhere; accept "\n" escapes.
      privateKeyPem: get("CONNECTIPS_PRIVATE_KEY", "").replace(/\\n/g, "\n"),
      privateKeyFile: get("CONNECTIPS_PRIVATE_KEY_FILE", ""),
      devKeyFile: path.join(config.dataDir, "connectips-dev-key.pem"),
      registeredReturn: {
        success: get("CONNECTIPS_SIM_SUCCESS_URL", "/new-register/noreg/connectips/success"),
        failure: get("CONNECTIPS_SIM_FAILURE_URL", "/new-register/noreg/connectips/failure"),
        decline: get("CONNECTIPS_SIM_DECLINE_URL", "/new-register/noreg/connectips/decline"),
      },
    },
    fonepay: {
      requestUrl: `${fonepayBase}/api/merchantRequest`,
      verificationUrl: `${fonepayApiBase}/api/merchantRequest/verificationMerchant`,
      pid: fonepayPid,
      secret: fonepaySecret,
      qrApiBase: trimSlash(get("FONEPAY_QR_API_BASE", `${apiBase}/fonepay/api`)),
      merchantCode: get("FONEPAY_MERCHANT_CODE", fonepayPid),
      qrUsername: get("FONEPAY_QR_USERNAME", "dev-qr-user"),
      qrPassword: get("FONEPAY_QR_PASSWORD", "dev-qr-password"),
      qrSecret: get("FONEPAY_QR_SECRET", fonepaySecret),
    },
    card: {
      payUrl: get("CARD_PAY_URL", `${simBase}/card/pay`),
      accessKey: get("CARD_ACCESS_KEY", "dev-card-access-key"),
      profileId: get("CARD_PROFILE_ID", "DEV-CARD-PROFILE"),
      secretKey: get("CARD_SECRET_KEY", "dev-card-secret-key-not-real"),
      locale: get("CARD_LOCALE", "en"),
      currency: "NPR",
    },
  };
}

/** Variables a live deployment must set per gateway (their defaults are the simulators' and dev values). */
export const LIVE_VARIABLES: Record<GatewayId, string[]> = {
  esewa: ["ESEWA_BASE", "ESEWA_STATUS_BASE", "ESEWA_PRODUCT_CODE", "ESEWA_SECRET"],
  khalti: ["KHALTI_API_BASE", "KHALTI_SECRET_KEY"],
  connectips: ["CONNECTIPS_BASE", "CONNECTIPS_API_BASE", "CONNECTIPS_MERCHANT_ID", "CONNECTIPS_APP_ID", "CONNECTIPS_APP_NAME", "CONNECTIPS_PASSWORD"],
  fonepay: ["FONEPAY_BASE", "FONEPAY_API_BASE", "FONEPAY_PID", "FONEPAY_SECRET"],
  card: ["CARD_PAY_URL", "CARD_ACCESS_KEY", "CARD_PROFILE_ID", "CARD_SECRET_KEY"],
};

/** What is missing for `id` to talk to a live provider; empty while the simulators serve. */
export function missingLiveConfig(id: GatewayId, env: Env = process.env): string[] {
  if (simulatorsEnabled(env)) return [];
  const missing = LIVE_VARIABLES[id].filter((name) => !env[name]?.trim());
  if (id === "connectips" && !env.CONNECTIPS_PRIVATE_KEY?.trim() && !env.CONNECTIPS_PRIVATE_KEY_FILE?.trim()) {
    missing.push("CONNECTIPS_PRIVATE_KEY or CONNECTIPS_PRIVATE_KEY_FILE");
  }
  return missing;
}

/**
 * "simulated": the local simulator serves it; "live": every variable is set; "off": none is set,
 * so the deployment does not offer it; "partial": some are set — a mistake start-up refuses.
 */
export type GatewayState = "simulated" | "live" | "off" | "partial";

export function gatewayState(id: GatewayId, env: Env = process.env): GatewayState {
  if (simulatorsEnabled(env)) return "simulated";
  const missing = missingLiveConfig(id, env);
  if (missing.length === 0) return "live";
  const named = [...LIVE_VARIABLES[id], ...(id === "connectips" ? ["CONNECTIPS_PRIVATE_KEY", "CONNECTIPS_PRIVATE_KEY_FILE"] : [])];
  return named.some((name) => env[name]?.trim()) ? "partial" : "off";
}

/** True when the payment page may offer `id`. */
export function gatewayAvailable(id: GatewayId, env: Env = process.env): boolean {
  const state = gatewayState(id, env);
  return state === "simulated" || state === "live";
}

/**
 * For start-up: a gateway configured halfway stops the process, naming what it lacks. A gateway
 * with nothing set is simply not offered.
 */
export function assertPaymentConfig(env: Env = process.env): void {
  const problems = (Object.keys(LIVE_VARIABLES) as GatewayId[])
    .filter((id) => gatewayState(id, env) === "partial")
    .map((id) => `${missingLiveConfig(id, env).join(", ")} (${id})`);
  if (problems.length > 0) throw new Error(`Missing setting: ${problems.join("; ")}`);
}

let cached: PaymentConfig | null = null;

/** The configuration from process.env, read once. */
export function paymentConfig(): PaymentConfig {
  return (cached ??= loadPaymentConfig());
}

const keyCache = new Map<string, { privateKey: crypto.KeyObject; publicKey: crypto.KeyObject }>();

/**
 * The merchant's connectIPS key pair. Live: the private key of the .pfx NCHL issues, converted to
 * PEM (`openssl pkcs12 -in CREDITOR.pfx -nocerts -nodes`); Node's crypto cannot read .pfx itself.
 * With simulators on and no key given, one is generated once into data/ (the simulator verifies
 * with its public half, as NCHL does with the registered certificate). Live without a key: error.
 */
export function connectipsKeys(cfg: PaymentConfig = paymentConfig()): { privateKey: crypto.KeyObject; publicKey: crypto.KeyObject } {
  const { privateKeyPem, privateKeyFile, devKeyFile } = cfg.connectips;
  if (!privateKeyPem && !privateKeyFile && !cfg.simulatorsEnabled) {
    throw new Error("CONNECTIPS_PRIVATE_KEY (or CONNECTIPS_PRIVATE_KEY_FILE) must be set when the payment simulators are off");
  }
  const source = privateKeyPem ? `pem:${privateKeyPem}` : privateKeyFile ? `file:${privateKeyFile}` : `dev:${devKeyFile}`;
  const hit = keyCache.get(source);
  if (hit) return hit;
  const pem = privateKeyPem || (privateKeyFile ? fs.readFileSync(privateKeyFile, "utf8") : readOrCreateDevKey(devKeyFile));
  const privateKey = crypto.createPrivateKey(pem);
  const pair = { privateKey, publicKey: crypto.createPublicKey(privateKey) };
  keyCache.set(source, pair);
  return pair;
}

function readOrCreateDevKey(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const { privateKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
    const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    try {
      fs.writeFileSync(file, pem, { flag: "wx", mode: 0o600 });
      return pem;
    } catch {
      // Another process created it first; use theirs so both sides share one key.
      return fs.readFileSync(file, "utf8");
    }
  }
}
