import { describe, it, expect } from "vitest";
import { agencyOnboardingPath, isOnboardingPath, landingPath, safeRedirect, type LandingUser } from "./landing";

const base: LandingUser = { userType: 1, isDocumentUploaded: false, isVerified: null, isApproved: false };
const agency = (over: Partial<LandingUser>): LandingUser => ({ ...base, userType: 2, ...over });

describe("landingPath (spec 1 §2.2)", () => {
  it("sends a free user to /new-register", () => {
    expect(landingPath({ ...base, userType: 1 })).toBe("/new-register");
  });

  it("sends an agency without documents to /upload-documents", () => {
    expect(landingPath(agency({ isDocumentUploaded: false }))).toBe("/upload-documents");
    // Even if other flags are somehow set, missing documents come first.
    expect(landingPath(agency({ isDocumentUploaded: false, isVerified: true, isApproved: true }))).toBe("/upload-documents");
  });

  it("sends an agency whose documents await review to .../sent", () => {
    expect(landingPath(agency({ isDocumentUploaded: true, isVerified: null }))).toBe("/upload-documents-status/sent");
  });

  it("sends a rejected agency to .../rejected", () => {
    expect(landingPath(agency({ isDocumentUploaded: true, isVerified: false }))).toBe("/upload-documents-status/rejected");
  });

  it("sends a verified but not yet approved agency to .../approved", () => {
    expect(landingPath(agency({ isDocumentUploaded: true, isVerified: true, isApproved: false }))).toBe("/upload-documents-status/approved");
  });

  it("sends an approved agency to /new-register", () => {
    expect(landingPath(agency({ isDocumentUploaded: true, isVerified: true, isApproved: true }))).toBe("/new-register");
  });

  it("sends a checkpost user to /new-register", () => {
    expect(landingPath({ ...base, userType: 5 })).toBe("/new-register");
  });

  it("sends ntb and taan to /dashboard", () => {
    expect(landingPath({ ...base, userType: 4 })).toBe("/dashboard");
    expect(landingPath({ ...base, userType: 6 })).toBe("/dashboard");
  });
});

describe("agencyOnboardingPath", () => {
  it("is null for non-agency users whatever their flags", () => {
    for (const userType of [1, 4, 5, 6]) expect(agencyOnboardingPath({ ...base, userType })).toBeNull();
  });

  it("is null for an approved agency", () => {
    expect(agencyOnboardingPath(agency({ isDocumentUploaded: true, isVerified: true, isApproved: true }))).toBeNull();
  });

  it("names the onboarding page otherwise", () => {
    expect(agencyOnboardingPath(agency({}))).toBe("/upload-documents");
    expect(agencyOnboardingPath(agency({ isDocumentUploaded: true }))).toBe("/upload-documents-status/sent");
  });
});

describe("isOnboardingPath", () => {
  it.each([
    "/upload-documents",
    "/upload-documents-status",
    "/upload-documents-status/sent",
    "/upload-documents-status/rejected",
    "/logout",
    "/sign-out",
    "/account-settings",
  ])("allows %s", (p) => {
    expect(isOnboardingPath(p)).toBe(true);
  });

  it("allows an onboarding agency the files of its own documents, not another's", () => {
    expect(isOnboardingPath("/requests/7/documents/12", 7)).toBe(true);
    expect(isOnboardingPath("/requests/8/documents/12", 7)).toBe(false);
    expect(isOnboardingPath("/requests/7/documents/12")).toBe(false);
    expect(isOnboardingPath("/requests/7", 7)).toBe(false);
    expect(isOnboardingPath("/requests/7/documents/12/x", 7)).toBe(false);
  });

  it.each(["/", "/dashboard", "/new-register", "/upload-documentsX", "/upload-documents-statusX", "/logoutnow", "/trekkers"])("refuses %s", (p) => {
    expect(isOnboardingPath(p)).toBe(false);
  });
});

describe("safeRedirect", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeRedirect("/users?x=1", "/fallback")).toBe("/users?x=1");
    expect(safeRedirect("/dashboard", "/fallback")).toBe("/dashboard");
  });

  it.each(["//evil.com", "https://evil.com", "http://evil.com/x", "/\\evil", "/\\\\evil.com", "evil", "javascript:alert(1)", ""])("refuses %s", (to) => {
    expect(safeRedirect(to, "/fallback")).toBe("/fallback");
  });

  it("refuses non-strings", () => {
    expect(safeRedirect(null, "/f")).toBe("/f");
    expect(safeRedirect(undefined, "/f")).toBe("/f");
    expect(safeRedirect(new File(["x"], "a.txt") as unknown as FormDataEntryValue, "/f")).toBe("/f");
    expect(safeRedirect(42 as unknown as string, "/f")).toBe("/f");
  });

  it("refuses /login and /logout loops", () => {
    expect(safeRedirect("/login", "/f")).toBe("/f");
    expect(safeRedirect("/login?redirectTo=/users", "/f")).toBe("/f");
    expect(safeRedirect("/logout", "/f")).toBe("/f");
  });
});

describe("safeRedirect control characters", () => {
  it("refuses paths that browsers would turn into another origin", () => {
    expect(safeRedirect("/\t/evil.com", "/f")).toBe("/f");
    expect(safeRedirect("/\n/evil.com", "/f")).toBe("/f");
    expect(safeRedirect("/ok/path?x=1#h", "/f")).toBe("/ok/path?x=1#h");
  });
});
