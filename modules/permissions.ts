import type { PermissionDeclaration, UserTypeId } from "./roles";
import { agenciesPermissions } from "./agencies/permissions";
import { cardsPermissions } from "./cards/permissions";
import { chalanPermissions } from "./chalan/permissions";
import { checkinsPermissions } from "./checkins/permissions";
import { dashboardPermissions } from "./dashboard/permissions";
import { paymentsPermissions } from "./payments/permissions";
import { notificationsPermissions } from "./notifications/permissions";
import { overduePermissions } from "./overdue/permissions";
import { privacyPermissions } from "./privacy/permissions";
import { apiPermissions } from "./api/permissions";
import { registrationPermissions } from "./registration/permissions";
import { trekRoutesPermissions } from "./trek-routes/permissions";
import { usersPermissions } from "./users/permissions";

/**
 * The one role-to-permission table (spec 1 §6, spec 2 §6), assembled from the modules' own
 * declarations. Guards, the sidebar, pages and the modules' policies read it through `can()`.
 *
 * Not a module: it sits beside contract.ts and roles.ts so every module may import it. It imports
 * only the modules' `permissions.ts` leaves (which import nothing at run time), so no import cycle can
 * pass through it; the architecture test keeps those files leaves. Plugins declare the same objects
 * (TimsModule.permissions) and a test checks the composed plugins and this table agree (app/composition/permissions.test.ts).
 */

/**
 * Permissions of domains not built yet (reports): the
 * spec's roles hold them already. Each block moves into its module's permissions.ts when it lands.
 */
const plannedPermissions = {} as const satisfies Record<string, PermissionDeclaration>;

/** Module name -> its declaration. */
export const PERMISSION_DECLARATIONS = {
  users: usersPermissions,
  agencies: agenciesPermissions,
  "trek-routes": trekRoutesPermissions,
  dashboard: dashboardPermissions,
  registration: registrationPermissions,
  cards: cardsPermissions,
  payments: paymentsPermissions,
  checkins: checkinsPermissions,
  notifications: notificationsPermissions,
  chalan: chalanPermissions,
  overdue: overduePermissions,
  privacy: privacyPermissions,
  api: apiPermissions,
  ...plannedPermissions,
} as const;

/** Domains whose permissions are declared here until their module exists. */
export const PLANNED_MODULES: readonly string[] = Object.keys(plannedPermissions);

type Declared = (typeof PERMISSION_DECLARATIONS)[keyof typeof PERMISSION_DECLARATIONS];
type KeysOf<T> = T extends unknown ? keyof T : never;
/** Every permission key any module declares; a typo in a guard, policy or sidebar entry fails tsc. */
export type Permission = KeysOf<Declared> & string;

/** Merges declarations into one table; a key declared by two modules is a programming error. */
export function assemblePermissions(declarations: Readonly<Record<string, PermissionDeclaration>>): Record<string, readonly UserTypeId[]> {
  const table: Record<string, readonly UserTypeId[]> = {};
  const owner: Record<string, string> = {};
  for (const [moduleName, declaration] of Object.entries(declarations)) {
    for (const [key, types] of Object.entries(declaration)) {
      if (Object.prototype.hasOwnProperty.call(table, key)) throw new Error(`Permission ${key} is declared by both ${owner[key]} and ${moduleName}`);
      table[key] = types;
      owner[key] = moduleName;
    }
  }
  return table;
}

export const PERMISSIONS = assemblePermissions(PERMISSION_DECLARATIONS) as Readonly<Record<Permission, readonly UserTypeId[]>>;

export const GRANTABLE: readonly Permission[] = (Object.keys(PERMISSIONS) as Permission[]).filter((p) => PERMISSIONS[p].length === 0);

export interface PermissionHolder {
  userType: number;
  grants?: readonly string[];
}

/** By role (the table) or by a grant stored for the user. */
export function can(user: PermissionHolder | null | undefined, permission: Permission): boolean {
  if (!user) return false;
  if ((PERMISSIONS[permission] as readonly number[] | undefined)?.includes(user.userType)) return true;
  return Boolean(user.grants?.includes(permission));
}

export function isPermission(key: string): key is Permission {
  return Object.prototype.hasOwnProperty.call(PERMISSIONS, key);
}

/**
 * A row rule: the permission that lets a user act, on any row or only on rows they own. A module's
 * policy lists its scopes per action (e.g. cards' transition table, registration's open/edit/pay).
 */
export interface PermissionScope {
  permission: Permission;
  rows: "any" | "own";
}

/** True when one of the scopes lets the viewer act on a row owned by `ownerId` (no owner: "any" scopes only). */
export function inScope(viewer: (PermissionHolder & { id?: number }) | null | undefined, scopes: readonly PermissionScope[], ownerId?: number): boolean {
  if (!viewer) return false;
  return scopes.some((s) => can(viewer, s.permission) && (s.rows === "any" || (ownerId !== undefined && viewer.id !== undefined && viewer.id === ownerId)));
}
