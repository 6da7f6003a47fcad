import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { forbidden, requirePermission } from "./guards.server";
import { getUserProfile, type UserProfile } from "@modules/users/index.server";
import {
  canDeleteUser,
  canEditUser,
  canManageUser,
  canViewUser,
  detailPath,
  kindFromSegment,
  tabOfUserType,
  userTargetParams,
} from "@modules/users/index.server";
import { parseParams } from "@lib/params";
import { can, type Permission } from "@modules/users";
import type { AuthUser } from "@modules/users/index.server";

/** The one not-found helper (@lib/param-id), re-exported for the account routes that import their guard from here. */
export { notFound } from "@lib/param-id";
import { notFound } from "@lib/param-id";

export interface UserTarget {
  viewer: AuthUser;
  target: UserProfile;
  /** The account's canonical view, e.g. /users/fit/12. */
  base: string;
}

/**
 * Guard for every /users/[:kind/]:id route: the permission, then the row rule (the viewer may
 * see the list tab the account belongs to). A URL naming the wrong kind is sent to the right
 * one, so /users/12 for a trekker opens /users/fit/12.
 */
export async function requireUserTarget(request: Request, params: LoaderFunctionArgs["params"], permission: Permission = "users"): Promise<UserTarget> {
  const viewer = await requirePermission(request, "users");
  if (!can(viewer, permission)) throw forbidden();
  const parsed = parseParams(params, userTargetParams);
  const kind = kindFromSegment(parsed.kind);
  const id = parsed.id;
  if (!kind) throw notFound();
  const target = await getUserProfile(id);
  if (!target) throw notFound();
  if (!canViewUser(viewer, target)) throw forbidden();
  const base = detailPath(target);
  if (target.kind !== kind) {
    if (request.method !== "GET" && request.method !== "HEAD") throw notFound();
    const url = new URL(request.url);
    const rest = url.pathname.slice(url.pathname.indexOf(`/${id}`) + `/${id}`.length);
    throw redirect(`${base}${rest}${url.search}`);
  }
  return { viewer, target, base };
}

/** For the board's actions on an account: never on one's own (refused even when posted by hand). */
export async function requireOtherUserTarget(request: Request, params: LoaderFunctionArgs["params"], permission: Permission): Promise<UserTarget> {
  const found = await requireUserTarget(request, params, permission);
  if (found.viewer.id === found.target.id) throw forbidden();
  return found;
}

/**
 * Loader of the account views' frame (users_.($kind).$id.tsx): the account, the Users tab it
 * belongs to, and what the viewer may do with it. Here rather than in the route so the account
 * pages import one server file, not two (ADR 0036).
 */
export async function requireAccountView(request: Request, params: LoaderFunctionArgs["params"]) {
  const { viewer, target, base } = await requireUserTarget(request, params);
  return {
    user: target,
    base,
    listTab: tabOfUserType(target.userType)?.id ?? "ntb",
    canEdit: canEditUser(viewer, target),
    canManage: canManageUser(viewer, target),
    canDelete: canDeleteUser(viewer, target),
    isSelf: viewer.id === target.id,
  };
}
