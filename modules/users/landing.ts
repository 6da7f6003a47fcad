import { UserType } from "../contract";

export interface LandingUser {
  userType: number;
  isDocumentUploaded: boolean;
  isVerified: boolean | null;
  isApproved: boolean;
}

/**
 * Where a signed-in user belongs when they open / or a page their role may not see as a home
 * (spec 1 §2.2). The agency branch follows the onboarding flow of spec 1 §4.
 */
export function landingPath(user: LandingUser): string {
  switch (user.userType) {
    case UserType.NTB:
    case UserType.TAAN:
      return "/dashboard";
    case UserType.Agency:
      return agencyOnboardingPath(user) ?? "/new-register";
    default:
      return "/new-register";
  }
}

/** The onboarding page an agency must see, or null once it is approved. */
export function agencyOnboardingPath(user: LandingUser): string | null {
  if (user.userType !== UserType.Agency) return null;
  if (!user.isDocumentUploaded) return "/upload-documents";
  if (user.isVerified === null) return "/upload-documents-status/sent";
  if (user.isVerified === false) return "/upload-documents-status/rejected";
  if (!user.isApproved) return "/upload-documents-status/approved";
  return null;
}

/** Pages an agency may open while onboarding (besides public ones). */
export const ONBOARDING_PATHS = ["/upload-documents", "/upload-documents-status", "/logout", "/sign-out", "/account-settings"];

/**
 * True for the onboarding pages, and, given the agency's id, for the files of the documents it
 * uploaded (/requests/:ownId/documents/:docId; the agencies module's policy still checks the row).
 */
export function isOnboardingPath(pathname: string, agencyId?: number): boolean {
  if (ONBOARDING_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`))) return true;
  return agencyId !== undefined && new RegExp(`^/requests/${agencyId}/documents/\\d+$`).test(pathname);
}

/** Only same-site paths are followed after sign-in, never another origin. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback: string): string {
  if (!to || typeof to !== "string") return fallback;
  // Browsers drop tabs and newlines from URLs ("/\t/evil.com" becomes "//evil.com"), so any
  // control character or backslash refuses the value outright.
  if (/[\u0000-\u001F\u007F\\]/.test(to)) return fallback;
  if (!to.startsWith("/") || to.startsWith("//")) return fallback;
  const url = new URL(to, "http://local.invalid");
  if (url.origin !== "http://local.invalid") return fallback;
  if (url.pathname === "/login" || url.pathname === "/logout") return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
