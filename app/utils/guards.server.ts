import { redirect } from "@remix-run/node";
import { agencyOnboardingPath, isOnboardingPath, landingPath } from "@modules/users";
import { TWO_FACTOR_SETUP_PATH, isTwoFactorSetupAllowed } from "@modules/users";
import { oncePerRequest } from "@lib/request-scope.server";
import { can, type Permission } from "@modules/permissions";
import {
  switchRefusedMessage,
  readSignedInSession,
  readSignedInUser,
  recordSwitchedAction,
  refusedWhileSwitched,
  type AuthUser,
} from "@modules/users/index.server";
import {
  commitSession,
  destroySession,
  getSession,
  newSession,
  sessionOf,
  sessionState,
  sessionToken,
  TOUCH_INTERVAL_MS,
  type TimsSession,
} from "./session.server";
import { toastCookie } from "./toast.server";
import { languageCookie } from "@lib/i18n/detect.server";
import { isLanguage } from "@lib/i18n/languages";
import { setUserLanguage } from "@modules/users/index.server";

export const SESSION_EXPIRED_MESSAGE = "Your login session has expired. Please login again to continue.";

export type Viewer =
  | { state: "anonymous" }
  | { state: "expired"; session: TimsSession }
  | { state: "invalid"; session: TimsSession }
  | { state: "active"; user: AuthUser; session: TimsSession; realUser?: AuthUser; twoFactorDue: boolean };

/** The signed-in user as pages see them; `switchedBy` is set while a board user views the app as them. */
export type PageUser = AuthUser & { switchedBy?: { id: number; fullName: string } };

/**
 * Who is asking: read once per request (lib/request-scope.server.ts), shared by the root loader,
 * the layouts' and the page's loaders running in parallel and the response's session touch, and
 * read again by the next request (nothing is kept across requests: a revoked session, a disabled
 * user, a changed grant or an ended switch shows on the very next one). docs/adr/0047.
 */
export function getViewer(request: Request): Promise<Viewer> {
  return oncePerRequest(request, "viewer", () => loadViewer(request));
}

// One statement reads the session with its user, grants, two-factor state and open switch; a
// second reads the user a board session is switched to.
async function loadViewer(request: Request): Promise<Viewer> {
  const token = await sessionToken(request);
  const found = token ? await readSignedInSession(token) : null;
  const session = sessionOf(token, found?.session ?? null);
  const state = sessionState(session.data);
  // A cookie naming a session the server no longer has: swept after it expired (or ended). Say it
  // expired, rather than show the sign-in page as if nobody had been signed in.
  if (state === "none") return session.id ? { state: "expired", session } : { state: "anonymous" };
  if (state !== "active") return { state: "expired", session };
  const signedIn = found?.user;
  if (!signedIn || signedIn.user.status !== "Active" || signedIn.user.sessionVersion !== session.get("version")) {
    return { state: "invalid", session };
  }
  const { user } = signedIn;
  // Switch user (issue 17): only a board session can be switched.
  const on = found.switch;
  if (user.userType === 4 && on && on.realUserId === user.id) {
    const acting = await readSignedInUser(on.actingUserId);
    if (acting && acting.user.status === "Active") {
      const shown: PageUser = { ...acting.user, switchedBy: { id: user.id, fullName: user.fullName } };
      return { state: "active", user: shown, session, realUser: user, twoFactorDue: acting.twoFactorDue };
    }
  }
  return { state: "active", user, session, twoFactorDue: signedIn.twoFactorDue };
}

/** The signed-in user or null, for public pages and the layout. Never redirects. */
export async function getOptionalUser(request: Request): Promise<AuthUser | null> {
  const viewer = await getViewer(request);
  return viewer.state === "active" ? viewer.user : null;
}

function loginUrl(request: Request): string {
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  return back === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(back)}`;
}

/**
 * Guard for every private loader and action: anonymous visitors go to /login (and come back
 * after signing in); an expired session says so; an agency still onboarding is kept on its
 * onboarding pages.
 */
export async function requireUser(request: Request): Promise<AuthUser> {
  const viewer = await getViewer(request);
  if (viewer.state === "anonymous") throw redirect(loginUrl(request));
  if (viewer.state === "expired" || viewer.state === "invalid") {
    const headers = new Headers();
    headers.append("Set-Cookie", await destroySession(viewer.session, request));
    if (viewer.state === "expired") {
      headers.append("Set-Cookie", await toastCookie(request, { type: "danger", message: SESSION_EXPIRED_MESSAGE }));
    }
    throw redirect(loginUrl(request), { headers });
  }
  const { pathname } = new URL(request.url);
  if (viewer.realUser && request.method !== "GET" && request.method !== "HEAD" && pathname !== "/switch-user") {
    // Viewing as someone else: some changes are never made in their name; the rest are audited.
    if (refusedWhileSwitched(pathname)) {
      await recordSwitchedAction(viewer.realUser.id, viewer.user.id, "refused", pathname);
      throw new Response(switchRefusedMessage(viewer.realUser), { status: 403, statusText: "Forbidden" });
    }
    await recordSwitchedAction(viewer.realUser.id, viewer.user.id, request.method, pathname);
  }
  const onboarding = agencyOnboardingPath(viewer.user);
  if (onboarding && !isOnboardingPath(pathname, viewer.user.id)) throw redirect(onboarding);
  // Staff the board requires to use two-factor sign-in set it up before anything else.
  if (viewer.twoFactorDue && !isTwoFactorSetupAllowed(pathname)) throw redirect(TWO_FACTOR_SETUP_PATH);
  return viewer.user;
}

export function forbidden(): Response {
  return new Response("Forbidden", { status: 403, statusText: "Forbidden" });
}

/** requireUser plus a permission from the role table (or a grant); otherwise the 403 page. */
export async function requirePermission(request: Request, permission: Permission): Promise<AuthUser> {
  const user = await requireUser(request);
  if (!can(user, permission)) throw forbidden();
  return user;
}

/** For /login and the other sign-in pages: a signed-in user is sent to their landing page. */
export async function requireAnonymous(request: Request): Promise<void> {
  const user = await getOptionalUser(request);
  if (user) throw redirect(landingPath(user));
}

/**
 * Keeps an active session alive: called for every response (entry.server.tsx), it rewrites the
 * session's lastSeen at most every TOUCH_INTERVAL_MS, unless the response already set the cookie.
 */
export async function touchSession(request: Request, headers: Headers): Promise<void> {
  if (!request.headers.get("Cookie")?.includes("__tims_session")) return;
  if ((headers.get("Set-Cookie") ?? "").includes("__tims_session")) return;
  const viewer = await getViewer(request);
  if (viewer.state !== "active") return;
  const now = Date.now();
  if (now - (viewer.session.get("lastSeen") ?? 0) < TOUCH_INTERVAL_MS) return;
  viewer.session.set("lastSeen", now);
  headers.append("Set-Cookie", await commitSession(viewer.session, request));
}

/**
 * Signing in always starts a new server-side session with a new token (a token planted before
 * sign-in never becomes a signed-in one); whatever session this browser had is ended first.
 */
export async function startSession(request: Request, user: AuthUser, remember: boolean): Promise<string> {
  await destroySession(await getSession(request), request);
  const session = await newSession();
  const now = Date.now();
  session.set("userId", user.id);
  session.set("version", user.sessionVersion);
  session.set("issuedAt", now);
  session.set("lastSeen", now);
  session.set("remember", remember);
  session.set("userAgent", request.headers.get("User-Agent"));
  await keepChosenLanguage(request, user);
  return commitSession(session, request);
}

/** A language chosen before signing in (the switch's cookie) becomes the account's, as if chosen signed in. */
async function keepChosenLanguage(request: Request, user: AuthUser): Promise<void> {
  const chosen: unknown = await languageCookie.parse(request.headers.get("Cookie"));
  if (isLanguage(chosen) && chosen !== user.language) await setUserLanguage(user.id, chosen);
}

/**
 * After the user's own password change (which ended every session of the old version, this one
 * included) this browser goes on in a new session under `version`. Issue time and "remember me"
 * carry over, so the absolute lifetime does not restart.
 */
export async function renewSession(request: Request, version: number): Promise<string> {
  // The session as the guard loaded it at the start of this request: its row is gone by now.
  const viewer = await getViewer(request);
  if (viewer.state !== "active") throw new Error("renewSession needs a signed-in request");
  const current = viewer.session;
  const session = await newSession();
  session.set("userId", current.get("userId")!);
  session.set("version", version);
  session.set("issuedAt", current.get("issuedAt")!);
  session.set("lastSeen", Date.now());
  session.set("remember", current.get("remember") ?? false);
  session.set("userAgent", current.get("userAgent") ?? request.headers.get("User-Agent"));
  await destroySession(current, request);
  return commitSession(session, request);
}

/** Ends this browser's session on the server and clears its cookie. */
export async function endSession(request: Request): Promise<string> {
  return destroySession(await getSession(request), request);
}

/** The token of the signed-in session of this request (for "this device" and "sign out others"). */
export async function currentSessionToken(request: Request): Promise<string | null> {
  const viewer = await getViewer(request);
  return viewer.state === "active" ? viewer.session.id : null;
}

/**
 * The user actually signed in, even while they view the app as someone else: for /switch-user
 * itself (starting, returning) and the banner. Same refusals as requireUser otherwise.
 */
export async function requireRealUser(request: Request): Promise<{ user: AuthUser; session: TimsSession; switchedTo: AuthUser | null }> {
  const viewer = await getViewer(request);
  // Not signed in (or expired): requireUser answers as for any page. Signed in: no onboarding or
  // two-factor detour, so a switch onto an onboarding agency can always be left.
  if (viewer.state !== "active") {
    await requireUser(request);
    throw redirect("/login");
  }
  return { user: viewer.realUser ?? viewer.user, session: viewer.session, switchedTo: viewer.realUser ? viewer.user : null };
}
