import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { config } from "@lib/config.server";
import { composeCardQr, parseCardQr, type CardQrClaims } from "./card-qr";

/**
 * QR payloads are signed with Ed25519 so a checkpost can tell a real card from a made-up one
 * (docs/adr/0021-offline-verifiable-cards.md). The current key comes from QR_SIGNING_PRIVATE_KEY
 * (PEM); the embedded default generates it into data/ on first use. Keys retired by a rotation
 * still verify the cards they signed: QR_SIGNING_PREVIOUS_KEYS (one or more PEM keys, public or
 * private, one after the other) and, in the embedded mode, data/qr-signing-previous-keys.pem.
 * Every instance must share them. A key's id is the start of its RFC 7638 thumbprint.
 */
export interface SigningKey {
  kid: string;
  publicKey: crypto.KeyObject;
  /** The raw 32-byte public key, base64url (the JWK's x). */
  x: string;
}

interface KeyRing {
  current: SigningKey & { privateKey: crypto.KeyObject };
  all: SigningKey[];
}

let ring: KeyRing | null = null;

const pemOf = (text: string) => text.replace(/\\n/g, "\n");

function describe(publicKey: crypto.KeyObject): SigningKey {
  const jwk = publicKey.export({ format: "jwk" }) as { crv?: string; x?: string };
  if (jwk.crv !== "Ed25519" || !jwk.x) throw new Error("QR signing keys must be Ed25519");
  // RFC 7638: the SHA-256 of the required members in lexicographic order, no spaces.
  const thumbprint = crypto.createHash("sha256").update(`{"crv":"Ed25519","kty":"OKP","x":"${jwk.x}"}`).digest("base64url");
  return { kid: thumbprint.slice(0, 8), publicKey, x: jwk.x };
}

/** Every PEM block of `text` as a public key (a private key's public half). */
export function publicKeysOfPem(text: string): crypto.KeyObject[] {
  const blocks = pemOf(text).match(/-----BEGIN [A-Z ]+-----[\s\S]+?-----END [A-Z ]+-----/g) ?? [];
  return blocks.map((block) => crypto.createPublicKey(block));
}

function currentPrivateKey(): crypto.KeyObject {
  const envPrivate = process.env.QR_SIGNING_PRIVATE_KEY;
  if (envPrivate) return crypto.createPrivateKey(pemOf(envPrivate));
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
  return crypto.createPrivateKey(fs.readFileSync(file, "utf8"));
}

function previousPublicKeys(): crypto.KeyObject[] {
  const keys = publicKeysOfPem(process.env.QR_SIGNING_PREVIOUS_KEYS ?? "");
  const file = path.join(config.dataDir, "qr-signing-previous-keys.pem");
  if (fs.existsSync(file)) keys.push(...publicKeysOfPem(fs.readFileSync(file, "utf8")));
  return keys;
}

function loadKeys(): KeyRing {
  if (ring) return ring;
  const privateKey = currentPrivateKey();
  const current = { ...describe(crypto.createPublicKey(privateKey)), privateKey };
  const all: SigningKey[] = [current];
  for (const key of previousPublicKeys().map(describe)) if (!all.some((k) => k.kid === key.kid)) all.push(key);
  return (ring = { current, all });
}

/** Tests that change the key variables read them again. */
export function reloadSigningKeys(): void {
  ring = null;
}

/** The JSON Web Key Set of the card keys (RFC 7517, OKP Ed25519), the current key first. */
export function cardKeySet(): { keys: { kty: "OKP"; crv: "Ed25519"; x: string; kid: string; use: "sig"; alg: "EdDSA" }[] } {
  return { keys: loadKeys().all.map((k) => ({ kty: "OKP", crv: "Ed25519", x: k.x, kid: k.kid, use: "sig", alg: "EdDSA" })) };
}

export interface QrClaims {
  trekkerId: number;
  registrationId: number;
}

function message(c: QrClaims): Buffer {
  return Buffer.from(`tims-card:${c.trekkerId}:${c.registrationId}`);
}

/** The JSON the first cards' QR codes carry: the trekker id, the registration id and a signature (still accepted). */
export function signQrPayload(c: QrClaims): string {
  const sig = crypto.sign(null, message(c), loadKeys().current.privateKey).toString("base64url");
  return JSON.stringify({ trekkerId: c.trekkerId, registrationId: c.registrationId, sig });
}

/** The claims of a first-format QR text, or null for anything not signed by one of our keys ("Invalid QR Code"). */
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
  const sig = Buffer.from(p.sig, "base64url");
  return loadKeys().all.some((k) => crypto.verify(null, message(claims), k.publicKey, sig)) ? claims : null;
}

/** A card's claims: the text its QR carries, signed with the current key (card-qr.ts has the format). */
export function signCardQr(claims: Omit<CardQrClaims, "kid">): string {
  const { current } = loadKeys();
  const signed = composeCardQr({ ...claims, kid: current.kid });
  return `${signed}|${crypto.sign(null, Buffer.from(signed, "utf8"), current.privateKey).toString("base64")}`;
}

/** The claims of a new-format card QR whose signature one of our keys (by its kid) verifies, else null. */
export function verifyCardQr(text: string): CardQrClaims | null {
  const parsed = parseCardQr(text);
  if (!parsed) return null;
  const key = loadKeys().all.find((k) => k.kid === parsed.claims.kid);
  if (!key) return null;
  return crypto.verify(null, Buffer.from(parsed.signed, "utf8"), key.publicKey, parsed.signature) ? parsed.claims : null;
}
