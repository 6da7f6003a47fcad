import { UserType } from "../contract";
import { can, inScope, type Permission, type PermissionHolder, type PermissionScope } from "../permissions";

/**
 * How user administration sorts accounts (spec 2 §2 "Users page"): the list tab a user type
 * belongs to, and which detail view (URL) opens it. Pure, so routes and tests share it.
 */
export type UserKind = "staff" | "agency" | "fit" | "checkpost";

/** The URL segment after /users/ for each kind; staff (board, TAAN) have none: /users/:id. */
export const KIND_SEGMENTS: Record<Exclude<UserKind, "staff">, string> = {
  agency: "trekking-agency",
  fit: "fit",
  checkpost: "checkpost",
};

export function kindOf(userType: number): UserKind {
  if (userType === UserType.Agency) return "agency";
  if (userType === UserType.FIT) return "fit";
  if (userType === UserType.Checkpost) return "checkpost";
  return "staff";
}

/** The kind a URL segment names, or null for an unknown one; no segment means staff. */
export function kindFromSegment(segment: string | undefined): UserKind | null {
  if (segment === undefined || segment === "") return "staff";
  const found = (Object.entries(KIND_SEGMENTS) as [UserKind, string][]).find(([, s]) => s === segment);
  return found ? found[0] : null;
}

export function detailPath(user: { id: number; userType: number }): string {
  const kind = kindOf(user.userType);
  return kind === "staff" ? `/users/${user.id}` : `/users/${KIND_SEGMENTS[kind]}/${user.id}`;
}

export type UsersTab = "ntb" | "taan" | "agency" | "checkpost";

export interface UsersTabInfo {
  id: UsersTab;
  label: string;
  userTypes: readonly number[];
  permission: Permission;
}

/**
 * The spec's four tabs. Free trekkers have no tab of their own, yet the list row carries a
 * country and opens /users/fit/:id: they appear with the agencies, the other self-registered
 * accounts (docs/decisions.md).
 */
export const USERS_TABS: readonly UsersTabInfo[] = [
  { id: "ntb", label: "NTB", userTypes: [UserType.NTB], permission: "usersNtbTab" },
  { id: "taan", label: "TAAN", userTypes: [UserType.TAAN], permission: "users" },
  { id: "agency", label: "Trek Agency", userTypes: [UserType.Agency, UserType.FIT], permission: "users" },
  { id: "checkpost", label: "Checkpost", userTypes: [UserType.Checkpost], permission: "users" },
];

export function visibleTabs(viewer: PermissionHolder): UsersTabInfo[] {
  return can(viewer, "users") ? USERS_TABS.filter((t) => can(viewer, t.permission)) : [];
}

/** The requested tab if the viewer may see it; the first visible tab when none is asked for. */
export function resolveTab(viewer: PermissionHolder, requested: string | null): UsersTabInfo | "forbidden" {
  const tabs = visibleTabs(viewer);
  if (!tabs.length) return "forbidden";
  if (!requested) return tabs[0];
  const known = USERS_TABS.find((t) => t.id === requested);
  if (!known) return tabs[0];
  return tabs.includes(known) ? known : "forbidden";
}

export function tabOfUserType(userType: number): UsersTabInfo | undefined {
  return USERS_TABS.find((t) => t.userTypes.includes(userType));
}

/**
 * Row rules of user administration as scopes: every one is "any" (the spec gives no account a say
 * over its own row here; one's own account is changed in Account Settings, guarded by "settings").
 * Viewing also needs the permission of the list tab the account belongs to; managing and editing
 * exclude one's own account, so nobody disables, deletes or renames themselves from the list.
 */
export const USER_SCOPES = {
  view: [{ permission: "users", rows: "any" }],
  manage: [{ permission: "manageUsers", rows: "any" }],
  edit: [{ permission: "accountChangeButtons", rows: "any" }],
} as const satisfies Record<string, readonly PermissionScope[]>;

type Viewer = PermissionHolder & { id: number };

/** A detail view is open to whoever may see the list tab the account belongs to. */
export function canViewUser(viewer: PermissionHolder, target: { userType: number }): boolean {
  const tab = tabOfUserType(target.userType);
  return Boolean(tab) && inScope(viewer, USER_SCOPES.view) && can(viewer, tab!.permission);
}

/** Status changes and deletion: the board, on anyone but themselves (spec 1 §6). */
export function canManageUser(viewer: Viewer, target: { id: number; userType: number }): boolean {
  return canViewUser(viewer, target) && inScope(viewer, USER_SCOPES.manage, target.id) && viewer.id !== target.id;
}

/** The Delete User row (spec 2 §2): as for status changes, but it never shows on a checkpost's view. */
export function canDeleteUser(viewer: Viewer, target: { id: number; userType: number }): boolean {
  return canManageUser(viewer, target) && target.userType !== UserType.Checkpost;
}

/** The Change buttons of an account view (spec 2 §2: type 4 only). */
export function canEditUser(viewer: Viewer, target: { id: number; userType: number }): boolean {
  return canViewUser(viewer, target) && inScope(viewer, USER_SCOPES.edit, target.id) && viewer.id !== target.id;
}

/** User types the board may create from the Add user panel; agencies and trekkers register themselves. */
export const ADDABLE_USER_TYPES = [
  { id: UserType.NTB, name: "NTB" },
  { id: UserType.Checkpost, name: "Checkpost" },
  { id: UserType.TAAN, name: "TAAN" },
] as const;

export const USER_TYPE_NAMES: Record<number, string> = {
  [UserType.FIT]: "Free Individual Trekker",
  [UserType.Agency]: "Trekking Agency",
  [UserType.NTB]: "NTB",
  [UserType.Checkpost]: "Checkpost",
  [UserType.TAAN]: "TAAN",
};

/** Spec 2 §4: an account is Active or Disabled (the list's status filter). */
export const USER_STATUSES = ["Active", "Disabled"] as const;
export type UserStatusValue = (typeof USER_STATUSES)[number];

export function parseUserStatus(value: string | null): UserStatusValue | undefined {
  return USER_STATUSES.find((s) => s === value);
}
