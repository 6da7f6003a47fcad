import { createCookieSessionStorage, type Session } from "@remix-run/node";
import { config } from "./config.server";
import { appSecret } from "./secret.server";

export interface SessionData {
  userId: number;
  /** Must match the user's sessionVersion; a password change or disable ends old sessions. */
  version: number;
  issuedAt: number;
  lastSeen: number;
  remember: boolean;
}

let storage: ReturnType<typeof createCookieSessionStorage<SessionData>> | null = null;

export function sessionStorage() {
  storage ??= createCookieSessionStorage<SessionData>({
    cookie: {
      name: "__tims_session",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: config.isProduction && config.appUrl.startsWith("https"),
      secrets: [appSecret()],
    },
  });
  return storage;
}

export type TimsSession = Session<SessionData>;

export function getSession(request: Request) {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

/** The cookie of a remembered session outlives the browser; otherwise it is a browser-session cookie. */
export function commitSession(session: TimsSession) {
  const maxAge = session.get("remember") ? config.sessionRememberSeconds : undefined;
  return sessionStorage().commitSession(session, { maxAge });
}

export function destroySession(session: TimsSession) {
  return sessionStorage().destroySession(session);
}

export type SessionState = "none" | "active" | "idle-expired" | "absolute-expired";

/** Idle and absolute expiry, in seconds like the spec's token expiry comparison. */
export function sessionState(data: Partial<SessionData>, now = Date.now()): SessionState {
  if (!data.userId || !data.issuedAt || !data.lastSeen) return "none";
  const maxAge = data.remember ? config.sessionRememberSeconds : config.sessionMaxSeconds;
  if (now / 1000 - data.issuedAt / 1000 > maxAge) return "absolute-expired";
  if (now / 1000 - data.lastSeen / 1000 > config.sessionIdleSeconds) return "idle-expired";
  return "active";
}

/** lastSeen is rewritten at most this often so most responses carry no Set-Cookie. */
export const TOUCH_INTERVAL_MS = 30_000;
