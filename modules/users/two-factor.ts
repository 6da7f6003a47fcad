import { UserType } from "../contract";

/**
 * Two-factor sign-in (TOTP) is for staff who administer others: the board (NTB) and TAAN
 * (docs/decisions.md, "Two-factor sign-in"). Checkpost phones and public accounts sign in as before.
 */
export const TWO_FACTOR_USER_TYPES: readonly number[] = [UserType.NTB, UserType.TAAN];

export function canUseTwoFactor(user: { userType: number }): boolean {
  return TWO_FACTOR_USER_TYPES.includes(user.userType);
}

/** Staff (who can use it) the board requires to use it, who have not enrolled yet: the guard sends them to set it up. */
export function twoFactorSetupDue(user: { userType: number }, enrolled: boolean, required: boolean): boolean {
  return canUseTwoFactor(user) && !enrolled && required;
}

/** Where staff set it up; the guard sends them here while the board requires it and they have none. */
export const TWO_FACTOR_SETUP_PATH = "/account-settings/two-factor";

/** The second step of signing in. */
export const TWO_FACTOR_SIGN_IN_PATH = "/login/two-factor";

/** Pages a staff member who must set up two-factor sign-in may still open. */
const SETUP_ALLOWED = ["/account-settings", TWO_FACTOR_SETUP_PATH, "/logout", "/sign-out"];

export function isTwoFactorSetupAllowed(pathname: string): boolean {
  return SETUP_ALLOWED.includes(pathname.replace(/\/+$/, "") || "/");
}
