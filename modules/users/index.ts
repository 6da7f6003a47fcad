// The users module's public entry for code that may run in the browser (components, pure rules,
// schemas, types). Routes and other modules import only this and index.server.ts.
export type { AccountRow } from "./components/account-rows";
export type { AgencyRequestStatus } from "./agency-status";
export type { Permission, PermissionHolder, PermissionScope } from "../permissions";
export type { UserKind, UsersTab } from "./kinds";
export { ADDABLE_USER_TYPES, USER_STATUSES, canDeleteUser, canEditUser, canManageUser, canViewUser, detailPath, kindFromSegment, parseUserStatus, resolveTab, tabOfUserType, visibleTabs } from "./kinds";
export { AGENCY_REQUEST_STATUSES } from "./agency-status";
export { USERS_TAB_HIDDEN, usersList } from "./users-list";
export { AccountRows, ProfileList } from "./components/account-rows";
export type { SessionListItem } from "./components/session-list";
export { SessionList } from "./components/session-list";
export { describeDevice } from "./device";
export { AuthCard, OpenMailButtons } from "./components/auth-card";
export { ModalActions } from "./components/modal-actions";
export { NameForm, PasswordForm } from "./components/account-forms";
export { NewPasswordField } from "./components/password-checklist";
export { RouteCheckpointFields } from "./components/route-checkpoint-fields";
export { agencyOnboardingPath, isOnboardingPath, landingPath, safeRedirect } from "./landing";
// The permission table is shared (modules/permissions.ts); re-exported where pages have always found it.
export { GRANTABLE, PERMISSIONS, can, inScope, isPermission } from "../permissions";
export { usersPermissions } from "./permissions";
export { profilePhotoUrl } from "./photo-url";
export { TWO_FACTOR_SETUP_PATH, TWO_FACTOR_SIGN_IN_PATH, TWO_FACTOR_USER_TYPES, canUseTwoFactor, isTwoFactorSetupAllowed } from "./two-factor";
export { LOAD_CHECKPOINTS_INTENT, REGISTER_TYPES, TWO_FACTOR_CODE_LABEL } from "./form-names";
