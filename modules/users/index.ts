// The users module's light public entry for code that may run in the browser: rules, constants,
// labels, paths and types. Components and list declarations that pages share are in index.ui.ts;
// a piece one page uses sits beside it in app/components/ (ADR 0045).
// Routes and other modules import only the module's entries.
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
export { describeDevice } from "./device";
export { agencyOnboardingPath, isOnboardingPath, landingPath, safeRedirect } from "./landing";
// The permission table is shared (modules/permissions.ts); re-exported where pages have always found it.
export { GRANTABLE, PERMISSIONS, can, inScope, isPermission } from "../permissions";
export { usersPermissions } from "./permissions";
export { profilePhotoUrl } from "./photo-url";
export { TWO_FACTOR_SETUP_PATH, TWO_FACTOR_SIGN_IN_PATH, TWO_FACTOR_USER_TYPES, canUseTwoFactor, isTwoFactorSetupAllowed } from "./two-factor";
export { REGISTER_TYPES, TWO_FACTOR_CODE_LABEL } from "./form-names";
