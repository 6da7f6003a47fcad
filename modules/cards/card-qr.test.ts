// Issue 18, item 1: a card's QR carries its claims signed with Ed25519, decodes from a 300 px
// image, and verifies with openssl alone against the published key set — the README's commands,
// run here as written. A changed byte fails; a rotated key still verifies the cards it signed.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { qrPng, qrVersion } from "@lib/qr-code.server";
import sharp from "sharp";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { NAMES_BY_SCRIPT } from "../../tests/factories/names";
import { CARD_QR_MAX_BYTES, composeCardQr, parseCardQr } from "./card-qr";
import { cardKeySet, reloadSigningKeys, signCardQr, signQrPayload, verifyCardQr, verifyQrPayload } from "./qr-signing.server";

const pem = (k: crypto.KeyObject) => k.export({ type: "pkcs8", format: "pem" }).toString();
const keyA = crypto.generateKeyPairSync("ed25519").privateKey;
const keyB = crypto.generateKeyPairSync("ed25519").privateKey;
const saved = { current: process.env.QR_SIGNING_PRIVATE_KEY, previous: process.env.QR_SIGNING_PREVIOUS_KEYS };

function useKeys(current: crypto.KeyObject, previous: crypto.KeyObject[] = []) {
  process.env.QR_SIGNING_PRIVATE_KEY = pem(current).replace(/\n/g, "\\n");
  if (previous.length)
    process.env.QR_SIGNING_PREVIOUS_KEYS = previous.map((k) => crypto.createPublicKey(k).export({ type: "spki", format: "pem" }).toString()).join("");
  else delete process.env.QR_SIGNING_PREVIOUS_KEYS;
  reloadSigningKeys();
}

afterAll(() => {
  if (saved.current === undefined) delete process.env.QR_SIGNING_PRIVATE_KEY;
  else process.env.QR_SIGNING_PRIVATE_KEY = saved.current;
  if (saved.previous === undefined) delete process.env.QR_SIGNING_PREVIOUS_KEYS;
  else process.env.QR_SIGNING_PREVIOUS_KEYS = saved.previous;
  reloadSigningKeys();
});

const CLAIMS = {
  cardNumber: 1000123,
  fullName: "Tenzing Sherpa-Müller",
  nationality: "Germany",
  route: "Annapurna Circuit",
  validFrom: "2026-11-20",
  validTo: "2026-12-05",
};

const work = fs.mkdtempSync(path.join(os.tmpdir(), "card-qr-"));

/** The card's QR as a 300 px PNG, as a phone photo of a printed card would roughly give. */
async function qrImage(text: string, name: string): Promise<string> {
  const png = await qrPng(text, { margin: 4, width: 600 });
  const file = path.join(work, name);
  await sharp(png).resize(300, 300).png().toFile(file);
  return file;
}

// The README's commands (keys.json is /.well-known/tims-card-keys.json), verbatim.
const README_VERIFY = `
set -e
QR=$(zbarimg -q --raw card.png)
printf '%s' "\${QR%|*}" > signed.txt
printf '%s' "\${QR##*|}" | base64 -d > signature.bin
KID=$(cut -d'|' -f2 signed.txt)
X=$(jq -r --arg kid "$KID" '.keys[] | select(.kid == $kid) | .x' keys.json | tr '_-' '/+')
{ printf '\\x30\\x2a\\x30\\x05\\x06\\x03\\x2b\\x65\\x70\\x03\\x21\\x00'; printf '%s=' "$X" | base64 -d; } > card-key.der
openssl pkeyutl -verify -pubin -inkey card-key.der -keyform DER -rawin -in signed.txt -sigfile signature.bin
`;

/** Runs the README's commands in a folder holding card.png and keys.json; openssl's answer and exit. */
function opensslVerify(image: string, keys: unknown, tamper?: string): { ok: boolean; out: string } {
  const dir = fs.mkdtempSync(path.join(work, "run-"));
  fs.copyFileSync(image, path.join(dir, "card.png"));
  fs.writeFileSync(path.join(dir, "keys.json"), JSON.stringify(keys));
  let script = README_VERIFY;
  // A changed byte: the signed text is altered after it was extracted, before openssl reads it.
  if (tamper) script = script.replace("KID=", `${tamper}\nKID=`);
  try {
    const out = execFileSync("bash", ["-c", script], { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    return { ok: true, out };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return { ok: false, out: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}

describe("card QR, second format", () => {
  beforeEach(() => useKeys(keyA));

  it("carries the claims and a key id, fits version 10 at M even for long texts, and decodes from 300 px", async () => {
    const text = signCardQr(CLAIMS);
    const kid = cardKeySet().keys[0].kid;
    expect(text.startsWith(`TIMS2|${kid}|1000123|2026-11-20|2026-12-05|Germany|Annapurna Circuit|Tenzing Sherpa-Müller|`)).toBe(true);
    expect(verifyCardQr(text)).toEqual({ ...CLAIMS, kid });
    expect(qrVersion(text)).toBeLessThanOrEqual(10);

    const long = signCardQr({
      ...CLAIMS,
      cardNumber: 9_999_999_999,
      fullName: "Maria Guadalupe Fernández de la Concepción Rodríguez-Villanueva y Ortega",
      nationality: "United Kingdom of Great Britain and Northern Ireland",
      route: "Great Himalaya Trail | Kanchenjunga to Makalu (restricted)",
    });
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(CARD_QR_MAX_BYTES);
    expect(qrVersion(long)).toBeLessThanOrEqual(10);
    const claims = verifyCardQr(long);
    expect(claims?.fullName.startsWith("Maria Guadalupe Fern")).toBe(true);
    expect(claims?.nationality.startsWith("United Kingdom")).toBe(true);
    expect(claims?.route).not.toContain("|");

    const decoded = execFileSync("zbarimg", ["-q", "--raw", await qrImage(long, "long.png")], { encoding: "utf8" }).replace(/\n$/, "");
    expect(decoded).toBe(long);
  });

  it("verifies with openssl alone against the published key set; a changed byte fails", async () => {
    const text = signCardQr(CLAIMS);
    const image = await qrImage(text, "card.png");
    const good = opensslVerify(image, cardKeySet());
    expect(good).toMatchObject({ ok: true });
    expect(good.out).toContain("Signature Verified Successfully");

    const changed = opensslVerify(image, cardKeySet(), "sed -i 's/2026-12-05/2026-12-25/' signed.txt && grep -q 2026-12-25 signed.txt");
    expect(changed.ok).toBe(false);
    expect(changed.out).toContain("Signature Verification Failure");

    // The server refuses a changed byte too, and a signature by a key it does not know.
    expect(verifyCardQr(text.replace("1000123", "1000124"))).toBeNull();
    const parsed = parseCardQr(text)!;
    const foreign = `${parsed.signed}|${crypto.sign(null, Buffer.from(parsed.signed), keyB).toString("base64")}`;
    expect(verifyCardQr(foreign)).toBeNull();
  });

  it("after a rotation new cards carry the new key id and a card signed with the old key still verifies (openssl and server)", async () => {
    const old = signCardQr(CLAIMS);
    const oldLegacy = signQrPayload({ trekkerId: 12, registrationId: 5 });
    const oldKid = cardKeySet().keys[0].kid;

    useKeys(keyB, [keyA]);
    const set = cardKeySet();
    expect(set.keys.map((k) => k.kid)).toHaveLength(2);
    expect(set.keys[1]).toMatchObject({ kid: oldKid, kty: "OKP", crv: "Ed25519", alg: "EdDSA", use: "sig" });
    const fresh = signCardQr(CLAIMS);
    expect(parseCardQr(fresh)?.claims.kid).toBe(set.keys[0].kid);
    expect(set.keys[0].kid).not.toBe(oldKid);

    expect(opensslVerify(await qrImage(old, "old.png"), set).ok).toBe(true);
    expect(opensslVerify(await qrImage(fresh, "fresh.png"), set).ok).toBe(true);
    expect(verifyCardQr(old)?.kid).toBe(oldKid);
    expect(verifyQrPayload(oldLegacy)).toEqual({ trekkerId: 12, registrationId: 5 });

    // Once the old key is dropped from the ring, its cards no longer verify.
    useKeys(keyB);
    expect(verifyCardQr(old)).toBeNull();
    expect(opensslVerify(await qrImage(old, "old2.png"), cardKeySet()).ok).toBe(false);
  });

  // Issue 28: a name in any script is carried as written (UTF-8 behind the QR's ECI marker), read
  // back by zbar byte for byte, and verified by the README's openssl commands.
  it.each(NAMES_BY_SCRIPT.map(([script, name]) => [script, name]))(
    "a %s name is signed as written, decodes from 300 px and verifies with openssl",
    async (script, fullName) => {
      const text = signCardQr({ ...CLAIMS, fullName, nationality: "Nepal" });
      expect(verifyCardQr(text)?.fullName).toBe(fullName.normalize("NFC"));
      expect(qrVersion(text)).toBeLessThanOrEqual(10);
      const image = await qrImage(text, `${script}.png`);
      expect(execFileSync("zbarimg", ["-q", "--raw", image], { encoding: "utf8" }).replace(/\n$/, "")).toBe(text);
      expect(opensslVerify(image, cardKeySet()).ok).toBe(true);
    },
  );

  it("a long name in a wide script is cut to fit, never inside a character", () => {
    const text = signCardQr({ ...CLAIMS, fullName: "पेम्बा ".repeat(30), route: "अन्नपूर्ण परिक्रमा ".repeat(5) });
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(CARD_QR_MAX_BYTES);
    expect(qrVersion(text)).toBeLessThanOrEqual(10);
    expect(verifyCardQr(text)?.fullName).not.toContain("\uFFFD");
  });

  it("refuses malformed texts", () => {
    const signed = composeCardQr({ ...CLAIMS, kid: "abc" });
    expect(parseCardQr(`${signed}|notbase64`)).toBeNull();
    expect(parseCardQr(`TIMS2|abc|x|${"A".repeat(86)}==`)).toBeNull();
    expect(verifyCardQr("not a card")).toBeNull();
  });
});
