/**
 * The card QR's second format (docs/adr/0021-offline-verifiable-cards.md), readable without a
 * connection: pipe-separated UTF-8 text, then a pipe and the standard base64 of an Ed25519
 * signature over exactly the bytes before that last pipe.
 *
 *   TIMS2|<kid>|<card number>|<valid from>|<valid to>|<nationality>|<route>|<full name>|<signature>
 *
 * Dates are YYYY-MM-DD (Nepal dates of entry and exit). Free text keeps its own script (NFC; the
 * QR carries it as UTF-8 behind an ECI marker, lib/qr-code.server.ts), pipes and control
 * characters replaced by spaces, and the longest of nationality, route and name is shortened until
 * the whole text fits QR version 10 at error correction M (213 bytes, less the marker's two).
 * Pure code: the server signs and verifies with node:crypto, the scan page verifies with WebCrypto.
 */
export const CARD_QR_PREFIX = "TIMS2";

/** Bytes a version-10 QR holds at error correction M in byte mode, less the 12 bits of the UTF-8 marker. */
export const CARD_QR_MAX_BYTES = 211;
/** An Ed25519 signature in standard base64, with padding. */
const SIGNATURE_CHARS = 88;

export interface CardQrClaims {
  kid: string;
  cardNumber: number;
  fullName: string;
  nationality: string;
  route: string;
  validFrom: string;
  validTo: string;
}

const encoder = new TextEncoder();
const byteLength = (s: string) => encoder.encode(s).length;

/**
 * Free text as the card prints it, in any script (issue 28): composed (NFC, so the signed bytes
 * do not depend on how the name was typed), without pipes or control characters.
 */
const clean = (s: string) =>
  s
    .normalize("NFC")
    .replace(/[|\p{Cc}\p{Cf}\u2028\u2029]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();

/** `s` cut to at most `bytes` UTF-8 bytes, never inside a character. */
function cutToBytes(s: string, bytes: number): string {
  let out = "";
  for (const ch of s) {
    if (byteLength(out + ch) > bytes) break;
    out += ch;
  }
  return out.trim();
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const KID = /^[A-Za-z0-9_-]{1,16}$/;

/** The signed part of a card's QR text (everything before the signature). */
export function composeCardQr(c: CardQrClaims): string {
  if (!KID.test(c.kid) || !Number.isSafeInteger(c.cardNumber) || c.cardNumber <= 0 || !DATE.test(c.validFrom) || !DATE.test(c.validTo)) {
    throw new Error("A card QR needs a key id, a card number and YYYY-MM-DD dates");
  }
  const text = { nationality: clean(c.nationality), route: clean(c.route), fullName: clean(c.fullName) };
  const fixed = [CARD_QR_PREFIX, c.kid, String(c.cardNumber), c.validFrom, c.validTo].join("|");
  // The fixed fields, the three texts, their four pipes, the signature's pipe and the signature.
  const budget = CARD_QR_MAX_BYTES - byteLength(fixed) - 4 - 1 - SIGNATURE_CHARS;
  // The shortest texts stay whole; the others are cut to one common length, the largest that fits.
  const keys = ["nationality", "route", "fullName"] as const;
  const sizes = keys.map((k) => byteLength(text[k]));
  let cap = Math.max(...sizes);
  while (cap > 0 && sizes.reduce((sum, size) => sum + Math.min(size, cap), 0) > budget) cap--;
  for (const k of keys) text[k] = cutToBytes(text[k], cap);
  return [fixed, text.nationality, text.route, text.fullName].join("|");
}

function base64Bytes(s: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]{86}==$/.test(s)) return null;
  const bin = atob(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export interface ParsedCardQr {
  claims: CardQrClaims;
  /** The exact text the signature covers (its UTF-8 bytes are signed). */
  signed: string;
  signature: Uint8Array;
}

/** Whether a scanned text is in this format at all (else it may be a first-format card). */
export const isCardQr = (text: string) => text.startsWith(`${CARD_QR_PREFIX}|`);

/** The parts of a card QR text, unverified; null when it is not well formed. */
export function parseCardQr(text: string): ParsedCardQr | null {
  if (!isCardQr(text) || byteLength(text) > CARD_QR_MAX_BYTES + 2 || /[\p{Cc}\u2028\u2029]/u.test(text)) return null;
  const cut = text.lastIndexOf("|");
  const signature = base64Bytes(text.slice(cut + 1));
  const fields = text.slice(0, cut).split("|");
  if (!signature || fields.length !== 8) return null;
  const [, kid, number, validFrom, validTo, nationality, route, fullName] = fields;
  if (!KID.test(kid) || !/^[1-9]\d{0,14}$/.test(number) || !DATE.test(validFrom) || !DATE.test(validTo)) return null;
  return { claims: { kid, cardNumber: Number(number), validFrom, validTo, nationality, route, fullName }, signed: text.slice(0, cut), signature };
}
