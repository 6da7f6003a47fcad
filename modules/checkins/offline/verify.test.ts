// The offline scan's signature check (issue 18, item 2) on both of its paths: WebCrypto's Ed25519,
// and @noble/ed25519 for the phones whose browser lacks it (without it, every genuine card read
// as invalid there). Both must accept exactly what the server's key signed.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifyEd25519 } from "./verify";

const { publicKey, privateKey } = crypto.generateKeyPairSync("ed25519");
const x = (publicKey.export({ format: "jwk" }) as { x: string }).x;
const signed = "TIMS2|abcd1234|1000123|2026-11-20|2026-12-05|Germany|Annapurna Circuit|Tenzing Sherpa-Muller";
const signature = new Uint8Array(crypto.sign(null, Buffer.from(signed), privateKey));

describe.each([
  ["WebCrypto", true],
  ["the @noble/ed25519 fallback", false],
])("verifyEd25519 through %s", (_name, webCrypto) => {
  it("accepts the signed text", async () => {
    expect(await verifyEd25519(x, signature, signed, { webCrypto })).toBe(true);
  });

  it("refuses a changed byte, a changed signature and another key", async () => {
    expect(await verifyEd25519(x, signature, signed.replace("1000123", "1000124"), { webCrypto })).toBe(false);
    const bad = new Uint8Array(signature);
    bad[10] ^= 1;
    expect(await verifyEd25519(x, bad, signed, { webCrypto })).toBe(false);
    const other = (crypto.generateKeyPairSync("ed25519").publicKey.export({ format: "jwk" }) as { x: string }).x;
    expect(await verifyEd25519(other, signature, signed, { webCrypto })).toBe(false);
  });
});
