// The users module's zod schemas: actions and loaders get them through index.server.ts; pages
// load them on demand for browser validation (lib/ui/lazy-validation.ts). Never import this
// statically from code that runs in the browser: it would put zod in the page's eager chunks.
export { registerSchema } from "./schemas/register";
export { accountNameSchema, changeEmailSchema } from "./schemas/account";
export { addUserSchema } from "./schemas/add-user";
export { changeOwnPasswordSchema, changeUserPasswordSchema, forgotPasswordSchema, resetPasswordSchema, setPasswordSchema } from "./schemas/password";
export { checkpostInfoSchema, disableUserSchema, userTargetParams } from "./schemas/user-admin";
export { loginSchema, resendSchema } from "./schemas/login";
export { twoFactorCodeSchema, twoFactorSettingsSchema } from "./schemas/two-factor";
