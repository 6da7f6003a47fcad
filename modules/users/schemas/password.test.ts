import { describe, expect, it } from "vitest";
import { PASSWORD_MESSAGE } from "@lib/validation";
import {
  INVALID_TOKEN,
  INVALID_USER_ID,
  changeOwnPasswordSchema,
  changeUserPasswordSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  setPasswordSchema,
} from "./password";
import { errorsOf, valueOf } from "./test-helpers";

describe("forgotPasswordSchema", () => {
  it("requires a well-formed e-mail", () => {
    expect(errorsOf(forgotPasswordSchema, {})).toEqual({ email: "Email field is required" });
    expect(errorsOf(forgotPasswordSchema, { email: "x@y" })).toEqual({ email: "Please enter a correct email address" });
  });
});

describe("resetPasswordSchema", () => {
  const ok = { token: "abc.def", verify: "12", password: "Valid#Pass1", confirmPassword: "Valid#Pass1" };
  it("accepts a complete reset", () => {
    expect(valueOf(resetPasswordSchema, ok)).toMatchObject({ verify: "12" });
  });
  it("uses the spec's texts for a missing token or user id", () => {
    expect(errorsOf(resetPasswordSchema, { ...ok, token: "" })).toEqual({ token: INVALID_TOKEN });
    expect(errorsOf(resetPasswordSchema, { ...ok, verify: "" })).toEqual({ verify: INVALID_USER_ID });
    expect(errorsOf(resetPasswordSchema, { ...ok, verify: "1; drop" })).toEqual({ verify: INVALID_USER_ID });
    expect(INVALID_TOKEN).toBe("Invalid token! please refresh and try again");
    expect(INVALID_USER_ID).toBe("Invalid User Id! please refresh and try again");
  });
  it("checks the new password and its confirmation", () => {
    expect(errorsOf(resetPasswordSchema, { token: "t", verify: "1" })).toEqual({
      password: "New Password field is required",
      confirmPassword: "Confirm Password field is required",
    });
    expect(errorsOf(resetPasswordSchema, { ...ok, password: "short", confirmPassword: "short" })).toEqual({ password: PASSWORD_MESSAGE });
    expect(errorsOf(resetPasswordSchema, { ...ok, confirmPassword: "Valid#Pass2" })).toEqual({ confirmPassword: "Password don't match." });
  });
});

describe("changeOwnPasswordSchema", () => {
  it("requires current, new and confirm", () => {
    expect(errorsOf(changeOwnPasswordSchema, {})).toEqual({
      currentPassword: "Current Password field is required",
      newPassword: "New Password field is required",
      confirmPassword: "Confirm Password field is required",
    });
  });
  it("matches the confirmation against the new password", () => {
    expect(errorsOf(changeOwnPasswordSchema, { currentPassword: "x", newPassword: "Valid#Pass1", confirmPassword: "Valid#Pass9" })).toEqual({
      confirmPassword: "Password don't match.",
    });
  });
});

describe("setPasswordSchema and changeUserPasswordSchema", () => {
  it("require the password pair", () => {
    expect(errorsOf(setPasswordSchema, { password: "Valid#Pass1", confirmPassword: "nope" })).toEqual({ confirmPassword: "Password don't match." });
    expect(errorsOf(changeUserPasswordSchema, {})).toEqual({
      username: "Username field is required",
      password: "New Password field is required",
      confirmPassword: "Confirm Password field is required",
    });
    expect(valueOf(changeUserPasswordSchema, { username: "FIT@tims.test", password: "Valid#Pass1", confirmPassword: "Valid#Pass1" }).username).toBe(
      "fit@tims.test",
    );
  });
});
