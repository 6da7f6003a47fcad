import { describe, expect, it } from "vitest";
import { PASSWORD_MESSAGE } from "@lib/validation";
import { registerSchema } from "./register";
import { resendSchema } from "./login";
import { errorsOf, valueOf } from "./test-helpers";

const organization = {
  userType: "2",
  organizationName: "Himalayan Trails",
  panNumber: "301234567",
  contactPerson: "Pemba Sherpa",
  contactNo: "9851012345",
  contactAddress: "Thamel, Kathmandu",
  email: "Info@Trails.test",
  password: "Valid#Pass1",
  confirmPassword: "Valid#Pass1",
};
const individual = {
  userType: "1",
  fullName: "Anna Keller",
  countryId: "276",
  email: "anna@example.test",
  password: "Valid#Pass1",
  confirmPassword: "Valid#Pass1",
};

describe("registerSchema", () => {
  it("accepts an organisation and drops any posted country", () => {
    const value = valueOf(registerSchema, { ...organization, countryId: "356" });
    expect(value).toMatchObject({ userType: "2", email: "info@trails.test", panNumber: "301234567" });
    expect(value).not.toHaveProperty("countryId");
  });

  it("accepts an individual with a country", () => {
    expect(valueOf(registerSchema, individual)).toMatchObject({ userType: "1", fullName: "Anna Keller", countryId: 276 });
  });

  it("refuses any other user type", () => {
    for (const userType of ["", "4", "5", "6", "x"]) {
      expect(errorsOf(registerSchema, { ...individual, userType }).userType).toBe("User Type field is required");
    }
  });

  it("names every missing organisation field with the spec's text", () => {
    expect(errorsOf(registerSchema, { userType: "2" })).toEqual({
      organizationName: "Organization Name field is required",
      panNumber: "PAN Number field is required",
      contactPerson: "Contact Person field is required",
      contactNo: "Contact Number field is required",
      contactAddress: "Address field is required",
      email: "Email field is required",
      password: "Password field is required",
      confirmPassword: "Confirm Password field is required",
    });
  });

  it("names every missing individual field", () => {
    expect(errorsOf(registerSchema, { userType: "1", fullName: "   " })).toEqual({
      fullName: "Full Name field is required",
      countryId: "Country field is required",
      email: "Email field is required",
      password: "Password field is required",
      confirmPassword: "Confirm Password field is required",
    });
  });

  it("takes an organisation's name with digits, & and parentheses, in any script (issue 28)", () => {
    for (const organizationName of ["Himalayan Treks & Expeditions", "Trails 4 U (Pvt.) Ltd.", "हिमालयन ट्रेक्स एण्ड एक्सपेडिसन", "喜马拉雅 探险 2"]) {
      expect(errorsOf(registerSchema, { ...organization, organizationName }).organizationName, organizationName).toBeUndefined();
    }
    for (const organizationName of ["& Co", "Treks; DROP TABLE", "Trails @ Everest", "Treks <b>"]) {
      expect(errorsOf(registerSchema, { ...organization, organizationName }).organizationName, organizationName).toBe("Only text allowed");
    }
  });

  it("checks formats: text only, 9 and 10 digits, e-mail, password rules and match", () => {
    expect(
      errorsOf(registerSchema, {
        ...organization,
        organizationName: "Trails <4 U>",
        contactPerson: "P. Sherpa 2",
        panNumber: "12345678",
        contactNo: "98510123456",
        email: "not-an-email",
        password: "weakpass",
        confirmPassword: "other",
      }),
    ).toEqual({
      organizationName: "Only text allowed",
      contactPerson: "Only text allowed",
      panNumber: "Please enter 9 digit number",
      contactNo: "Please enter 10 digit number",
      email: "Please enter a correct email address",
      password: PASSWORD_MESSAGE,
      confirmPassword: "Password don't match.",
    });
  });

  it("reports a mismatch even while other fields fail", () => {
    expect(errorsOf(registerSchema, { userType: "1", password: "Valid#Pass1", confirmPassword: "Valid#Pass2" }).confirmPassword).toBe("Password don't match.");
  });
});

describe("resendSchema", () => {
  it("needs a well-formed e-mail", () => {
    expect(errorsOf(resendSchema, {})).toEqual({ email: "Email field is required" });
    expect(valueOf(resendSchema, { email: " A@B.test " })).toEqual({ email: "a@b.test" });
  });
});
