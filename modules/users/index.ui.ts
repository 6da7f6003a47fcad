// The users module's entry for React pages: components and list declarations (modules/users/README.md).
export { AuthCard, OpenMailButtons } from "./components/auth-card";
export { ModalActions } from "./components/modal-actions";
export { AccountRows, ProfileList } from "./components/account-rows";
export { type SessionListItem, SessionList } from "./components/session-list";
export { NameForm, PASSWORD_FIELDS, PasswordForm } from "./components/account-forms";
export { NewPasswordField } from "./components/password-checklist";
export { RouteCheckpointFields } from "./components/route-checkpoint-fields";
export { USERS_TAB_HIDDEN, usersList } from "./users-list";
