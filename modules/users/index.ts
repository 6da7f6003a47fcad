// The users module's light public entry for code that may run in the browser (pure rules, paths,
// types). Components and the users list have narrow entries (index.lists.ts, index.ui.ts,
// index.account.ts, index.forms.ts; ADR 0016). Routes and other modules import only this and index.server.ts.
export type { AccountRow } from "./components/account-rows";
export type { AgencyRequestStatus } from "./agency-status";
export type { Permission, PermissionHolder, PermissionScope } from "../permissions";
export type { UserKind, UsersTab } from "./kinds";
export {
  ADDABLE_USER_TYPES,
  USER_STATUSES,
  canDeleteUser,
  canEditUser,
  canManageUser,
  canViewUser,
  detailPath,
  kindFromSegment,
  parseUserStatus,
  resolveTab,
  tabOfUserType,
  visibleTabs,
} from "./kinds";
export { AGENCY_REQUEST_STATUSES } from "./agency-status";
export type { SessionListItem } from "./components/session-list";
export { describeDevice } from "./device";
export { agencyOnboardingPath, isOnboardingPath, landingPath, safeRedirect } from "./landing";
// The permission table is shared (modules/permissions.ts); re-exported where pages have always found it.
export { GRANTABLE, PERMISSIONS, can, inScope, isPermission } from "../permissions";
export { usersPermissions } from "./permissions";
export { profilePhotoUrl } from "./photo-url";
export { TWO_FACTOR_SETUP_PATH, TWO_FACTOR_SIGN_IN_PATH, TWO_FACTOR_USER_TYPES, canUseTwoFactor, isTwoFactorSetupAllowed } from "./two-factor";
export { REGISTER_TYPES, TWO_FACTOR_CODE_LABEL } from "./form-names";
