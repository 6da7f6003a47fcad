// A narrow browser entry of the users module (ADR 0016): a page that imports it loads only this part.
export { USERS_TAB_HIDDEN, usersList } from "./users-list";
