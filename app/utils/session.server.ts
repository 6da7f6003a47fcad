import { createCookie, createSession as remixSession, createSessionStorage, type Cookie, type Session } from "@remix-run/node";
import { config } from "@lib/config.server";
import { appSecret } from "@lib/secret.server";
import { createSession, deleteSession, readSession, touchSessionRecord, type SessionRecord } from "@modules/users/index.server";

export interface SessionData {
  userId: number;
  /** Must match the user's sessionVersion; a password change or disable ends old sessions. */
  version: number;
  issuedAt: number;
  lastSeen: number;
  remember: boolean;
  /** For the user's list of sessions ("Chrome on Windows"). */
  userAgent: string | null;
}

/**
 * Sessions live on the server (the users module's `sessions` table, docs/adr/0008); the cookie
 * holds only the session's random token, signed. Ending a session deletes its row, so a copy of
 * the cookie taken before sign-out no longer signs anyone in.
 */
function toRecord(data: Partial<SessionData>): SessionRecord {
  if (!data.userId || !data.issuedAt || !data.lastSeen || data.version === undefined) {
    throw new Error("A session is stored only once it names a signed-in user");
  }
  return {
    userId: data.userId,
    version: data.version,
    issuedAt: data.issuedAt,
    lastSeen: data.lastSeen,
    remember: Boolean(data.remember),
    userAgent: data.userAgent ?? null,
    expiresAt: sessionExpiresAt(data),
  };
}

function fromRecord(record: SessionRecord): SessionData {
  const { userId, version, issuedAt, lastSeen, remember, userAgent } = record;
  return { userId, version, issuedAt, lastSeen, remember, userAgent };
}

let storage: ReturnType<typeof createSessionStorage<SessionData>> | null = null;
let cookie: Cookie | null = null;

function sessionCookie(): Cookie {
  cookie ??= createCookie("__tims_session", { httpOnly: true, sameSite: "lax", path: "/", secrets: [appSecret()] });
  return cookie;
}

export function sessionStorage() {
  storage ??= createSessionStorage<SessionData>({
    cookie: sessionCookie(),
    createData: (data) => createSession(toRecord(data)),
    readData: async (id) => {
      const record = await readSession(id);
      return record ? fromRecord(record) : null;
    },
    updateData: (id, data) => touchSessionRecord(id, toRecord(data)),
    deleteData: (id) => deleteSession(id),
  });
  return storage;
}

export type TimsSession = Session<SessionData>;

export function getSession(request: Request) {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

/** The session token the request's cookie carries (its signature checked), or null. */
export async function sessionToken(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}

/**
 * The session `token` names, from a row already read (the guards read it joined with its user):
 * what getSession would make of the same cookie and row, without reading the row again.
 */
export function sessionOf(token: string | null, record: SessionRecord | null): TimsSession {
  return remixSession<SessionData>(record ? fromRecord(record) : undefined, token ?? "");
}

/** A session with no id yet: committing it creates a new row and a new token. */
export function newSession() {
  return sessionStorage().getSession();
}

/** Secure whenever the request came over https (TRUST_PROXY: as the proxy says) or in a deployment. */
export function secureCookie(request: Request): boolean {
  return config.mode === "deployment" || new URL(request.url).protocol === "https:";
}

/** The cookie of a remembered session outlives the browser; otherwise it is a browser-session cookie. */
export function commitSession(session: TimsSession, request: Request) {
  const maxAge = session.get("remember") ? config.sessionRememberSeconds : undefined;
  return sessionStorage().commitSession(session, { maxAge, secure: secureCookie(request) });
}

export function destroySession(session: TimsSession, request: Request) {
  return sessionStorage().destroySession(session, { secure: secureCookie(request) });
}

export type SessionState = "none" | "active" | "idle-expired" | "absolute-expired";

function maxAgeSeconds(data: Partial<SessionData>): number {
  return data.remember ? config.sessionRememberSeconds : config.sessionMaxSeconds;
}

/** Idle and absolute expiry, in seconds like the spec's token expiry comparison. */
export function sessionState(data: Partial<SessionData>, now = Date.now()): SessionState {
  if (!data.userId || !data.issuedAt || !data.lastSeen) return "none";
  if (now / 1000 - data.issuedAt / 1000 > maxAgeSeconds(data)) return "absolute-expired";
  if (now / 1000 - data.lastSeen / 1000 > config.sessionIdleSeconds) return "idle-expired";
  return "active";
}

/** When an unused session stops being active by the rules above: stored, to list and sweep by. */
export function sessionExpiresAt(data: Partial<SessionData>): number {
  const absolute = (data.issuedAt ?? 0) + maxAgeSeconds(data) * 1000;
  const idle = (data.lastSeen ?? 0) + config.sessionIdleSeconds * 1000;
  return Math.min(absolute, idle);
}

/** lastSeen is rewritten at most this often so most requests write nothing. */
export const TOUCH_INTERVAL_MS = 30_000;
