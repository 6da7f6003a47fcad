import { describe, expect, it } from "vitest";
import { accountNameSchema, changeEmailSchema } from "./account";
import { errorsOf, valueOf } from "./test-helpers";

describe("accountNameSchema", () => {
  it("requires letters and spaces", () => {
    expect(errorsOf(accountNameSchema, {})).toEqual({ fullName: "Full Name field is required" });
    expect(errorsOf(accountNameSchema, { fullName: "R2D2" })).toEqual({ fullName: "Only text allowed" });
    expect(valueOf(accountNameSchema, { fullName: " Anna Keller " })).toEqual({ fullName: "Anna Keller" });
  });
});

describe("changeEmailSchema", () => {
  it("requires both boxes", () => {
    expect(errorsOf(changeEmailSchema, {})).toEqual({ email: "New Email field is required", confirmEmail: "Confirm Email field is required" });
  });
  it('says "Email don\'t match." and ignores case', () => {
    expect(errorsOf(changeEmailSchema, { email: "a@b.test", confirmEmail: "c@b.test" })).toEqual({ confirmEmail: "Email don't match." });
    expect(valueOf(changeEmailSchema, { email: "New@B.test", confirmEmail: "new@b.TEST" }).email).toBe("new@b.test");
  });
  it("checks the address format", () => {
    expect(errorsOf(changeEmailSchema, { email: "nope", confirmEmail: "nope" })).toEqual({ email: "Please enter a correct email address" });
  });
});
