// A narrow browser entry of the users module (ADR 0016): a page that imports it loads only this part.
// Conform forms: only pages with one of these forms load Conform through this entry.
export { NameForm, PASSWORD_FIELDS, PasswordForm } from "./components/account-forms";
export { NewPasswordField } from "./components/password-checklist";
export { RouteCheckpointFields } from "./components/route-checkpoint-fields";
