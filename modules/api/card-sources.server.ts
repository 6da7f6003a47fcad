import crypto from "node:crypto";
import { cardNumbersInStatuses, qrSigningPublicKey } from "@modules/cards/index.server";
import type { z } from "zod";
import type { jwkSchema } from "./wire";

/**
 * Where the API's key set and revocation list come from. The key set is the card-signing
 * public key as a JWK whose kid is its RFC 7638 thumbprint; the revocation list is every live
 * card cancelled or returned (a return asked for or approved: either way the card may not pass).
 */

/** Statuses whose cards are revoked. */
export const REVOKED_STATUSES = ["Cancelled", "Returned"] as const;

export async function revokedCardNumbers(): Promise<number[]> {
  return cardNumbersInStatuses(REVOKED_STATUSES);
}

type Jwk = z.infer<typeof jwkSchema>;

/** RFC 7638: SHA-256 over the required members in lexicographic order, base64url. */
function thumbprint(crv: string, kty: string, x: string): string {
  return crypto.createHash("sha256").update(JSON.stringify({ crv, kty, x })).digest("base64url");
}

export async function cardKeySet(): Promise<{ keys: Jwk[] }> {
  const jwk = qrSigningPublicKey().export({ format: "jwk" }) as { kty?: string; crv?: string; x?: string };
  if (jwk.kty !== "OKP" || jwk.crv !== "Ed25519" || !jwk.x) throw new Error("The card-signing key is not an Ed25519 key");
  return { keys: [{ kty: "OKP", crv: "Ed25519", x: jwk.x, kid: thumbprint(jwk.crv, jwk.kty, jwk.x), use: "sig", alg: "EdDSA" }] };
}
