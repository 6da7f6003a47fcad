import type { UserTypeId } from "../contract";

/**
 * The one role-to-permission table (spec 1 §6, spec 2 §6). Guards and the sidebar both read it
 * through `can()`. A permission with no roles is grantable only: the spec's "one specific
 * account" (change-user-password, generate card) becomes a grant stored per user.
 */
export const PERMISSIONS = {
  dashboard: [4, 6],
  users: [4, 6],
  usersNtbTab: [4],
  addUser: [4],
  manageUsers: [4],
  routes: [1, 2, 4, 5, 6],
  routesAdd: [4],
  trekkers: [2, 4, 5, 6],
  deletedTrekkers: [4],
  changeUserPassword: [],
  uploadDocuments: [2],
  scan: [5],
  billing: [1, 2, 4, 5, 6],
  timsCards: [1],
  trekkingHistory: [1],
  requests: [4, 6],
  requestsVouchers: [4],
  requestsCardReturns: [4],
  reports: [4],
  registerTrek: [1, 2, 5],
  inbox: [2, 6],
  location: [1, 2, 5],
  selfScanTrekkers: [4, 6],
  chalan: [4],
  cardsCancel: [4],
  cardsEdit: [4],
  cardsReturnDecide: [4, 6],
  cardsDelete: [2],
  cardsPay: [2],
  generateCard: [],
  settings: [1, 2, 4, 5, 6],
  notifications: [1, 2, 5, 6],
  accountChangeButtons: [4],
} as const satisfies Record<string, readonly UserTypeId[]>;

export type Permission = keyof typeof PERMISSIONS;
export const GRANTABLE: readonly Permission[] = (Object.keys(PERMISSIONS) as Permission[]).filter(
  (p) => PERMISSIONS[p].length === 0,
);

export interface PermissionHolder {
  userType: number;
  grants?: readonly string[];
}

export function can(user: PermissionHolder | null | undefined, permission: Permission): boolean {
  if (!user) return false;
  if ((PERMISSIONS[permission] as readonly number[]).includes(user.userType)) return true;
  return Boolean(user.grants?.includes(permission));
}

export function isPermission(key: string): key is Permission {
  return Object.prototype.hasOwnProperty.call(PERMISSIONS, key);
}
