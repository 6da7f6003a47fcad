// The API module's light public entry for code that may run in the browser.
export { apiPermissions } from "./permissions";
