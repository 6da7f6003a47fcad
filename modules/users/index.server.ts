// The users module's public entry for server code (services, models stay private).
export {
  type AgencyRequestStatus,
  AGENCY_REQUEST_STATUSES,
  type Permission,
  type PermissionHolder,
  type PermissionScope,
  GRANTABLE,
  PERMISSIONS,
  can,
  inScope,
  isPermission,
  type UserKind,
  type UsersTab,
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
  describeDevice,
  agencyOnboardingPath,
  isOnboardingPath,
  landingPath,
  safeRedirect,
  usersPermissions,
  profilePhotoUrl,
  TWO_FACTOR_SETUP_PATH,
  TWO_FACTOR_SIGN_IN_PATH,
  TWO_FACTOR_USER_TYPES,
  canUseTwoFactor,
  isTwoFactorSetupAllowed,
  REGISTER_TYPES,
  TWO_FACTOR_CODE_LABEL,
} from "./index";
export { USERS_TAB_HIDDEN, usersList } from "./index.ui";
export { AuthCard, OpenMailButtons, ModalActions } from "./index.ui";
export {
  registerSchema,
  accountNameSchema,
  changeEmailSchema,
  addUserSchema,
  changeOwnPasswordSchema,
  changeUserPasswordSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  setPasswordSchema,
  checkpostInfoSchema,
  disableUserSchema,
  userTargetParams,
  loginSchema,
  resendSchema,
  twoFactorCodeSchema,
  twoFactorSettingsSchema,
} from "./index.schemas";
export type { SecondFactor, TwoFactorEnrolment, TwoFactorStatus } from "./two-factor.server";
export {
  PendingSignInExpiredError,
  TWO_FACTOR_MESSAGES,
  beginTwoFactorEnrolment,
  beginTwoFactorSignIn,
  completeTwoFactorSignIn,
  confirmTwoFactorEnrolment,
  disableTwoFactor,
  pendingSignIn,
  renewRecoveryCodes,
  setStaffTwoFactorRequired,
  twoFactorStatus,
} from "./two-factor.server";
export { COMMON_PASSWORD_MESSAGE, CommonPasswordError } from "./common-passwords.server";
export type { AgencyAccount } from "./agency-state.server";
export type { AuthUser, NewUser } from "./service.server";
export type { EmailChangeResult } from "./email-change.server";
export type { UserListRow, UserProfile } from "./directory.server";
export {
  CheckpointNotOnRouteError,
  SelfActionError,
  UnknownUsernameError,
  addUser,
  adminChangeEmail,
  adminRename,
  adminSetPassword,
  changePasswordByUsername,
  deleteUser,
  disableUser,
  enableUser,
  updateCheckpostInfo,
} from "./admin.server";
export { DEMO_USERS } from "./demo.server";
export {
  DuplicateEmailError,
  LoginError,
  checkpostPlaceOf,
  countUsers,
  countUsersByType,
  createUser,
  setUserLanguage,
  findUserByEmail,
  grantPermission,
  searchUsers,
  verifyLogin,
} from "./service.server";
export { SameEmailError, confirmEmailChange, requestEmailChange } from "./email-change.server";
export { UnknownCountryError, registerAccount } from "./registration.server";
export { WrongPasswordError, changeOwnPassword, profilePhotoKey, renameUser, setProfilePhoto } from "./account.server";
export {
  activateVerifiedAgency,
  agencyRequestStatus,
  findAgencyAccount,
  listAgencyAccounts,
  markDocumentsSubmitted,
  setAgencyVerification,
} from "./agency-state.server";
export { checkResetLink, requestPasswordReset, resetPassword } from "./password-reset.server";
export { confirmEmail, resendVerification } from "./verification.server";
export { activeUserIdsOfType, billingContacts, displayNames, payerSearchSql, userTypeAndNameColumnsSql, type BillingContact } from "./names.server";
export { agencyChoices, getUserProfile } from "./directory.server";
export type { AgencyRequestListRow } from "./list-sources.server";
export { agencyRequestSource, userListSource } from "./list-sources.server";
export { usersModule } from "./plugin.server";
export type { ActiveSession, SessionRecord } from "./sessions.server";
export type { SignedInSession, SignedInUser } from "./signed-in.server";
export { findAuthUser, readSignedInSession, readSignedInUser } from "./signed-in.server";
export { createSession, deleteSession, endOtherSessions, listSessions, readSession, touchSessionRecord } from "./sessions.server";
export { TooManyEmailsError, TooManySignInsError, limitMailRequest, signInThrottle } from "./throttles.server";
export { counterStore } from "./rate-limit-store.server";
export type { CustomerAccount } from "./customers.server";
export { customerAccounts, customerAccountsOfTypes } from "./customers.server";
export type { SwitchAuditRow } from "./switch.server";
export { switchRefusedMessage, SwitchRefusedError, endSwitch, listSwitchAudit, recordSwitchedAction, refusedWhileSwitched, startSwitch } from "./switch.server";
export { indexAllUserWords } from "./search-words.server";
