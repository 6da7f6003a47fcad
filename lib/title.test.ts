import { describe, it, expect } from "vitest";
import { DEFAULT_TITLE, pageTitle } from "@lib/title";

describe("pageTitle (spec 1 §2.2)", () => {
  it("is the last path segment in upper case", () => {
    expect(pageTitle("/dashboard")).toBe("DASHBOARD");
    expect(pageTitle("/users/checkpost")).toBe("CHECKPOST");
    expect(pageTitle("/reports/")).toBe("REPORTS");
  });

  it("turns dashes and underscores into spaces", () => {
    expect(pageTitle("/tims-cards")).toBe("TIMS CARDS");
    expect(pageTitle("/self-scan-trekkers")).toBe("SELF SCAN TREKKERS");
    expect(pageTitle("/a__b")).toBe("A B");
  });

  it("decodes the segment", () => {
    expect(pageTitle("/trekking%20history")).toBe("TREKKING HISTORY");
  });

  it("prefers a given title, unchanged", () => {
    expect(pageTitle("/dashboard", "Register New Trek")).toBe("Register New Trek");
  });

  it("ignores an empty or missing given title", () => {
    expect(pageTitle("/billing", "")).toBe("BILLING");
    expect(pageTitle("/billing", null)).toBe("BILLING");
    expect(pageTitle("/billing", undefined)).toBe("BILLING");
  });

  it("defaults to NTB at the root", () => {
    expect(DEFAULT_TITLE).toBe("NTB");
    expect(pageTitle("/")).toBe("NTB");
    expect(pageTitle("")).toBe("NTB");
  });
});
