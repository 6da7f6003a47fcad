import crypto from "node:crypto";
import { Op, type Transaction } from "sequelize";
import { writeTransaction } from "../../db/sequelize.server";
import { utcDate } from "../../db/select-arrays.server";
import { UserSession } from "./models/session.server";
import { describeDevice } from "./device";

/**
 * Server-side sessions (docs/adr/0008-server-side-sessions.md). The cookie carries a random token
 * of 256 bits; the table keeps its SHA-256. What a session holds is below; when it expires is
 * decided by the app's session rules (app/utils/session.server.ts), which also compute expiresAt.
 */
export interface SessionRecord {
  userId: number;
  version: number;
  /** Epoch milliseconds, like the rest of the session data. */
  issuedAt: number;
  lastSeen: number;
  expiresAt: number;
  remember: boolean;
  userAgent: string | null;
}

const TOKEN_BYTES = 32;
const MAX_USER_AGENT = 255;

/** The stored key of a token (the table never holds the token itself). */
export function keyOf(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** Only tokens this module made can name a row; anything else is not looked up. */
export function plausible(token: string | undefined | null): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);
}

/** A session row as a model or as a raw SELECT gives it (SQLite: dates as text, booleans as 0/1). */
export type SessionRow = Pick<UserSession, "userId" | "version" | "userAgent"> & {
  issuedAt: Date | string;
  lastSeenAt: Date | string;
  expiresAt: Date | string;
  remember: boolean | number;
};

export function toRecord(row: SessionRow): SessionRecord {
  return {
    userId: Number(row.userId),
    version: Number(row.version),
    issuedAt: utcDate(row.issuedAt)!.getTime(),
    lastSeen: utcDate(row.lastSeenAt)!.getTime(),
    expiresAt: utcDate(row.expiresAt)!.getTime(),
    remember: Boolean(row.remember),
    userAgent: row.userAgent ?? null,
  };
}

/** Starts a session and returns its token. Sessions that expired unused are swept here, at sign-in. */
export async function createSession(record: SessionRecord, now = Date.now()): Promise<string> {
  const token = crypto.randomBytes(TOKEN_BYTES).toString("base64url");
  await writeTransaction(async (transaction) => {
    await UserSession.destroy({ where: { expiresAt: { [Op.lt]: new Date(now) } }, transaction });
    await UserSession.create(
      {
        id: keyOf(token),
        userId: record.userId,
        version: record.version,
        issuedAt: new Date(record.issuedAt),
        lastSeenAt: new Date(record.lastSeen),
        expiresAt: new Date(record.expiresAt),
        remember: record.remember,
        userAgent: record.userAgent ? record.userAgent.slice(0, MAX_USER_AGENT) : null,
      },
      { transaction },
    );
  });
  return token;
}

export async function readSession(token: string | undefined | null): Promise<SessionRecord | null> {
  if (!plausible(token)) return null;
  const row = await UserSession.findByPk(keyOf(token));
  return row ? toRecord(row) : null;
}

/**
 * Records activity. Never re-creates a row: a session ended elsewhere (sign-out on another
 * device, a password change) stays ended even if this request was already under way.
 */
export async function touchSessionRecord(token: string, record: Pick<SessionRecord, "lastSeen" | "expiresAt" | "version">): Promise<void> {
  if (!plausible(token)) return;
  await writeTransaction((transaction) =>
    UserSession.update(
      { lastSeenAt: new Date(record.lastSeen), expiresAt: new Date(record.expiresAt), version: record.version },
      { where: { id: keyOf(token) }, transaction },
    ),
  );
}

export async function deleteSession(token: string | undefined | null): Promise<void> {
  if (!plausible(token)) return;
  await writeTransaction((transaction) => UserSession.destroy({ where: { id: keyOf(token) }, transaction }));
}

export interface ActiveSession {
  /** An opaque key for lists (a prefix of the stored hash, never the token). */
  key: string;
  device: string;
  issuedAt: number;
  lastSeen: number;
  /** The session this request came with. */
  current: boolean;
}

/** The user's sessions that have not expired, most recently used first. */
export async function listSessions(userId: number, currentToken: string | null, now = Date.now()): Promise<ActiveSession[]> {
  const rows = await UserSession.findAll({
    where: { userId, expiresAt: { [Op.gte]: new Date(now) } },
    order: [["lastSeenAt", "DESC"]],
  });
  const current = plausible(currentToken) ? keyOf(currentToken) : null;
  return rows.map((row) => ({
    key: row.id.slice(0, 12),
    device: describeDevice(row.userAgent),
    issuedAt: new Date(row.issuedAt).getTime(),
    lastSeen: new Date(row.lastSeenAt).getTime(),
    current: row.id === current,
  }));
}

/** "Sign out other sessions": every session of the user but this one ends. Returns how many. */
export async function endOtherSessions(userId: number, currentToken: string): Promise<number> {
  const keep = plausible(currentToken) ? keyOf(currentToken) : "";
  return writeTransaction((transaction) => UserSession.destroy({ where: { userId, id: { [Op.ne]: keep } }, transaction }));
}

/**
 * Ends the sessions begun under an older sessionVersion. The User model calls it whenever the
 * version changes (password change, disable, delete, e-mail change), inside that update's
 * transaction when it has one.
 */
export async function endStaleSessions(userId: number, version: number, transaction?: Transaction | null): Promise<void> {
  const where = { userId, version: { [Op.ne]: version } };
  if (transaction) await UserSession.destroy({ where, transaction });
  else await writeTransaction((t) => UserSession.destroy({ where, transaction: t }));
}
