import { isCardQr, parseCardQr, type CardQrClaims } from "@modules/cards/index";
import { cardProblem } from "../rules";

/**
 * The scan page's check without a connection (docs/adr/0022-offline-checkpost.md): the card QR's
 * Ed25519 signature by the key its kid names in the cached key set (WebCrypto, or @noble/ed25519
 * where WebCrypto lacks Ed25519), then the cached
 * revocation list and the card's signed dates. A first-format code (ids only) can be told genuine
 * but says nothing else: the server decides on it when the scan is sent.
 */
export interface CardKeySet {
  keys: { kty: string; crv: string; x: string; kid: string }[];
}

export interface RevocationList {
  generatedAt: string;
  cards: { cardNumber: number; status: "Cancelled" | "Returned" | "Deleted" }[];
}

export type OfflineVerdict =
  | { kind: "invalid"; message: string }
  /**
   * A card-claims QR, genuine; `problem` (shown red) when it may not pass. `kept`: whether the
   * scan is queued — a refused card is, as a refused scan (ADR 0028); a deleted record is not.
   */
  | { kind: "card"; claims: CardQrClaims; problem: string | null; kept: boolean }
  /** A genuine first-format QR: recorded or refused by the server once online. */
  | { kind: "legacy" };

function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
  const bin = atob(
    base64
      .replace(/-/g, "+")
      .replace(/_/g, "/")
      .padEnd(Math.ceil(base64.length / 4) * 4, "="),
  );
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

const keyCache = new Map<string, Promise<CryptoKey>>();

function importKey(x: string): Promise<CryptoKey> {
  let key = keyCache.get(x);
  if (!key) {
    key = crypto.subtle.importKey("raw", bytesOf(x), { name: "Ed25519" }, false, ["verify"]);
    keyCache.set(x, key);
  }
  return key;
}

let webCryptoEd25519: Promise<boolean> | null = null;

/**
 * Whether this browser's WebCrypto has Ed25519 (Chrome 137, Firefox 129, Safari 17 and later).
 * The phones at checkposts are often older: without it every genuine card would read as invalid.
 */
export function hasWebCryptoEd25519(): Promise<boolean> {
  webCryptoEd25519 ??= crypto.subtle
    .generateKey({ name: "Ed25519" }, false, ["sign", "verify"])
    .then(() => true)
    .catch(() => false);
  return webCryptoEd25519;
}

/**
 * The audited pure-JavaScript Ed25519 (@noble/ed25519, about 5 KB) for browsers without it in
 * WebCrypto: loaded only there, and loaded when the page starts (preloadVerifier) so that the
 * service worker keeps it for the offline scans.
 */
const fallback = () => import("@noble/ed25519");

export async function preloadVerifier(): Promise<void> {
  if (!(await hasWebCryptoEd25519())) await fallback();
}

/** Ed25519 over `data` by the public key `x` (base64url): WebCrypto, or the fallback without it. */
export async function verifyEd25519(x: string, signature: Uint8Array<ArrayBuffer>, data: string, opts: { webCrypto?: boolean } = {}): Promise<boolean> {
  try {
    const message = new TextEncoder().encode(data);
    if (opts.webCrypto ?? (await hasWebCryptoEd25519())) return await crypto.subtle.verify({ name: "Ed25519" }, await importKey(x), signature, message);
    return await (await fallback()).verifyAsync(signature, message, bytesOf(x));
  } catch {
    return false;
  }
}

const INVALID = "Invalid QR Code";

export async function verifyOffline(text: string, keySet: CardKeySet, revoked: RevocationList | null, today: string): Promise<OfflineVerdict> {
  const keys = keySet.keys.filter((k) => k.kty === "OKP" && k.crv === "Ed25519");
  if (isCardQr(text)) {
    const parsed = parseCardQr(text);
    if (!parsed) return { kind: "invalid", message: INVALID };
    const key = keys.find((k) => k.kid === parsed.claims.kid);
    if (!key) return { kind: "invalid", message: "Invalid QR Code: signed with a key this device does not know yet (connect once to refresh the keys)." };
    if (!(await verifyEd25519(key.x, new Uint8Array(parsed.signature), parsed.signed))) return { kind: "invalid", message: INVALID };
    const status = revoked?.cards.find((c) => c.cardNumber === parsed.claims.cardNumber)?.status;
    const problem = cardProblem(
      {
        status: status && status !== "Deleted" ? status : "Active",
        deleted: status === "Deleted",
        entryDate: parsed.claims.validFrom,
        exitDate: parsed.claims.validTo,
      },
      today,
    );
    return { kind: "card", claims: parsed.claims, problem, kept: status !== "Deleted" };
  }
  let legacy: { trekkerId?: unknown; registrationId?: unknown; sig?: unknown };
  try {
    legacy = JSON.parse(text) as typeof legacy;
  } catch {
    return { kind: "invalid", message: INVALID };
  }
  if (!Number.isSafeInteger(legacy?.trekkerId) || !Number.isSafeInteger(legacy?.registrationId) || typeof legacy.sig !== "string")
    return { kind: "invalid", message: INVALID };
  const signature = bytesOf(legacy.sig);
  const message = `tims-card:${legacy.trekkerId}:${legacy.registrationId}`;
  for (const key of keys) if (await verifyEd25519(key.x, signature, message)) return { kind: "legacy" };
  return { kind: "invalid", message: INVALID };
}
