import { cardKeySet } from "@modules/cards/index.server";

/**
 * The public keys that sign card QR codes, as a JSON Web Key Set (OKP Ed25519, each with its kid;
 * docs/adr/0021-offline-verifiable-cards.md). Public and cacheable: anyone may verify a card.
 */
export function loader() {
  return new Response(JSON.stringify(cardKeySet()), {
    headers: { "Content-Type": "application/jwk-set+json", "Cache-Control": "public, max-age=3600", "Access-Control-Allow-Origin": "*" },
  });
}
