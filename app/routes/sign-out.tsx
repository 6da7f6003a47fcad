// The spec names both /logout and /sign-out; one implementation serves both.
export { loader, action, handle, default } from "./logout";
