import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { config } from "@lib/config.server";

/**
 * QR payloads are signed with Ed25519 so a checkpost can tell a real card from a made-up one.
 * Keys come from QR_SIGNING_PRIVATE_KEY / QR_SIGNING_PUBLIC_KEY (PEM); the embedded default
 * generates a pair into data/ on first use. Every instance must share the pair.
 */
let keys: { privateKey: crypto.KeyObject; publicKey: crypto.KeyObject } | null = null;

function loadKeys() {
  if (keys) return keys;
  const envPrivate = process.env.QR_SIGNING_PRIVATE_KEY;
  if (envPrivate) {
    const privateKey = crypto.createPrivateKey(envPrivate.replace(/\\n/g, "\n"));
    return (keys = { privateKey, publicKey: crypto.createPublicKey(privateKey) });
  }
  // A deployment is stopped at start without the key (missingSettings in lib/config.server.ts).
  if (config.isProduction && config.databaseUrl) throw new Error("QR_SIGNING_PRIVATE_KEY must be set in production");
  const file = path.join(config.dataDir, "qr-signing-key.pem");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const pair = crypto.generateKeyPairSync("ed25519");
    try {
      fs.writeFileSync(file, pair.privateKey.export({ type: "pkcs8", format: "pem" }), { flag: "wx", mode: 0o600 });
    } catch {
      // Another process wrote it first; read theirs below.
    }
  }
  const privateKey = crypto.createPrivateKey(fs.readFileSync(file, "utf8"));
  return (keys = { privateKey, publicKey: crypto.createPublicKey(privateKey) });
}

export interface QrClaims {
  trekkerId: number;
  registrationId: number;
}

function message(c: QrClaims): Buffer {
  return Buffer.from(`tims-card:${c.trekkerId}:${c.registrationId}`);
}

/** The JSON a card's QR code carries: the trekker id, the registration id and a signature. */
export function signQrPayload(c: QrClaims): string {
  const sig = crypto.sign(null, message(c), loadKeys().privateKey).toString("base64url");
  return JSON.stringify({ trekkerId: c.trekkerId, registrationId: c.registrationId, sig });
}

/** The claims of a scanned QR text, or null for anything not signed by us ("Invalid QR Code"). */
export function verifyQrPayload(text: string): QrClaims | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const p = parsed as { trekkerId?: unknown; registrationId?: unknown; sig?: unknown };
  if (!Number.isSafeInteger(p.trekkerId) || !Number.isSafeInteger(p.registrationId) || typeof p.sig !== "string") return null;
  const claims = { trekkerId: p.trekkerId as number, registrationId: p.registrationId as number };
  const ok = crypto.verify(null, message(claims), loadKeys().publicKey, Buffer.from(p.sig, "base64url"));
  return ok ? claims : null;
}
