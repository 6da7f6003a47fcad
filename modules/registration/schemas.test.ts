import { describe, expect, it } from "vitest";
import { kathmanduDate } from "@lib/dates";
import { ageOn, dobProblem, passportLabel } from "./rules";
import { firstStepSchema, insuranceSchema, trekDetailsSchema, trekkerSchema } from "./schemas";

const today = kathmanduDate();
const shift = (days: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const yearsAgo = (n: number) => `${Number(today.slice(0, 4)) - n}${today.slice(4)}`;

const trek = { routeId: "1", entryDate: shift(5), exitDate: shift(12), entryPoint: "Besisahar", exitPoint: "Jomsom" };
const trekker = {
  fullName: "Anna Keller",
  trekkerType: "3",
  nationality: "276",
  city: "Berlin",
  gender: "2",
  dob: "1990-04-01",
  email: "anna@example.com",
  passportNumber: "C01X00T47",
  policyType: "Trekking",
  visaIssueDate: shift(-10),
  visaExpiryDate: shift(60),
};
const guide = { guideName: "Pemba Sherpa", guideLicense: "G-1234", guideContact: "9851012345" };

function errorsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
}

describe("trek details", () => {
  it("accepts a valid trek", () => expect(trekDetailsSchema.safeParse(trek).success).toBe(true));
  it("requires the trekking area, dates and points", () => {
    expect(errorsOf(trekDetailsSchema.safeParse({}))).toMatchObject({
      routeId: "Trekking Area field is required",
      entryDate: "Trek Entry Date field is required",
      exitDate: "Trek Exit Date field is required",
      entryPoint: "Entry Point field is required",
      exitPoint: "Exit Point field is required",
    });
  });
  it("refuses an exit before the entry and an entry in the past", () => {
    expect(errorsOf(trekDetailsSchema.safeParse({ ...trek, exitDate: shift(4) }))).toEqual({ exitDate: "Trek Exit Date can not be less than Entry Date" });
    expect(errorsOf(trekDetailsSchema.safeParse({ ...trek, entryDate: shift(-1) }))).toEqual({ entryDate: "Trek Entry Date can not be earlier than today" });
  });
});

describe("trekker", () => {
  const fit = trekkerSchema({ userType: 1 });
  const agency = trekkerSchema({ userType: 2 });
  it("accepts a valid trekker and keeps the visa of a German", () => {
    const r = fit.safeParse(trekker);
    expect(r.success && r.data.visaIssueDate).toBe(trekker.visaIssueDate);
  });
  it("lists every required field with the spec's text", () => {
    expect(errorsOf(fit.safeParse({}))).toMatchObject({
      fullName: "Full Name field is required",
      trekkerType: "Trekker Type field is required",
      nationality: "Nationality field is required",
      city: "City field is required",
      gender: "Gender field is required",
      dob: "Date of Birth field is required",
      email: "Email field is required",
      passportNumber: "Passport Number field is required",
      policyType: "Policy Type field is required",
    });
  });
  it("says how long a passport number may be (issue 26: a 70-character one was told it is required)", () => {
    expect(errorsOf(fit.safeParse({ ...trekker, passportNumber: "A".repeat(70) }))).toEqual({
      passportNumber: "Passport Number must be at most 50 characters",
    });
    expect(errorsOf(fit.safeParse({ ...trekker, city: "B".repeat(101) }))).toEqual({ city: "City must be at most 100 characters" });
    expect(errorsOf(fit.safeParse({ ...trekker, visaNumber: "V".repeat(51) }))).toEqual({ visaNumber: "This text must be at most 50 characters" });
  });
  it("checks names and e-mail", () => {
    expect(errorsOf(fit.safeParse({ ...trekker, fullName: "Anna 2" }))).toEqual({ fullName: "Only text allowed" });
    expect(errorsOf(fit.safeParse({ ...trekker, email: "anna@" }))).toEqual({ email: "Please enter a correct email address" });
  });
  it("refuses a diplomat with the spec's message", () => {
    expect(errorsOf(fit.safeParse({ ...trekker, trekkerType: "4" }))).toEqual({ trekkerType: "For Diplomat please visit Nepal Tourism Board" });
  });
  it("applies the date-of-birth rules", () => {
    expect(errorsOf(fit.safeParse({ ...trekker, dob: shift(1) }))).toEqual({ dob: "Date of birth can not be greater than today Date" });
    expect(errorsOf(fit.safeParse({ ...trekker, trekkerType: "5", dob: yearsAgo(10) }))).toEqual({
      dob: "Child's date of birth can not be greater than 9 years of age",
    });
    expect(errorsOf(fit.safeParse({ ...trekker, dob: yearsAgo(9) }))).toEqual({ dob: "Please select type Child for age below 10 years." });
    expect(fit.safeParse({ ...trekker, trekkerType: "5", dob: yearsAgo(9) }).success).toBe(true);
  });
  it("free trekkers can not be Nepali; agencies can", () => {
    const nepali = { ...trekker, nationality: "524", ...guide };
    expect(errorsOf(fit.safeParse(nepali))).toEqual({ nationality: "Free individual trekkers can not choose Nepal as nationality" });
    expect(agency.safeParse(nepali).success).toBe(true);
  });
  it("drops visa details for India and Nepal and checks expiry after issue otherwise", () => {
    const r = agency.safeParse({ ...trekker, ...guide, nationality: "356", visaNumber: "V1" });
    expect(r.success && [r.data.visaNumber, r.data.visaIssueDate]).toEqual([null, null]);
    expect(errorsOf(fit.safeParse({ ...trekker, visaExpiryDate: shift(-20) }))).toEqual({
      visaExpiryDate: "Visa Expiry Date can not be less than Visa Issue Date",
    });
  });
  it("requires the guide from agencies only", () => {
    expect(errorsOf(agency.safeParse(trekker))).toEqual({
      guideName: "Guide Name field is required",
      guideLicense: "Guide ID field is required",
      guideContact: "Guide Contact field is required",
    });
    expect(errorsOf(agency.safeParse({ ...trekker, ...guide, guideContact: "98510" }))).toEqual({ guideContact: "Please enter 10 digit number" });
  });
  it("insurance needs the policy type", () => {
    expect(errorsOf(insuranceSchema.safeParse({ insuranceCompany: "X" }))).toEqual({ policyType: "Policy Type field is required" });
  });
  it("step 1 validates trek and trekker together", () => {
    expect(firstStepSchema({ userType: 1 }).safeParse({ ...trek, ...trekker }).success).toBe(true);
    expect(Object.keys(errorsOf(firstStepSchema({ userType: 1 }).safeParse({ ...trek, exitDate: shift(1), ...trekker, city: "" }))).sort()).toEqual([
      "city",
      "exitDate",
    ]);
  });
  it("passport label and ages", () => {
    expect(passportLabel(356)).toBe("Passport Number / Aadhaar number");
    expect(passportLabel(276)).toBe("Passport Number");
    expect(ageOn("2016-11-23", "2026-11-22")).toBe(9);
    expect(ageOn("2016-11-22", "2026-11-22")).toBe(10);
    expect(dobProblem("2016-11-22", 5, "2026-11-22")).toBe("Child's date of birth can not be greater than 9 years of age");
  });
});

describe("cross-field rules while other fields are still empty (blur validation)", () => {
  const issuesOf = (input: Record<string, unknown>) => {
    const result = firstStepSchema({ userType: 1 }).safeParse(input);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
  };

  it("exit before entry shows with only the two dates given", () => {
    const issues = issuesOf({ entryDate: "2099-01-10", exitDate: "2099-01-05" });
    expect(issues.exitDate).toBe("Trek Exit Date can not be less than Entry Date");
    expect(issues.fullName).toBeDefined();
  });

  it("the child and age rules show with only type and date of birth given", () => {
    const eightYearsAgo = `${Number(kathmanduDate().slice(0, 4)) - 8}${kathmanduDate().slice(4)}`;
    expect(issuesOf({ trekkerType: "3", dob: eightYearsAgo }).dob).toBe("Please select type Child for age below 10 years.");
    expect(issuesOf({ dob: "2999-01-01" }).dob).toBe("Date of birth can not be greater than today Date");
  });

  it("visa expiry before issue shows with only the nationality and the visa dates", () => {
    expect(issuesOf({ nationality: "276", visaIssueDate: "2024-05-01", visaExpiryDate: "2024-04-01" }).visaExpiryDate).toBe(
      "Visa Expiry Date can not be less than Visa Issue Date",
    );
  });

  it("a rule whose field is itself wrong stays quiet", () => {
    const issues = issuesOf({ entryDate: "", exitDate: "2099-01-05" });
    expect(issues.exitDate).toBeUndefined();
    expect(issues.entryDate).toMatch(/^Trek Entry Date/);
  });
});
