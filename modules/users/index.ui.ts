// A narrow browser entry of the users module (ADR 0016): a page that imports it loads only this part.
export { AuthCard, OpenMailButtons } from "./components/auth-card";
export { ModalActions } from "./components/modal-actions";
