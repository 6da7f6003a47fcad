import { describe, expect, it } from "vitest";
import { addUserSchema } from "./add-user";
import { checkpostInfoSchema, disableUserSchema } from "./user-admin";
import { errorsOf, valueOf } from "./test-helpers";

const staff = { userType: "6", fullName: "Tashi Lama", email: "tashi@taan.test", password: "Valid#Pass1", confirmPassword: "Valid#Pass1" };
const place = { provinceId: "4", localGovernmentInfo: "Chame Rural Municipality", wardNo: "1", routeId: "3", checkpointId: "9" };

describe("addUserSchema", () => {
  it("accepts board and TAAN staff without a place", () => {
    expect(valueOf(addUserSchema, staff)).toMatchObject({ userType: 6, fullName: "Tashi Lama" });
    expect(valueOf(addUserSchema, { ...staff, userType: "4" }).userType).toBe(4);
  });

  it("requires the spec's fields", () => {
    expect(errorsOf(addUserSchema, {})).toEqual({
      userType: "User Type field is required",
      fullName: "Full Name field is required",
      email: "Email field is required",
      password: "Password field is required",
      confirmPassword: "Confirm Password field is required",
    });
  });

  it("refuses agency and trekker accounts (they register themselves)", () => {
    expect(errorsOf(addUserSchema, { ...staff, userType: "2" })).toEqual({ userType: "User Type field is required" });
    expect(errorsOf(addUserSchema, { ...staff, userType: "1" })).toEqual({ userType: "User Type field is required" });
  });

  it("requires province, local government, ward, route and checkpost for a checkpost", () => {
    expect(errorsOf(addUserSchema, { ...staff, userType: "5" })).toEqual({
      provinceId: "Province field is required",
      localGovernmentInfo: "Local Government Name field is required",
      wardNo: "Ward No field is required",
      routeId: "Route field is required",
      checkpointId: "Checkpost field is required",
    });
    expect(valueOf(addUserSchema, { ...staff, userType: "5", ...place })).toMatchObject({ routeId: 3, checkpointId: 9, wardNo: "1" });
  });

  it("reports the checkpost fields together with the others", () => {
    const errors = errorsOf(addUserSchema, { userType: "5", fullName: "Chame 2" });
    expect(errors.fullName).toBe("Only text allowed");
    expect(errors.routeId).toBe("Route field is required");
  });
});

describe("checkpostInfoSchema", () => {
  it("requires every field, with text-only names", () => {
    expect(errorsOf(checkpostInfoSchema, {})).toEqual({
      fullName: "Full Name field is required",
      provinceId: "Province field is required",
      localGovernmentInfo: "Local Government Name field is required",
      wardNo: "Ward No field is required",
      routeId: "Route field is required",
      checkpointId: "Checkpost field is required",
    });
    expect(errorsOf(checkpostInfoSchema, { fullName: "Post 7", ...place })).toEqual({ fullName: "Only text allowed" });
  });
});

describe("disableUserSchema", () => {
  it("requires a reason", () => {
    expect(errorsOf(disableUserSchema, { remarks: "  " })).toEqual({ remarks: "Reason field is required" });
    expect(valueOf(disableUserSchema, { remarks: "Left the board" })).toEqual({ remarks: "Left the board" });
  });
});
