import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Op } from "sequelize";
import { config } from "@lib/config.server";
import { TrekkerCard } from "./card-model.server";
import { signQrPayload } from "./qr-signing.server";

/**
 * What the versioned API (modules/api) needs of cards beyond the pages: the numbers of cards in
 * some statuses (the revocation list: cancelled and returned cards) and the public half of the
 * QR signing key, to publish as a JWK.
 */

/** Printed numbers of live cards in `statuses`, ascending. */
export async function cardNumbersInStatuses(statuses: readonly string[]): Promise<number[]> {
  if (!statuses.length) return [];
  const rows = await TrekkerCard.findAll({
    where: { status: { [Op.in]: [...statuses] }, cardNumber: { [Op.ne]: null }, deletedAt: { [Op.is]: null } },
    attributes: ["cardNumber"],
    order: [["cardNumber", "ASC"]],
    raw: true,
  });
  return rows.map((r) => Number(r.cardNumber));
}

/**
 * The public key that verifies card QR codes: derived from the signing key where qr-signing
 * reads it (QR_SIGNING_PRIVATE_KEY, else the embedded key file, which signing once creates).
 * api-support.db.test.ts checks that a payload signed by qr-signing verifies with it.
 */
export function qrSigningPublicKey(): crypto.KeyObject {
  const fromEnv = process.env.QR_SIGNING_PRIVATE_KEY;
  if (fromEnv) return crypto.createPublicKey(crypto.createPrivateKey(fromEnv.replace(/\\n/g, "\n")));
  signQrPayload({ trekkerId: 0, registrationId: 0 });
  return crypto.createPublicKey(crypto.createPrivateKey(fs.readFileSync(path.join(config.dataDir, "qr-signing-key.pem"), "utf8")));
}
