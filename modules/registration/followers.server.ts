import crypto from "node:crypto";
import { mailTranslator } from "../../emails/translator.server";
import { displayNames } from "@modules/users/index.server";
import { createElement } from "react";
import { Op, type Transaction } from "sequelize";
import { addDays } from "@lib/dates";
import { DomainError, notFoundError } from "@lib/errors";
import { publicOrigin } from "@lib/origin.server";
import { createToken, readToken } from "@lib/signed-token.server";
import { EMAIL_PATTERN } from "@lib/validation";
import { writeTransaction } from "../../db/sequelize.server";
import { sendEmail } from "../../emails/jobs.server";
import { renderEmail } from "../../emails/render.server";
import { FollowerEmail, followerEmailSubject, type FollowerEmailKind } from "../../emails/templates/trek-follower";
import { TrekFollower } from "./models/follower.server";
import { Registration, Trekker } from "./models/registration.server";
import { canOpenRegistration, type RegistrationViewer } from "./policy";

/**
 * Family who follow a trek (issue 29 item 3). A trekker names a follower's e-mail when registered
 * (the wizard's trekker step, Add Trekker) or later on the card page; the follower is e-mailed a
 * private link, `/follow/<token>`, where the token is signed with the app's secret
 * (lib/signed-token) and carries the follower row's id and its random nonce. The link opens only
 * while that row is live: revoking it, or naming another follower, kills every link sent before.
 * Rules (docs/decisions.md, "Family who follow a trek"): the registration's owner and the board
 * manage a follower; the link lasts until FOLLOW_DAYS_AFTER_EXIT days after the exit date.
 */

export const FOLLOW_PURPOSE = "trek-follow";
/** How long after the trek's exit date a follower's link still opens. */
export const FOLLOW_DAYS_AFTER_EXIT = 30;
/** Never shorter than this, so a link sent for a trek that just ended still works for a while. */
const MIN_TTL_SECONDS = 7 * 86_400;

export const FOLLOWER_MESSAGES = {
  named: "Follower saved. They have been sent their private link.",
  revoked: "Follower removed. Their link no longer works.",
  email: "Please enter a correct email address",
} as const;

/** The follower's link for this row: valid until FOLLOW_DAYS_AFTER_EXIT days after the exit date. */
function followLink(row: TrekFollower, exitDate: string, now = Date.now()): string {
  const until = Date.parse(`${addDays(exitDate, FOLLOW_DAYS_AFTER_EXIT)}T23:59:59+05:45`);
  const ttl = Math.max(MIN_TTL_SECONDS, Math.floor((until - now) / 1000));
  const token = createToken({ purpose: FOLLOW_PURPOSE, subject: String(row.id), fingerprint: row.nonce }, ttl, now);
  return `${publicOrigin()}/follow/${token}`;
}

async function trekOf(trekkerId: number, transaction?: Transaction) {
  const trekker = Number.isSafeInteger(trekkerId) ? await Trekker.findByPk(trekkerId, { transaction }) : null;
  const reg = trekker ? await Registration.findByPk(trekker.registrationId, { transaction }) : null;
  return trekker && reg ? { trekker, reg } : null;
}

/** One e-mail to a follower, queued in the caller's transaction; `key` sends it at most once. */
async function mailFollower(
  row: TrekFollower,
  kind: FollowerEmailKind,
  trek: { trekker: Trekker; reg: Registration },
  extra: { place?: string; day?: string },
  key: string,
  transaction: Transaction,
): Promise<void> {
  const link = followLink(row, String(trek.reg.exitDate).slice(0, 10));
  // A follower has no account: they are written to in the language of whoever registered the trek
  // (the trekker or their agency), the person who gave us their address.
  const tr = await mailTranslator((await displayNames([trek.reg.userId])).get(trek.reg.userId)?.language);
  const { html, text } = renderEmail(
    createElement(FollowerEmail, { kind, trekkerName: trek.trekker.fullName, routeName: trek.reg.routeName, link, ...extra }),
    tr,
  );
  await sendEmail({ to: row.email, subject: followerEmailSubject(kind, trek.trekker.fullName, tr), html, text }, { transaction, key });
}

/**
 * Names `email` the trekker's follower in the caller's transaction: any earlier follower is
 * revoked (their link dies) and the new one is e-mailed the link. The same address again keeps
 * the follower as is (a second save sends no second e-mail).
 */
export async function nameFollowerIn(trekkerId: number, email: string, byUserId: number | null, transaction: Transaction): Promise<void> {
  const address = email.trim().toLowerCase();
  const trek = await trekOf(trekkerId, transaction);
  if (!trek) throw notFoundError();
  const live = await TrekFollower.findAll({ where: { trekkerId, revokedAt: { [Op.is]: null } }, transaction, lock: transaction.LOCK.UPDATE });
  if (live.length === 1 && live[0].email === address) return;
  if (live.length)
    await TrekFollower.update({ revokedAt: new Date(), revokedBy: byUserId }, { where: { id: { [Op.in]: live.map((f) => f.id) } }, transaction });
  const row = await TrekFollower.create(
    { trekkerId, email: address, nonce: crypto.randomBytes(16).toString("hex"), createdBy: byUserId, revokedAt: null, revokedBy: null },
    { transaction },
  );
  await mailFollower(row, "invite", trek, {}, `follower-invite:${row.id}`, transaction);
}

/** The trekker whose follower the viewer may manage: the registration's owner and the board; 404 otherwise. */
async function managedTrekker(viewer: RegistrationViewer, trekkerId: number, transaction?: Transaction) {
  const trek = await trekOf(trekkerId, transaction);
  if (!trek || !canOpenRegistration(viewer, trek.reg)) throw notFoundError();
  return trek;
}

export interface FollowerView {
  email: string;
  since: Date;
}

/** The card page's follower block: the live follower (or null) and whether the viewer may change it; null when they may not. */
export async function followerFor(viewer: RegistrationViewer, trekkerId: number): Promise<{ follower: FollowerView | null } | null> {
  const trek = await trekOf(trekkerId);
  if (!trek || !canOpenRegistration(viewer, trek.reg)) return null;
  const row = await TrekFollower.findOne({ where: { trekkerId, revokedAt: { [Op.is]: null } }, order: [["id", "DESC"]] });
  return { follower: row ? { email: row.email, since: row.createdAt } : null };
}

/** Names (or replaces) the trekker's follower from the card page; 404 for a trekker the viewer may not manage. */
export async function setFollower(viewer: RegistrationViewer, trekkerId: number, email: string): Promise<void> {
  const address = email.trim().toLowerCase();
  if (!EMAIL_PATTERN.test(address) || address.length > 190)
    throw new DomainError(FOLLOWER_MESSAGES.email, { status: 400, fieldErrors: { followerEmail: [FOLLOWER_MESSAGES.email] } });
  await writeTransaction(async (transaction) => {
    await managedTrekker(viewer, trekkerId, transaction);
    await nameFollowerIn(trekkerId, address, viewer.id, transaction);
  });
}

/** Revokes the trekker's follower: their link shows the not-found page from now on. Returns whether there was one. */
export async function revokeFollower(viewer: RegistrationViewer, trekkerId: number, now = new Date()): Promise<boolean> {
  return writeTransaction(async (transaction) => {
    await managedTrekker(viewer, trekkerId, transaction);
    const [count] = await TrekFollower.update({ revokedAt: now, revokedBy: viewer.id }, { where: { trekkerId, revokedAt: { [Op.is]: null } }, transaction });
    return count > 0;
  });
}

/** What a follower's link opens: the trekker and the trek's public facts, or null for a bad, tampered, expired or revoked link. */
export interface FollowedTrek {
  trekkerId: number;
  routeName: string;
  entryDate: string;
  exitDate: string;
  entryPoint: string;
  exitPoint: string;
}

export async function followedTrek(token: string, now = Date.now()): Promise<FollowedTrek | null> {
  const check = readToken(token, FOLLOW_PURPOSE, now);
  if (!check.ok) return null;
  const id = Number(check.claims.subject);
  const row = Number.isSafeInteger(id) && id > 0 ? await TrekFollower.findByPk(id) : null;
  if (!row || row.revokedAt || !check.claims.fingerprint || row.nonce !== check.claims.fingerprint) return null;
  // A trekker an agency deleted is gone for the follower too (the model is paranoid).
  const trek = await trekOf(row.trekkerId);
  if (!trek) return null;
  return {
    trekkerId: row.trekkerId,
    routeName: trek.reg.routeName,
    entryDate: String(trek.reg.entryDate).slice(0, 10),
    exitDate: String(trek.reg.exitDate).slice(0, 10),
    entryPoint: trek.reg.entryPoint,
    exitPoint: trek.reg.exitPoint,
  };
}

/**
 * Tells the trekker's live follower, if any, in the caller's transaction: the overdue module on a
 * check-out and on an escalation to rescue. Once per follower and kind (`key`), so a second
 * check-out scan or a re-escalation after "found safe" sends nothing twice.
 */
export async function tellFollower(
  trekkerId: number,
  kind: Exclude<FollowerEmailKind, "invite">,
  extra: { place?: string; day?: string },
  transaction: Transaction,
): Promise<boolean> {
  const row = await TrekFollower.findOne({ where: { trekkerId, revokedAt: { [Op.is]: null } }, order: [["id", "DESC"]], transaction });
  if (!row) return false;
  const trek = await trekOf(trekkerId, transaction);
  if (!trek) return false;
  await mailFollower(row, kind, trek, extra, `follower-${kind}:${row.id}`, transaction);
  return true;
}
